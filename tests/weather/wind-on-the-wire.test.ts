// Weather protection on a real wire: the hub reads an anemometer, a rain and a temperature
// sensor at unit 10 of the emulated board over the real serialport code on a pseudo-terminal
// pair, and its relay frames are what the board records (ARCHITECTURE.md section 13). The
// weather is a script the test changes as it goes.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WeatherSample, WeatherScript } from '../../firmware-protocol/weather-script'
import { createBlind, startHub, type TestHub } from '../helpers/hub'
import { bothOnAtOnce, startBoard, startWire, type Board, type Wire } from '../helpers/pty'
import { quietPeriod } from '../helpers/quiet'
import { until as poll } from '../bus/polling'

/** A wind sensor silent this long is an alarm (60 s in the hub; less here). */
const SILENCE_MS = 4000

const live: { sample: WeatherSample } = {
  sample: { wind: 3, rain: 0, temperatureC: 12, step: 'live' },
}
const script: WeatherScript = {
  name: 'live',
  at: () => live.sample,
  nextStepAfter: () => null,
}

const SENSOR = `mutation($input: WeatherSensorInput!) {
  weatherSensorCreate(input: $input) { id name kind online value } }`
const UPDATE = `mutation($id: ID!, $input: BlindInput!) { blindUpdate(id: $id, input: $input) {
  id windLimit rainProtect frostProtect safetyPosition } }`
const MOVE = 'mutation($ids: [ID!]!, $d: Direction!) { blindMove(ids: $ids, direction: $d) { id } }'
const SET = 'mutation($ids: [ID!]!, $p: Int) { blindSetPosition(ids: $ids, position: $p) { id } }'
const BLIND = `query($id: ID!) { blind(id: $id) { position motion
  weatherLock { kind since releaseAt reason kinds value limit sensorState } } }`
const WEATHER = `{ weather { wind gust raining temperature
  alarms { kind since releaseAt peak blindIds } sensors { name online value } } }`
const AUTOMATION = `mutation($input: AutomationInput!) { automationCreate(input: $input) { id } }`
const RUN = 'mutation($id: ID!) { automationRun(id: $id) { id } }'
const RUNS = `query($id: ID) { automationRuns(automationId: $id) {
  status error skipped { sceneIndex blindId reason } } }`

interface Lock {
  kind: string
  since: string
  releaseAt: string | null
  reason: string
  kinds: string[]
  value: number | null
  limit: number | null
  sensorState: string | null
}

/** The hub's answers polled every 100 ms, up to 10 s by default. */
const until = <T>(what: string, read: () => Promise<T | undefined | false>, ms = 10_000) =>
  poll(what, read, ms, 100)

