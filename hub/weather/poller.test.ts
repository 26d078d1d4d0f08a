// The sensor poller against the emulator's weather unit, through the real transaction layer: the
// requests it writes are the ones the emulator's link records.
import { afterEach, describe, expect, it } from 'vitest'
import { RelayBoardEmulator } from '../../firmware-protocol/emulator'
import type { ReadRegistersRequest, Request, Response } from '../../firmware-protocol/rtu'
import { parseWeatherFile } from '../../firmware-protocol/weather-file'
import { RecordingLink } from '../../tests/helpers/recording-link'
import { Transport } from '../bus/transport'
import { SensorPoller, type PolledSensor } from './poller'
import { quietPeriod } from '../../tests/helpers/quiet'

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

function pollerOn(read: (request: Request) => Promise<Response>) {
  const readings: { id: string; value: number }[] = []
  const failures: { id: string; error: string }[] = []
  const poller = new SensorPoller({
    read,
    reading: (id, value) => readings.push({ id, value }),
    failed: (id, error) => failures.push({ id, error }),
    now: Date.now,
  })
  stops.push(() => poller.stop())
  const count = (id: string) => readings.filter((r) => r.id === id).length
  return { poller, readings, failures, count }
}

async function setUp() {
  const emulator = new RelayBoardEmulator({ weather: { unit: 10, script } })
  const link = new RecordingLink(emulator)
  const transport = new Transport({ link, baud: 9600, parity: 'none', log: quiet })
  await transport.start()
  stops.push(
    () => transport.stop(),
    () => emulator.stop(),
  )
  // The hub's own frames at its start (asking whether the boards answer) are not the poller's.
  const sensorReads = () =>
    link.requests.filter((r): r is ReadRegistersRequest => r.fn === 3 || r.fn === 4)
  return { emulator, sensorReads, ...pollerOn((r) => transport.read(r)) }
}

function sensor(
  id: string,
  register: number,
  scale: number,
  more: { signed?: boolean; pollMs?: number; unit?: number; function?: 3 | 4 } = {},
): PolledSensor {
  const { signed = false, pollMs = 500, unit = 10, function: fn = 3 } = more
  return {
    id,
    name: id,
    kind: 'WIND',
    pollMs,
    source: { kind: 'BUS', unit, function: fn, register, scale, signed },
  }
}

