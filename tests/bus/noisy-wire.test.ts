// The bus never mistakes one answer for another (ARCHITECTURE.md section 18) on the real
// serialport code over a pseudo-terminal pair, with the emulator's seeded line noise on its
// answers and a CPU-bound task blocking this process's event loop at random moments (the hub's
// and the board's: both live here, as in the browser tests whose weather failed). The probe
// unit's registers carry their number and the read's, so a mistaken value shows at once; and a
// whole hub reading a calm, dry, mild day through the same noise raises no alarm.
import { afterEach, describe, expect, it } from 'vitest'
import type { Noise } from '../../firmware-protocol/emulator'
import { fromProbeWord } from '../../firmware-protocol/emulator-probe'
import { seedFrom } from '../../firmware-protocol/seeded-random'
import type { WeatherScript } from '../../firmware-protocol/weather-script'
import { SerialLink } from '../../hub/bus/link-serial'
import { Transport } from '../../hub/bus/transport'
import { createBlind } from '../helpers/hub'
import { startHubOnWire, type HubOnWire } from '../helpers/hub-on-wire'
import { blockLoopAtRandom } from '../helpers/loop-blocker'
import { startBoardProcess } from '../helpers/board-process'
import { BAUD, startWire } from '../helpers/pty'
import { waitFor } from './polling'

const PROBE = 20
const SEED = seedFrom(process.env.LAMELLA_SEED)
/** As `lamella emulator --fault noisy:SEED` has it. */
const NOISE: Omit<Noise, 'seed'> = { late: 0.2, garbled: 0.05, stray: 0.05, split: 0.05 }
const quiet = { info() {}, warn() {} }
const READS = 50

let cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const c of cleanups.reverse()) await c()
  cleanups = []
})

/** The hub's end of the wire, counting the requests written: the probe numbers its reads alike. */
class CountingLink extends SerialLink {
  written = 0

  override async write(bytes: Uint8Array): Promise<void> {
    this.written++
    return super.write(bytes)
  }
}

describe(`reads over a pseudo-terminal through line noise and a blocked event loop (seed ${SEED})`, () => {
  it('takes no value from the wrong register or the wrong read, and counts the strays', async () => {
    const wire = await startWire()
    cleanups.push(() => wire.close())
    // The board is a process of its own, as a sensor is a device of its own: the blocked loop
    // is the hub's alone.
    const board = await startBoardProcess(wire, [], {
      args: ['--fault', `noisy:${SEED}`, '--probe-unit', String(PROBE)],
    })
    cleanups.push(() => board.close())
    const link = new CountingLink({ path: wire.hubPath, baud: BAUD, parity: 'none' })
    const t = new Transport({ link, baud: BAUD, parity: 'none', log: quiet })
    await t.start()
    cleanups.push(() => t.stop())
    const blocker = blockLoopAtRandom(SEED)
    cleanups.push(() => blocker.stop())

    const mistaken: string[] = []
    let right = 0
    let lost = 0
    // Three blocks of one unit, read in turn, as a poller reads its blocks.
    const blocks = [
      { address: 0, quantity: 3 },
      { address: 20, quantity: 3 },
      { address: 40, quantity: 1 },
    ]
    for (let i = 0; i < READS; i++) {
      const { address, quantity } = blocks[i % blocks.length]!
      try {
        const answer = await t.read({ unit: PROBE, fn: 0x03, address, quantity })
        if (!('registers' in answer)) throw new Error('no registers')
        const want = link.written & 0xff
        const words = answer.registers.map(fromProbeWord)
        const wrong = words.find((w, k) => w.register !== address + k || w.read !== want)
        if (wrong) {
          mistaken.push(
            `read ${i}: register ${wrong.register} of read ${wrong.read}, wanted ${address} of ${want}`,
          )
        } else right++
      } catch {
        lost++
      }
    }
    blocker.stop()
    expect(mistaken).toEqual([])
    expect(blocker.blocks).toBeGreaterThan(10)
    expect(right).toBeGreaterThan(READS / 2)
    expect(right + lost).toBe(READS)
    expect(t.strayFrames).toBeGreaterThan(0)
  }, 120_000)
})

describe(`a hub reading a calm, dry, mild day through line noise (seed ${SEED})`, () => {
  let rig: HubOnWire

  it('raises no rain or frost alarm, and reads each sensor from its own register', async () => {
    const script: WeatherScript = {
      name: 'calm',
      at: () => ({ wind: 2.5, rain: 0, temperatureC: 11, step: 'calm' }),
      nextStepAfter: () => null,
    }
    rig = await startHubOnWire({ deadTimeMs: 200 }, {}, { weather: { script } })
    cleanups.push(() => rig.close())
    const { t, board } = rig
    board.emulator.setFault({ kind: 'noisy', noise: { seed: SEED, ...NOISE } }, 10)
    const sensor = (name: string, kind: string, register: number, scale: number, signed = false) =>
      t.gql(
        `mutation($input: WeatherSensorInput!) { weatherSensorCreate(input: $input) { id } }`,
        {
          input: {
            name,
            kind,
            unit: 10,
            function: 3,
            register,
            scale,
            signed,
            pollMs: 500,
          },
        },
        t.adminToken,
      )
    for (const r of [
      await sensor('Wind', 'WIND', 0, 0.1),
      await sensor('Rain', 'RAIN', 1, 1),
      await sensor('Thermometer', 'TEMPERATURE', 2, 0.1, true),
    ]) {
      expect(r.errors).toBeUndefined()
    }
    const id = await createBlind(t, 'Terrace', '1:0', '1:1', 3000)
    const update = await t.gql(
      `mutation($id: ID!, $input: BlindInput!) { blindUpdate(id: $id, input: $input) { id } }`,
      {
        id,
        input: {
          name: 'Terrace',
          blindAddressUp: '1:0',
          blindAddressDown: '1:1',
          travelTimeMs: 3000,
          windLimit: 10,
          rainProtect: true,
          frostProtect: true,
        },
      },
      t.adminToken,
    )
    expect(update.errors).toBeUndefined()
    const blocker = blockLoopAtRandom(SEED)
    cleanups.push(() => blocker.stop())
    const weather = async () =>
      (
        await t.gql<{
          weather: {
            raining: boolean | null
            temperature: number | null
            wind: number | null
            alarms: { kind: string }[]
          }
        }>('{ weather { raining temperature wind alarms { kind } } }', {}, t.adminToken)
      ).data!.weather
    const seen = new Set<string>()
    const wrong: string[] = []
    // 40 polls of the three sensors (20 s), looked at as they go.
    const until = Date.now() + 20_000
    await waitFor(
      'twenty seconds of readings',
      async () => {
        const w = await weather()
        for (const a of w.alarms) seen.add(a.kind)
        if (w.raining === true) wrong.push('raining')
        if (w.temperature !== null && w.temperature !== 11) wrong.push(`${w.temperature} °C`)
        if (w.wind !== null && w.wind !== 2.5) wrong.push(`${w.wind} m/s`)
        return Date.now() > until
      },
      25_000,
      250,
    )
    blocker.stop()
    expect(wrong).toEqual([])
    expect(seen).toEqual(new Set())
    const w = await weather()
    expect(w).toMatchObject({ raining: false, temperature: 11, wind: 2.5 })
    const status = await t.gql<{ hubStatus: { bus: { strayFrames: number } } }>(
      '{ hubStatus { bus { strayFrames } } }',
      {},
      t.adminToken,
    )
    expect(status.data!.hubStatus.bus.strayFrames).toBeGreaterThanOrEqual(0)
  }, 90_000)
})