describe('weather protection on a wire with a scripted anemometer', () => {
  let wire: Wire
  let board: Board
  let t: TestHub
  let terrace: string
  let awning: string
  let kitchen: string

  // The test's own folder: the database outlives a hub's close, for the restart.
  const folder = mkdtempSync(join(tmpdir(), 'lamella-weather-'))
  const start = () =>
    startHub({
      config: { serial: wire.hubPath, deadTimeMs: 200 },
      weatherSilenceMs: SILENCE_MS,
      dbPath: join(folder, 'lamella.db'),
    })
  const blind = async (id: string) => {
    const r = await t.gql<{
      blind: { position: number | null; motion: string; weatherLock: Lock | null }
    }>(BLIND, { id }, t.adminToken)
    if (!r.data?.blind) throw new Error(JSON.stringify(r.errors))
    return r.data.blind
  }
  const relayOn = (unit: number, coil: number) => board.emulator.coil(unit, coil)

  beforeAll(async () => {
    wire = await startWire()
    board = await startBoard(wire, { weather: { script } })
    t = await start()
    terrace = await createBlind(t, 'Terrace', '1:0', '1:1', 3000)
    awning = await createBlind(t, 'Awning', '1:2', '1:3', 3000)
    kitchen = await createBlind(t, 'Kitchen', '1:4', '1:5', 3000)
    for (const [id, input] of [
      [terrace, { windLimit: 10 }],
      [awning, { windLimit: 12, rainProtect: true, frostProtect: true, safetyPosition: 100 }],
    ] as const) {
      const res = await t.gql(UPDATE, { id, input }, t.adminToken)
      expect(res.errors).toBeUndefined()
    }
    for (const [name, kind, register, scale, signed] of [
      ['Anemometer', 'WIND', 0, 0.1, false],
      ['Rain', 'RAIN', 1, 1, false],
      ['Thermometer', 'TEMPERATURE', 2, 0.1, true],
    ] as const) {
      const res = await t.gql(
        SENSOR,
        { input: { name, kind, unit: 10, function: 3, register, scale, signed, pollMs: 500 } },
        t.adminToken,
      )
      expect(res.errors).toBeUndefined()
    }
    // Every blind down and still before the weather turns.
    await until(
      'the wind sensor’s first reading',
      async () => (await blind(terrace)).weatherLock === null,
    )
    expect(
      (await t.gql(MOVE, { ids: [terrace, awning, kitchen], d: 'DOWN' }, t.adminToken)).errors,
    ).toBeUndefined()
    await until('every blind down', async () => {
      for (const id of [terrace, awning, kitchen])
        if ((await blind(id)).position !== 0) return false
      return true
    })
  }, 60_000)

  afterAll(async () => {
    await t?.close()
    await board?.close()
    await wire?.close()
    rmSync(folder, { recursive: true, force: true })
  })

  it('reads the sensors on the bus and says so', async () => {
    const res = await t.gql<{ weather: Record<string, unknown> }>(WEATHER, {}, t.adminToken)
    expect(res.data!.weather).toMatchObject({
      wind: 3,
      raining: false,
      temperature: 12,
      alarms: [],
      sensors: [
        { name: 'Anemometer', online: true, value: 3 },
        { name: 'Rain', online: true, value: 0 },
        { name: 'Thermometer', online: true, value: 12 },
      ],
    })
  })

  it('raises only the wind-protected blinds within 3 s of a gust, and locks them', async () => {
    board.emulator.record.splice(0)
    const gustAt = Date.now()
    live.sample = { ...live.sample, wind: 14.2 }
    await until('the terrace’s up relay', async () => relayOn(1, 0), 5000)
    const firstFrame = Date.now() - gustAt
    expect(firstFrame).toBeLessThan(3000)
    await until('the awning’s up relay', async () => relayOn(1, 2), 1000)
    // The kitchen is not protected: its relays never went on.
    expect(
      board.emulator.record.filter((c) => c.unit === 1 && (c.coil === 4 || c.coil === 5) && c.on),
    ).toEqual([])
    const lock = (await blind(terrace)).weatherLock
    expect(lock).toMatchObject({ kind: 'WIND', releaseAt: null, kinds: ['WIND'] })
    expect(lock!.reason).toMatch(/wind 14\.2 m\/s over the limit of 10 m\/s/)
    // The same figures for a client to word in its own language.
    expect(lock).toMatchObject({ value: 14.2, limit: 10, sensorState: null })
    const weather = (
      await t.gql<{ weather: { alarms: Record<string, unknown>[] } }>(WEATHER, {}, t.adminToken)
    ).data!.weather
    expect(weather.alarms).toEqual([
      expect.objectContaining({
        kind: 'WIND',
        peak: 14.2,
        blindIds: [awning, terrace].sort(),
        releaseAt: null,
      }),
    ])
    await until(
      'both raised',
      async () => (await blind(terrace)).position === 100 && (await blind(awning)).position === 100,
      10_000,
    )
  })

  it('refuses every command that takes a locked blind away from safety, naming why, and moves nothing', async () => {
    board.emulator.record.splice(0)
    const down = await t.gql(MOVE, { ids: [terrace], d: 'DOWN' }, t.adminToken)
    expect(down.errors?.[0]?.extensions).toMatchObject({
      code: 423,
      reason: 'WEATHER_LOCKED',
      blind: terrace,
      alarm: 'WIND',
      value: 14.2,
      limit: 10,
    })
    expect(down.errors?.[0]?.message).toMatch(
      /^Terrace may only go to its safety position \(100 % open\): wind alarm, wind 14\.2 m\/s over the limit of 10 m\/s/,
    )
    const half = await t.gql(SET, { ids: [awning], p: 50 }, t.adminToken)
    expect(half.errors?.[0]?.extensions.code).toBe(423)
    // Towards safety is allowed, and an unprotected blind moves as ever.
    expect((await t.gql(MOVE, { ids: [terrace], d: 'UP' }, t.adminToken)).errors).toBeUndefined()
    expect((await t.gql(MOVE, { ids: [kitchen], d: 'UP' }, t.adminToken)).errors).toBeUndefined()
    await quietPeriod(300, 'no down relay of a locked blind goes on')
    const downs = board.emulator.record.filter(
      (c) => c.on && c.unit === 1 && (c.coil === 1 || c.coil === 3),
    )
    expect(downs).toEqual([])
    expect(relayOn(1, 4)).toBe(true)
  })

  it('runs an automation on without the locked blind, recording it as skipped with the reason', async () => {
    board.emulator.record.splice(0)
    const made = await t.gql<{ automationCreate: { id: string } }>(
      AUTOMATION,
      {
        input: {
          name: 'Evening',
          trigger: { type: 'MANUAL' },
          scene: [
            { name: 'Down', type: 'BLIND_CONTROL', duration: 500, blindAddresses: ['1:1', '1:5'] },
            { name: 'Half', type: 'POSITION', blindIds: [awning, kitchen], position: 50 },
          ],
        },
      },
      t.adminToken,
    )
    expect(made.errors).toBeUndefined()
    const id = made.data!.automationCreate.id
    expect((await t.gql(RUN, { id }, t.adminToken)).errors).toBeUndefined()
    const run = await until(
      'the run to end',
      async () => {
        const runs = (
          await t.gql<{
            automationRuns: {
              status: string
              error: string | null
              skipped: { sceneIndex: number; blindId: string; reason: string }[]
            }[]
          }>(RUNS, { id }, t.adminToken)
        ).data!.automationRuns
        return runs[0]?.status !== 'RUNNING' && runs[0]
      },
      20_000,
    )
    expect(run).toMatchObject({
      status: 'SUCCEEDED',
      error: null,
      skipped: [
        {
          sceneIndex: 0,
          blindId: terrace,
          reason: expect.stringMatching(/^Terrace may only go to its safety position/),
        },
        {
          sceneIndex: 1,
          blindId: awning,
          reason: expect.stringMatching(/^Awning may only go to its safety position/),
        },
      ],
    })
    // The kitchen went down, then to half; the locked blinds' down relays never went on.
    expect(board.emulator.record.some((c) => c.on && c.unit === 1 && c.coil === 5)).toBe(true)
    expect(
      board.emulator.record.filter((c) => c.on && c.unit === 1 && (c.coil === 1 || c.coil === 3)),
    ).toEqual([])
  })

  it('keeps the lock through calm shorter than the release time, and says when it may lift', async () => {
    const calmFrom = Date.now()
    live.sample = { ...live.sample, wind: 2 }
    const releasing = await until('a release time', async () => {
      const lock = (await blind(terrace)).weatherLock
      return lock?.releaseAt ?? undefined
    })
    // 10 minutes of calm by default, counted from the first calm reading.
    const releaseAt = Date.parse(releasing)
    expect(releaseAt - calmFrom).toBeGreaterThan(9 * 60_000)
    expect(releaseAt - calmFrom).toBeLessThan(11 * 60_000)
    await quietPeriod(2000, 'the calm does not release the lock before its time')
    expect((await blind(terrace)).weatherLock?.kind).toBe('WIND')
    expect(
      (await t.gql(MOVE, { ids: [terrace], d: 'DOWN' }, t.adminToken)).errors?.[0]?.extensions.code,
    ).toBe(423)
  })

  it('keeps the blinds locked across a restart and moves nothing at the start', async () => {
    await t.close()
    board.emulator.record.splice(0)
    t = await start()
    // The start's all-off, and nothing switched on.
    await quietPeriod(1500, 'the start switches nothing on')
    expect(board.emulator.record.filter((c) => c.on)).toEqual([])
    expect((await blind(terrace)).weatherLock?.kind).toBe('WIND')
    const down = await t.gql(MOVE, { ids: [awning], d: 'DOWN' }, t.adminToken)
    expect(down.errors?.[0]?.extensions).toMatchObject({ code: 423, blind: awning })
  }, 30_000)

  it('freezes a frost-protected blind where it stands: below 2 °C after rain, not even to safety', async () => {
    live.sample = { ...live.sample, wind: 2, rain: 1, temperatureC: -3 }
    const lock = await until('frost', async () => {
      const l = (await blind(awning)).weatherLock
      return l?.kind === 'FROST' && l
    })
    expect(lock.kinds).toEqual(expect.arrayContaining(['FROST', 'RAIN', 'WIND']))
    board.emulator.record.splice(0)
    const up = await t.gql(MOVE, { ids: [awning], d: 'UP' }, t.adminToken)
    expect(up.errors?.[0]?.extensions).toMatchObject({
      code: 423,
      reason: 'WEATHER_FROZEN',
      alarm: 'FROST',
    })
    expect(up.errors?.[0]?.message).toMatch(/^Awning is held where it stands: frost/)
    await quietPeriod(300, 'the refused moves switch nothing on')
    expect(board.emulator.record.filter((c) => c.on)).toEqual([])
    live.sample = { ...live.sample, wind: 2, rain: 0, temperatureC: 12 }
  })

  it('trips the fail-safe for every wind-protected blind when the wind sensor falls silent', async () => {
    // The anemometer now reads a register the unit does not have: every read fails.
    const sensors = (
      await t.gql<{ weather: { sensors: { name: string }[] } }>(
        '{ weather { sensors { id name } } }',
        {},
        t.adminToken,
      )
    ).data!.weather.sensors as unknown as { id: string; name: string }[]
    const anemometer = sensors.find((s) => s.name === 'Anemometer')!
    const res = await t.gql(
      'mutation($id: ID!, $input: WeatherSensorInput!) { weatherSensorUpdate(id: $id, input: $input) { id online } }',
      {
        id: anemometer.id,
        input: { name: 'Anemometer', kind: 'WIND', unit: 10, register: 9, scale: 0.1, pollMs: 500 },
      },
      t.adminToken,
    )
    expect(res.errors).toBeUndefined()
    const lock = await until(
      'the sensor alarm',
      async () => {
        const l = (await blind(terrace)).weatherLock
        return l?.kinds.includes('SENSOR') && l
      },
      SILENCE_MS + 5000,
    )
    // Wind still holds it too (not calm long enough), and weighs more.
    expect(lock.kinds).toEqual(['WIND', 'SENSOR'])
    expect(lock.reason).toMatch(/^wind now 2 m\/s, under the limit of 10 m\/s/)
    const weather = (
      await t.gql<{
        weather: { alarms: { kind: string }[]; sensors: { name: string; online: boolean }[] }
      }>(WEATHER, {}, t.adminToken)
    ).data!.weather
    expect(weather.alarms.map((a) => a.kind)).toContain('SENSOR')
    expect(weather.sensors.find((s) => s.name === 'Anemometer')?.online).toBe(false)
  }, 30_000)

  it('never had an up and a down relay of one blind on together', () => {
    // The board's whole record since the last clearing, and the emulator's own interlock log.
    for (const coil of [0, 2, 4]) {
      expect(
        bothOnAtOnce(board.emulator.record, { unit: 1, coil }, { unit: 1, coil: coil + 1 }),
      ).toBe(false)
    }
  })
})