describe('the sensor poller', () => {
  it('reads each sensor at its interval and scales its register, signed where set', async () => {
    const { poller, readings, count } = await setUp()
    poller.follow([sensor('wind', 0, 0.1), sensor('temperature', 2, 0.1, { signed: true })])
    await expect.poll(() => count('wind')).toBeGreaterThanOrEqual(2)
    expect(readings.find((r) => r.id === 'wind')?.value).toBe(12.3)
    expect(readings.find((r) => r.id === 'temperature')?.value).toBe(-4.5)
  })

  it('reads three sensors on registers 0 to 2 of one unit by one request of three registers per poll', async () => {
    const { poller, readings, count, sensorReads } = await setUp()
    const fast = { pollMs: 100 }
    poller.follow([
      sensor('temperature', 2, 0.1, { ...fast, signed: true }),
      sensor('wind', 0, 0.1, fast),
      sensor('rain', 1, 1, fast),
      // The same register as the wind, in its raw tenths: one block all the same.
      sensor('wind-tenths', 0, 1, fast),
    ])
    await expect.poll(() => count('temperature'), { timeout: 5000 }).toBeGreaterThanOrEqual(5)
    poller.stop()
    const reads = sensorReads()
    expect(new Set(reads.map((r) => JSON.stringify(r)))).toEqual(
      new Set([JSON.stringify({ unit: 10, fn: 3, address: 0, quantity: 3 })]),
    )
    // One request per poll, each handing every sensor its own register (one may still be out).
    expect(reads.length - count('temperature')).toBeLessThanOrEqual(1)
    for (const id of ['wind', 'rain', 'wind-tenths']) expect(count(id)).toBe(count('temperature'))
    const values = (id: string) => new Set(readings.filter((r) => r.id === id).map((r) => r.value))
    expect(values('wind')).toEqual(new Set([12.3]))
    expect(values('wind-tenths')).toEqual(new Set([123]))
    expect(values('rain')).toEqual(new Set([1]))
    expect(values('temperature')).toEqual(new Set([-4.5]))
  })

  it('reads a register 40 away, another function and another unit by requests of their own', async () => {
    const { poller, readings, failures, sensorReads } = await setUp()
    const fast = { pollMs: 100 }
    poller.follow([
      sensor('wind', 0, 0.1, fast),
      sensor('far', 40, 1, fast),
      sensor('rain-by-4', 1, 1, { ...fast, function: 4 }),
      // A relay unit: it has no registers, and answers so.
      sensor('relay-unit', 2, 1, { ...fast, unit: 1 }),
    ])
    await expect
      .poll(() => failures.filter((f) => f.id === 'relay-unit').length, { timeout: 5000 })
      .toBeGreaterThanOrEqual(2)
    await expect
      .poll(() => failures.filter((f) => f.id === 'far').length, { timeout: 5000 })
      .toBeGreaterThanOrEqual(2)
    poller.stop()
    const shapes = new Set(sensorReads().map((r) => JSON.stringify(r)))
    expect(shapes).toEqual(
      new Set(
        [
          { unit: 10, fn: 3, address: 0, quantity: 1 },
          { unit: 10, fn: 3, address: 40, quantity: 1 },
          { unit: 10, fn: 4, address: 1, quantity: 1 },
          { unit: 1, fn: 3, address: 2, quantity: 1 },
        ].map((r) => JSON.stringify(r)),
      ),
    )
    // Each block's outcome is its own: the refused ones fail, the others read.
    expect(readings.find((r) => r.id === 'wind')?.value).toBe(12.3)
    expect(readings.find((r) => r.id === 'rain-by-4')?.value).toBe(1)
    expect(failures.find((f) => f.id === 'far')?.error).toMatch(/illegal data address/i)
    expect(failures.some((f) => f.id === 'wind' || f.id === 'rain-by-4')).toBe(false)
  })

  it('reads each sensor of a block at its own poll, the block as often as its fastest', async () => {
    const { poller, count, sensorReads } = await setUp()
    poller.follow([
      sensor('wind', 0, 0.1, { pollMs: 50 }),
      sensor('temperature', 2, 0.1, { pollMs: 400, signed: true }),
    ])
    await expect.poll(() => count('temperature'), { timeout: 5000 }).toBeGreaterThanOrEqual(3)
    poller.stop()
    // Eight times as fast; the test allows a loaded machine's slower reads half of that.
    expect(count('wind')).toBeGreaterThanOrEqual(4 * (count('temperature') - 1))
    const reads = sensorReads()
    expect(reads.every((r) => r.address === 0 && r.quantity === 3)).toBe(true)
    // The temperature rides along with the wind's reads, as good as never a frame of its own.
    expect(reads.length).toBeLessThanOrEqual(count('wind') + count('temperature'))
    expect(reads.length).toBeGreaterThanOrEqual(count('wind'))
  })

  it('reports a silent sensor and a refused register as failures, and keeps polling', async () => {
    const { emulator, poller, failures, count } = await setUp()
    poller.follow([sensor('wind', 0, 0.1), sensor('nothing', 40, 1)])
    emulator.setFault({ kind: 'no-answer' }, 10)
    // After an unanswered read the next waits out two response times of quiet (Transport).
    await expect
      .poll(() => failures.filter((f) => f.id === 'wind').length, { timeout: 5000 })
      .toBeGreaterThanOrEqual(2)
    expect(failures.find((f) => f.id === 'wind')?.error).toMatch(/unit 10 did not answer/)
    emulator.setFault({ kind: 'none' }, 10)
    await expect.poll(() => count('wind'), { timeout: 5000 }).toBeGreaterThanOrEqual(1)
    await expect
      .poll(() => failures.findLast((f) => f.id === 'nothing')?.error, { timeout: 5000 })
      .toMatch(/illegal data address/i)
  })

  it('fails every due sensor of a block whose answer has another count of registers', async () => {
    const { poller, readings, failures } = pollerOn(async () => ({
      unit: 10,
      fn: 3,
      registers: [123, 1],
    }))
    poller.follow([sensor('wind', 0, 0.1), sensor('rain', 1, 1), sensor('temperature', 2, 0.1)])
    await expect.poll(() => failures.length).toBe(3)
    expect(failures.map((f) => f.id).sort()).toEqual(['rain', 'temperature', 'wind'])
    expect(failures[0]?.error).toBe('unit 10 answered something other than registers 0-2')
    expect(readings).toEqual([])
  })

  it('hands a read begun before follow() to nobody', async () => {
    let answer: (response: Response) => void = () => {}
    let asked = 0
    const { poller, readings, failures } = pollerOn(
      () =>
        new Promise((resolve) => {
          asked++
          answer = resolve
        }),
    )
    poller.follow([sensor('wind', 0, 0.1)])
    await expect.poll(() => asked).toBe(1)
    poller.follow([sensor('wind', 5, 0.1)])
    answer({ unit: 10, fn: 3, registers: [123] })
    await expect.poll(() => asked).toBe(2)
    expect(readings).toEqual([])
    expect(failures).toEqual([])
  })

  it('stops reading a sensor it no longer follows', async () => {
    const { poller, readings } = await setUp()
    poller.follow([sensor('wind', 0, 0.1)])
    await expect.poll(() => readings.length).toBeGreaterThanOrEqual(1)
    poller.follow([])
    const count = readings.length
    await quietPeriod(1200, 'no more reads of a sensor no longer followed')
    expect(readings.length).toBe(count)
  })
})
