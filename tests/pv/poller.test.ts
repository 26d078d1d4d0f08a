// The hub's PV module against the emulated inverter on 127.0.0.1, over real TCP, with a real
// SQLite file and the real migrations, and time moved by the test: the values a household
// sees, a whole day's energy across a night of zero counters and a hub restart (exact to the
// Wh), the inverter vanishing and coming back, and an inverter that serves one client at a time.
import { createServer, type Server } from 'node:net'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type OpenDatabase } from '../../hub/db/open'
import { HubEvents } from '../../hub/events'
import { InverterEmulator, type InverterEmulatorOptions } from '../../hub/pv/inverter-emulator'
import { ModbusTcpClient } from '../../hub/pv/modbus-client'
import { Photovoltaics } from '../../hub/pv/photovoltaics'
import { pvSettings } from '../../hub/pv/settings'
import type { PvSampleEvent } from '../../hub/realtime/events'
import { temporaryFolders } from '../helpers/temporary-folders'

const temporaryFolder = temporaryFolders('lamella-pv-')
const TIME_ZONE = 'Europe/Berlin'
const NOON = Date.parse('2026-06-21T11:00:00Z')
const MINUTE = 60_000

interface Logged {
  level: string
  msg: string
  obj: object
}

/** A fake clock, an emulated inverter on a free port, a database file, and PV modules on it. */
function rig(options: InverterEmulatorOptions & { at?: number } = {}) {
  const clock = { t: options.at ?? NOON }
  const now = () => clock.t
  const emulator = new InverterEmulator({ serial: 'TEST-1', ...options, now })
  const dbPath = join(temporaryFolder(), 'lamella.db')
  const logs: Logged[] = []
  const samples: PvSampleEvent[] = []
  const opened: OpenDatabase[] = []
  const modules: Photovoltaics[] = []
  const log = Object.fromEntries(
    ['info', 'warn', 'error', 'debug'].map((level) => [
      level,
      (obj: object, msg: string) => logs.push({ level, msg, obj }),
    ]),
  ) as unknown as ConstructorParameters<typeof Photovoltaics>[0]['log']

  /** A hub's PV module: a fresh connection to the database file, as after a restart. */
  const hub = (timeoutMs?: number) => {
    const database = openDatabase(dbPath)
    opened.push(database)
    const events = new HubEvents()
    events.on('pv:sample', (s) => samples.push(s))
    const pv = new Photovoltaics({
      settings: pvSettings(`modbus-tcp://127.0.0.1:${emulator.address.port}`)!,
      db: database.db,
      events,
      log,
      now,
      timeZone: TIME_ZONE,
      ...(timeoutMs && { timeoutMs }),
    })
    modules.push(pv)
    return { pv, database }
  }
  const close = async () => {
    for (const pv of modules) await pv.stop()
    for (const d of opened) d.close()
    await emulator.stop()
  }
  return { clock, emulator, hub, logs, samples, dbPath, close }
}

