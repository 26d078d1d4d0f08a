// The PV queries and the pv:sample event through the real hub: GraphQL over real HTTP, a real
// socket.io client, and the emulated inverter on 127.0.0.1 (a summer noon, a day passing 600
// times faster). Every logged-in user may read them; nobody else; bad arguments are a 400 that
// names the field and changes nothing, also while PV is not set.
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InverterEmulator } from '../../hub/pv/inverter-emulator'
import { pvSettings } from '../../hub/pv/settings'
import type {
  ClientToServerEvents,
  PvSampleEvent,
  ServerToClientEvents,
} from '../../hub/realtime/events'
import { until as poll } from '../bus/polling'
import { startHub, type TestHub } from '../helpers/hub'

const STATUS = `{ pv { configured online error offlineSince powerW dcPowerW todayWh lifetimeWh state
  updatedAt device { manufacturer model serial version } mppt { id label powerW voltageV currentA } } }`
const HISTORY =
  'query($from: String!, $to: String!) { pvHistory(from: $from, to: $to) { at powerW dcPowerW } }'
const ENERGY = 'query($days: Int) { pvEnergy(days: $days) { day wh } }'

interface PvStatus {
  configured: boolean
  online: boolean
  error: string | null
  offlineSince: string | null
  powerW: number | null
  todayWh: number | null
  lifetimeWh: number | null
  state: string | null
  updatedAt: string | null
  device: { manufacturer: string | null; model: string | null; serial: string | null } | null
  mppt: { id: number; powerW: number | null }[]
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const HOUR = 3_600_000

/** The bad arguments, each with the field its 400 names. */
const BAD_ARGUMENTS: [string, string, Record<string, unknown>, string][] = [
  ['a from that is no date', HISTORY, { from: 'yesterday', to: '2026-06-21T00:00:00Z' }, 'from'],
  [
    'a from without a zone',
    HISTORY,
    { from: '2026-06-20T00:00:00', to: '2026-06-21T00:00:00Z' },
    'from',
  ],
  [
    'a day that does not exist',
    HISTORY,
    { from: '2026-02-30T00:00:00Z', to: '2026-03-02T00:00:00Z' },
    'from',
  ],
  ['a to before from', HISTORY, { from: '2026-06-21T00:00:00Z', to: '2026-06-20T00:00:00Z' }, 'to'],
  [
    'a to equal to from',
    HISTORY,
    { from: '2026-06-21T00:00:00Z', to: '2026-06-21T00:00:00Z' },
    'to',
  ],
  ['15 days', HISTORY, { from: '2026-06-01T00:00:00Z', to: '2026-06-16T00:00:01Z' }, 'to'],
  ['0 days of energy', ENERGY, { days: 0 }, 'days'],
  ['401 days of energy', ENERGY, { days: 401 }, 'days'],
]

async function expectBadArguments(t: TestHub) {
  // The poller writes the pv_ tables by itself every poll; everything else must stay as it was.
  const records = () =>
    JSON.stringify(
      (JSON.parse(t.snapshot()) as [string, unknown][]).filter(([name]) => !name.startsWith('pv_')),
    )
  const before = records()
  for (const [what, query, variables, field] of BAD_ARGUMENTS) {
    const res = await t.gql(query, variables, t.adminToken)
    expect(res.status, what).toBe(400)
    expect(res.errors?.[0]?.extensions, what).toMatchObject({
      code: 400,
      field,
      reason: expect.any(String),
    })
    expect(res.errors?.[0]?.message, what).toMatch(new RegExp(`^${field} must`))
  }
  expect(records()).toBe(before)
}

describe('PV while LAMELLA_PV is not set', () => {
  let t: TestHub
  beforeAll(async () => {
    t = await startHub()
  })
  afterAll(async () => t.close())

  it('says it is not configured, with nothing else, and empty history and energy', async () => {
    const { token } = await t.createUser('anna')
    const status = await t.gql<{ pv: PvStatus }>(STATUS, {}, token)
    expect(status.data!.pv).toEqual({
      configured: false,
      online: false,
      error: null,
      offlineSince: null,
      powerW: null,
      dcPowerW: null,
      todayWh: null,
      lifetimeWh: null,
      state: null,
      updatedAt: null,
      device: null,
      mppt: [],
    })
    const history = await t.gql(
      HISTORY,
      { from: '2026-06-20T00:00:00Z', to: '2026-06-21T00:00:00Z' },
      token,
    )
    expect(history.data).toEqual({ pvHistory: [] })
    expect((await t.gql(ENERGY, {}, token)).data).toEqual({ pvEnergy: [] })
  })

  it('refuses bad arguments all the same, naming the field', async () => {
    await expectBadArguments(t)
  })

  it('answers 401 to a request without a login', async () => {
    for (const [query, variables] of [
      [STATUS, {}],
      [HISTORY, { from: '2026-06-20T00:00:00Z', to: '2026-06-21T00:00:00Z' }],
      [ENERGY, { days: 7 }],
    ] as const) {
      const res = await t.gql(query, variables)
      expect(res.status).toBe(401)
      expect(res.errors?.[0]?.extensions.code).toBe(401)
    }
  })
})

describe('PV with an inverter on the network', () => {
  let t: TestHub
  let emulator: InverterEmulator
  let anna: string
  const sockets: Socket[] = []
  /** The hub's clock runs this far ahead of the machine's; a test moves it on. */
  let skew = 0

  beforeAll(async () => {
    emulator = new InverterEmulator({
      serial: 'API-7',
      startAt: Date.parse('2026-06-21T10:00:00Z'),
      speed: 600,
    })
    await emulator.start()
    t = await startHub({
      config: { pv: pvSettings(`modbus-tcp://127.0.0.1:${emulator.address.port}`) },
      pvPollMs: 100,
      now: () => Date.now() + skew,
    })
    anna = (await t.createUser('anna')).token
  })
  afterAll(async () => {
    for (const s of sockets) s.close()
    await t.close()
    await emulator.stop()
  })

  async function status(token = anna): Promise<PvStatus> {
    const res = await t.gql<{ pv: PvStatus }>(STATUS, {}, token)
    expect(res.status).toBe(200)
    return res.data!.pv
  }

  async function until(check: (s: PvStatus) => boolean, what: string): Promise<PvStatus> {
    for (let i = 0; i < 100; i++) {
      const s = await status()
      if (check(s)) return s
      await sleep(50)
    }
    throw new Error(`the PV status never showed ${what}`)
  }

  it('shows a regular user the live power, the device, the trackers and today', async () => {
    const s = await until((s) => s.online && (s.todayWh ?? 0) > 0, 'energy today')
    expect(s).toMatchObject({
      configured: true,
      online: true,
      error: null,
      offlineSince: null,
      state: 'MPPT',
      device: { manufacturer: 'Lamella', model: 'Emulated inverter', serial: 'API-7' },
    })
    expect(s.powerW).toBeGreaterThan(3000)
    expect(s.mppt.map((m) => m.id)).toEqual([1, 2])
    expect(s.lifetimeWh).toBeGreaterThan(1_000_000)
    expect(Date.now() + skew - Date.parse(s.updatedAt!)).toBeLessThan(2000)
    // One request, so that no poll lands between the two answers.
    const energy = await t.gql<{
      pv: { todayWh: number }
      pvEnergy: { day: string; wh: number }[]
    }>('{ pv { todayWh } pvEnergy(days: 7) { day wh } }', {}, anna)
    expect(energy.data!.pvEnergy).toHaveLength(7)
    expect(energy.data!.pvEnergy.slice(0, 6).every((d) => d.wh === 0)).toBe(true)
    expect(energy.data!.pvEnergy[6]!.wh).toBe(energy.data!.pv.todayWh)
    const defaults = await t.gql<{ pvEnergy: unknown[] }>(ENERGY, {}, anna)
    expect(defaults.data!.pvEnergy).toHaveLength(30)
  })

  it('keeps a sample for each minute it polled', async () => {
    // A minute is written once a poll falls in the next one: the hub's clock moves on a minute.
    const now = Date.now() + skew
    skew += 60_000
    // The next poll writes the minute that ended.
    const samples = await poll("a minute's sample", async () => {
      const res = await t.gql<{ pvHistory: { at: string; powerW: number | null }[] }>(
        HISTORY,
        { from: new Date(now - HOUR).toISOString(), to: new Date(now + HOUR).toISOString() },
        anna,
      )
      const history = res.data!.pvHistory
      return history.length > 0 && history
    })
    expect(samples.length).toBeGreaterThanOrEqual(1)
    expect(samples[0]!.at).toMatch(/:00\.000Z$/)
    expect(samples[0]!.powerW).toBeGreaterThan(3000)
  })

  it('refuses bad arguments, naming the field and changing nothing', async () => {
    await expectBadArguments(t)
  })

  it('sends pv:sample to every logged-in socket after each poll', async () => {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(t.url, {
      path: '/socket.io',
      auth: { token: anna },
      reconnection: false,
      forceNew: true,
    })
    sockets.push(socket)
    const heard: PvSampleEvent[] = []
    socket.on('pv:sample', (e) => heard.push(e))
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve())
      socket.once('connect_error', reject)
    })
    for (let i = 0; i < 60 && heard.length < 3; i++) await sleep(50)
    expect(heard.length).toBeGreaterThanOrEqual(3)
    expect(heard.at(-1)).toMatchObject({ online: true, state: 'MPPT' })
    expect(heard.at(-1)!.powerW).toBeGreaterThan(3000)
    expect(heard.at(-1)!.todayWh).toBeGreaterThan(0)
  })

  it('shows the inverter offline with the reason while it is gone, then back', async () => {
    await emulator.stop()
    const gone = Date.now() + skew
    const s = await until((s) => !s.online, 'offline')
    expect(s.error).toBe(`connect ECONNREFUSED 127.0.0.1:${emulator.address.port}`)
    expect(Date.parse(s.offlineSince!)).toBeLessThanOrEqual(gone)
    expect(s.powerW).toBeNull()
    expect(s.device?.serial).toBe('API-7')
    await emulator.start()
    await until((s) => s.online, 'online again')
  })
})
