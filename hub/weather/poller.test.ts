// The sensor poller against the emulator's weather unit, through the real transaction layer.
import { afterEach, describe, expect, it } from 'vitest'
import { RelayBoardEmulator } from '../../firmware-protocol/emulator'
import { parseWeatherFile } from '../../firmware-protocol/weather-file'
import { EmulatorLink } from '../bus/link-emulator'
import { Transport } from '../bus/transport'
import { SensorPoller, type PolledSensor } from './poller'

const quiet = { info() {}, warn() {} }
let stops: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const stop of stops.reverse()) await stop()
  stops = []
})

const script = parseWeatherFile(
  JSON.stringify([{ atS: 0, wind: 12.3, rain: 1, temperatureC: -4.5 }]),
  'test.json',
)

async function setUp() {
  const emulator = new RelayBoardEmulator({ weather: { unit: 10, script } })
  const transport = new Transport({
    link: new EmulatorLink(emulator),
    baud: 9600,
    parity: 'none',
    log: quiet,
  })
  await transport.start()
  stops.push(
    () => transport.stop(),
    () => emulator.stop(),
  )
  const readings: { id: string; value: number }[] = []
  const failures: { id: string; error: string }[] = []
  const poller = new SensorPoller({
    read: (r) => transport.read(r),
    reading: (id, value) => readings.push({ id, value }),
    failed: (id, error) => failures.push({ id, error }),
    now: Date.now,
  })
  stops.push(() => poller.stop())
  return { emulator, poller, readings, failures }
}

function sensor(id: string, register: number, scale: number, signed = false): PolledSensor {
  return {
    id,
    name: id,
    kind: 'WIND',
    pollMs: 500,
    source: { kind: 'BUS', unit: 10, function: 3, register, scale, signed },
  }
}

describe('the sensor poller', () => {
  it('reads each sensor at its interval and scales its register, signed where set', async () => {
    const { poller, readings } = await setUp()
    poller.follow([sensor('wind', 0, 0.1), sensor('temperature', 2, 0.1, true)])
    await expect
      .poll(() => readings.filter((r) => r.id === 'wind').length)
      .toBeGreaterThanOrEqual(2)
    expect(readings.find((r) => r.id === 'wind')?.value).toBe(12.3)
    expect(readings.find((r) => r.id === 'temperature')?.value).toBe(-4.5)
  })

  it('reports a silent sensor and a refused register as failures, and keeps polling', async () => {
    const { emulator, poller, failures, readings } = await setUp()
    poller.follow([sensor('wind', 0, 0.1), sensor('nothing', 7, 1)])
    emulator.setFault({ kind: 'no-answer' }, 10)
    // After an unanswered read the next waits out two response times of quiet (Transport).
    await expect
      .poll(() => failures.filter((f) => f.id === 'wind').length, { timeout: 5000 })
      .toBeGreaterThanOrEqual(2)
    expect(failures.find((f) => f.id === 'wind')?.error).toMatch(/unit 10 did not answer/)
    emulator.setFault({ kind: 'none' }, 10)
    await expect
      .poll(() => readings.filter((r) => r.id === 'wind').length, { timeout: 5000 })
      .toBeGreaterThanOrEqual(1)
    await expect
      .poll(() => failures.findLast((f) => f.id === 'nothing')?.error, { timeout: 5000 })
      .toMatch(/illegal data address/i)
  })

  it('stops reading a sensor it no longer follows', async () => {
    const { poller, readings } = await setUp()
    poller.follow([sensor('wind', 0, 0.1)])
    await expect.poll(() => readings.length).toBeGreaterThanOrEqual(1)
    poller.follow([])
    const count = readings.length
    await new Promise((r) => setTimeout(r, 1200))
    expect(readings.length).toBe(count)
  })
})