/** Waits (up to 2 s) for a socket close to reach the other side. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
  expect(check()).toBe(true)
}

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

function started(options: Parameters<typeof rig>[0] = {}) {
  const r = rig(options)
  closers.push(r.close)
  return r
}

describe('reading the inverter', () => {
  it('shows the power, state, device and each MPPT tracker of an inverter with models 103 and 160', async () => {
    const r = started()
    await r.emulator.start()
    const { pv } = r.hub()
    await pv.poll()
    const truth = r.emulator.reading(NOON)
    const status = pv.status()
    expect(status).toMatchObject({
      configured: true,
      online: true,
      error: null,
      offlineSince: null,
      device: { manufacturer: 'Lamella', model: 'Emulated inverter', serial: 'TEST-1' },
      state: 'MPPT',
      updatedAt: new Date(NOON).toISOString(),
    })
    // A summer noon in Berlin under a clear sky: most of the 5 kW peak.
    expect(truth.acPowerW).toBeGreaterThan(3500)
    expect(Math.abs(status.powerW! - truth.acPowerW)).toBeLessThanOrEqual(1)
    expect(Math.abs(status.dcPowerW! - truth.dcPowerW)).toBeLessThanOrEqual(1)
    expect(status.lifetimeWh).toBe(truth.lifetimeWh)
    expect(status.mppt).toHaveLength(2)
    status.mppt.forEach((m, i) => {
      expect(Math.abs(m.powerW! - truth.mppt[i]!.dcPowerW)).toBeLessThanOrEqual(1)
      expect(m.voltageV).toBeCloseTo(truth.mppt[i]!.dcVoltageV, 0)
      expect(m.currentA).toBeCloseTo(truth.mppt[i]!.dcCurrentA, 1)
    })
  })

  it('reads a float inverter (model 113, no 160) with its values and no trackers', async () => {
    const r = started({ float: true })
    await r.emulator.start()
    const { pv } = r.hub()
    await pv.poll()
    const truth = r.emulator.reading(NOON)
    const status = pv.status()
    expect(status.online).toBe(true)
    expect(status.powerW).toBe(Math.round(truth.acPowerW))
    expect(status.lifetimeWh).toBe(truth.lifetimeWh)
    expect(status.state).toBe('MPPT')
    expect(status.mppt).toEqual([])
  })

  it('finds the models once, then reads each model block with one request per poll', async () => {
    const r = started()
    await r.emulator.start()
    const { pv } = r.hub()
    await pv.poll()
    const first = pv.reader.lastTraffic!
    expect(first.discovered).toBe(true)
    r.clock.t += 10_000
    await pv.poll()
    // The inverter model (103) and the MPPT model (160): two reads, nothing else.
    expect(pv.reader.lastTraffic).toMatchObject({ discovered: false, reads: 2 })
    expect(first.reads).toBeGreaterThan(2)
  })

  it('closes its connection after each poll and never runs two polls at once', async () => {
    const r = started()
    await r.emulator.start()
    const { pv } = r.hub()
    const a = pv.poll()
    const b = pv.poll()
    expect(b).toBe(a)
    await a
    expect(r.emulator.stats.connections).toBe(1)
    await until(() => r.emulator.openConnections === 0)
  })

  it('says after each poll what a browser shows live', async () => {
    const r = started()
    await r.emulator.start()
    const { pv } = r.hub()
    await pv.poll()
    expect(r.samples).toEqual([
      {
        at: new Date(NOON).toISOString(),
        online: true,
        powerW: pv.status().powerW,
        dcPowerW: pv.status().dcPowerW,
        todayWh: 0,
        state: 'MPPT',
      },
    ])
  })
})

describe("a day's energy", () => {
  it('equals the counter difference to the Wh across a night of zero counters and a hub restart', async () => {
    // From 17:00 on the 20th (Berlin, summer) to 00:30 on the 22nd, a poll every 5 minutes.
    const start = Date.parse('2026-06-20T15:00:00Z')
    const midnights = [Date.parse('2026-06-20T22:00:00Z'), Date.parse('2026-06-21T22:00:00Z')]
    const restartAt = Date.parse('2026-06-21T08:00:00Z')
    const backAt = Date.parse('2026-06-21T09:10:00Z')
    const end = Date.parse('2026-06-21T22:30:00Z')
    const r = started({ at: start, startAt: start, lifetimeWh: 2_500_000 })
    await r.emulator.start()
    let { pv, database } = r.hub()
    const counterAt = new Map<number, number>()
    let zeroCounters = 0
    let firstCounter: number | null = null
    for (let t = start; t <= end; t += 5 * MINUTE) {
      r.clock.t = t
      if (midnights.includes(t)) counterAt.set(t, Math.floor(r.emulator.lifetimeWh(t)))
      if (t === restartAt) {
        // The hub stops; the sun shines on; a new hub opens the same file an hour later.
        await pv.stop()
        database.close()
        continue
      }
      if (t > restartAt && t < backAt) continue
      if (t === backAt) ({ pv, database } = r.hub())
      await pv.poll()
      expect(pv.status().online).toBe(true)
      const shown = r.emulator.reading(t).lifetimeWh
      if (shown === 0) zeroCounters++
      firstCounter ??= shown
    }
    // The inverter really reported 0 through the night (some 6 hours of polls).
    expect(zeroCounters).toBeGreaterThan(60)
    const [c0, c1] = midnights.map((m) => counterAt.get(m)!)
    expect(c1! - c0!).toBeGreaterThan(20_000)
    expect(pv.energy(3)).toEqual([
      { day: '2026-06-20', wh: c0! - firstCounter! },
      { day: '2026-06-21', wh: c1! - c0! },
      { day: '2026-06-22', wh: 0 },
    ])
    // Today is the 22nd, after midnight: nothing yet; the total is the last good counter.
    expect(pv.status()).toMatchObject({ todayWh: 0, lifetimeWh: c1 })
  })

  it('keeps the slots of the 15 minutes they were made in, and a minute sample per polled minute', async () => {
    const r = started()
    await r.emulator.start()
    const { pv } = r.hub()
    const from = NOON
    for (let t = from; t < from + 30 * MINUTE; t += 10_000) {
      r.clock.t = t
      await pv.poll()
    }
    await pv.stop()
    const history = pv.history(from, from + 30 * MINUTE)
    expect(history).toHaveLength(30)
    expect(history[0]!.at).toBe(new Date(from).toISOString())
    // Each minute is the mean of its six polls: between the first and the last poll's power.
    const power = (t: number) => r.emulator.reading(t).acPowerW
    const [lo, hi] = [power(from), power(from + 50_000)].sort((a, b) => a - b)
    expect(history[0]!.powerW).toBeGreaterThanOrEqual(Math.floor(lo!))
    expect(history[0]!.powerW).toBeLessThanOrEqual(Math.ceil(hi!))
    const today = pv.energy(1)[0]!
    expect(today.day).toBe('2026-06-21')
    expect(today.wh).toBe(pv.status().todayWh)
    expect(today.wh).toBeGreaterThan(1000)
  })
})

describe('the samples kept', () => {
  it('serves the minute being gathered with the written ones, also while the inverter is away', async () => {
    const r = started()
    await r.emulator.start()
    const { pv } = r.hub()
    // Two whole minutes and the start of a third, then the inverter goes away for three.
    for (let t = NOON; t <= NOON + 2 * MINUTE + 20_000; t += 10_000) {
      r.clock.t = t
      await pv.poll()
    }
    await r.emulator.stop()
    for (let i = 0; i < 18; i++) {
      r.clock.t += 10_000
      await pv.poll()
    }
    expect(pv.status().online).toBe(false)
    const history = pv.history(NOON - 60 * MINUTE, NOON + 60 * MINUTE)
    expect(history.map((s) => Date.parse(s.at))).toEqual([NOON, NOON + MINUTE, NOON + 2 * MINUTE])
    // The third minute's three polls so far: between its first and its last poll's power.
    const power = (t: number) => r.emulator.reading(t).acPowerW
    const [lo, hi] = [power(NOON + 2 * MINUTE), power(NOON + 2 * MINUTE + 20_000)].sort(
      (a, b) => a - b,
    )
    expect(history[2]!.powerW).toBeGreaterThanOrEqual(Math.floor(lo!))
    expect(history[2]!.powerW).toBeLessThanOrEqual(Math.ceil(hi!))
  })

  it('drops samples older than 14 days when it starts (and hourly), keeping the rest', async () => {
    const r = started()
    await r.emulator.start()
    const { pv, database } = r.hub()
    const day = 24 * 60 * MINUTE
    const insert = database.sqlite.prepare('INSERT INTO pv_samples (at, power_w) VALUES (?, 100)')
    for (const age of [15 * day, 14 * day + MINUTE, 13 * day, 1 * day]) insert.run(NOON - age)
    pv.start()
    await pv.stop()
    const kept = pv.history(NOON - 20 * day, NOON + day).map((s) => Date.parse(s.at))
    expect(kept).toEqual([NOON - 13 * day, NOON - day])
  })
})

describe('an inverter that goes away', () => {
  it('is offline with the reason and since when while it is gone, and online again when it is back', async () => {
    const r = started()
    await r.emulator.start()
    const { pv } = r.hub()
    await pv.poll()
    const lastGood = r.clock.t
    await r.emulator.stop()
    for (let i = 0; i < 5; i++) {
      r.clock.t += 10_000
      await pv.poll()
    }
    const port = r.emulator.address.port
    expect(pv.status()).toMatchObject({
      online: false,
      error: `connect ECONNREFUSED 127.0.0.1:${port}`,
      offlineSince: new Date(lastGood).toISOString(),
      powerW: null,
      state: null,
      device: { serial: 'TEST-1' },
      updatedAt: new Date(lastGood).toISOString(),
    })
    // Five failed polls, one warning.
    expect(r.logs.filter((l) => l.level === 'warn')).toHaveLength(1)
    expect(r.samples.at(-1)).toMatchObject({ online: false, powerW: null, state: null })

    await r.emulator.start()
    r.clock.t += 10_000
    await pv.poll()
    expect(pv.status()).toMatchObject({ online: true, error: null, offlineSince: null })
    expect(pv.status().powerW).toBeGreaterThan(3000)
    expect(r.logs.filter((l) => l.msg === 'the PV inverter is online')).toHaveLength(2)
    expect(r.samples.at(-1)).toMatchObject({ online: true, state: 'MPPT' })
  })

  it('counts from when the hub started while the inverter was never reached', async () => {
    const r = started()
    // A port nothing listens on.
    await r.emulator.start()
    await r.emulator.stop()
    const { pv } = r.hub()
    const startedAt = r.clock.t
    r.clock.t += 10_000
    await pv.poll()
    expect(pv.status()).toMatchObject({
      online: false,
      offlineSince: new Date(startedAt).toISOString(),
      device: null,
      updatedAt: null,
    })
  })

  it('gives up on an inverter that takes the connection but never answers, naming the wait', async () => {
    // It reads what it is sent (so it notices the close) and never says a word.
    const silent: Server = createServer((socket) => socket.resume())
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const port = (silent.address() as { port: number }).port
    closers.push(() => new Promise((resolve) => silent.close(() => resolve())))
    const r = rig()
    closers.push(r.close)
    const events = new HubEvents()
    const database = openDatabase(r.dbPath)
    closers.push(async () => database.close())
    const pv = new Photovoltaics({
      settings: pvSettings(`modbus-tcp://127.0.0.1:${port}`)!,
      db: database.db,
      events,
      log: { info() {}, warn() {}, error() {}, debug() {} },
      now: () => r.clock.t,
      timeZone: TIME_ZONE,
      timeoutMs: 200,
    })
    await pv.poll()
    expect(pv.status().error).toBe(
      `no answer from 127.0.0.1:${port} within 0.2 s reading 2 registers at 40000`,
    )
  })
})

describe('an inverter that serves one client at a time', () => {
  it('answers another client between our polls, and we read it again once that one is done', async () => {
    const r = started({ maxClients: 1 })
    await r.emulator.start()
    const { pv } = r.hub()
    await pv.poll()
    await until(() => r.emulator.openConnections === 0)
    // Our poll has let go: another client (a Fronius' own app, a home manager) gets in.
    const other = new ModbusTcpClient({ host: '127.0.0.1', port: r.emulator.address.port, unit: 1 })
    await other.connect()
    expect(await other.readHoldingRegisters(40000, 2)).toEqual([0x5375, 0x6e53])
    // While it holds the one connection, the inverter turns us away; that is an offline poll.
    r.clock.t += 10_000
    await pv.poll()
    expect(pv.status().online).toBe(false)
    expect(r.emulator.stats.refused).toBe(1)
    other.close()
    await until(() => r.emulator.openConnections === 0)
    r.clock.t += 10_000
    await pv.poll()
    expect(pv.status().online).toBe(true)
  })
})
