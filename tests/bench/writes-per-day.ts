// Bytes the hub writes to storage per day (issue 23: under 15 MB with PV on, shading on for 4 of
// 20 blinds and 40 moves a day), from the hub process's own /proc/<pid>/io write_bytes: every
// byte it dirtied in the page cache for its database, the WAL and anything else. Each source
// runs in a hub of its own on a database with 20 blinds, and the figure is scaled to a day:
// - idle: nothing configured, nothing moving, 2 simulated hours;
// - PV and shading: the emulated inverter (Modbus TCP SunSpec) over a whole simulated day from
//   local midnight, shading on for 4 south-facing blinds (their moves are in the figure);
// - weather: the built-in board's sensors (`LAMELLA_WEATHER=calm`), 2 simulated hours;
// - positions: 40 blindSetPosition moves (each blind down, then up), what a day brings;
// - runs: 10 automation runs (each moves a blind for 5 s, then waits 1 s);
// - sessions: 5 logins and 1,000 authenticated GraphQL queries.
// The timed sources run the hub faster than life: a preloaded script (written below) makes
// Date.now and every timer of 5 s or more run WARP times faster, so the PV poll (10 s), its
// batches, the shading tick (60 s) and the weather minutes happen as often per simulated day
// as on a Pi; shorter timers (the bus's and the inverter's time-outs) keep real time.
// Figures of the timed sources are as honest as the hub keeps up: a PV poll takes a few ms.
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { BlindRepository } from '../../hub/db/blinds'
import { openDatabase } from '../../hub/db/open'
import { HubEvents } from '../../hub/events'
import { InverterEmulator } from '../../hub/pv/inverter-emulator'
import { fmt, seedDatabase, startHubProcess, type HubProcess } from './_support'

const WARP = 120
const DAY_MS = 24 * 60 * 60_000
const admin = { id: 'bench', isAdmin: true }

const WARP_SCRIPT = `
const k = Number(process.env.LAMELLA_BENCH_WARP)
const simStart = Number(process.env.LAMELLA_BENCH_START)
const RealDate = Date
const realNow = RealDate.now
const t0 = realNow()
const now = () => Math.floor(simStart + (realNow() - t0) * k)
class WarpDate extends RealDate {
  constructor(...args) { if (args.length === 0) super(now()); else super(...args) }
  static now() { return now() }
}
globalThis.Date = WarpDate
// Fastify's plugin time-out (avvio) stays real: the start takes what it takes.
const warp = (ms) =>
  typeof ms === 'number' && ms >= 5000 && !new Error().stack.includes('avvio') ? ms / k : ms
const st = globalThis.setTimeout
const si = globalThis.setInterval
globalThis.setTimeout = (fn, ms, ...rest) => st(fn, warp(ms), ...rest)
globalThis.setInterval = (fn, ms, ...rest) => si(fn, warp(ms), ...rest)
`

function writeBytes(pid: number): number {
  const io = readFileSync(`/proc/${pid}/io`, 'utf8')
  return Number(/^write_bytes:\s+(\d+)/m.exec(io)![1])
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const MB = (bytes: number) => bytes / 1e6

/** A seeded database in a folder on disk (not tmpfs: the page cache must be the disk's). */
function database(shadingBlinds: number): { dbPath: string; dir: string } {
  const dbPath = seedDatabase(20, 10)
  if (shadingBlinds > 0) {
    const opened = openDatabase(dbPath)
    const blinds = new BlindRepository(opened.db, new HubEvents(), Date.now)
    for (const row of blinds.all().slice(0, shadingBlinds)) {
      blinds.update(admin, row.id, {
        facadeAzimuth: 180,
        shadePosition: 30,
        shadingEnabled: true,
        shadingMinBrightness: 0,
      })
    }
    opened.close()
  }
  return { dbPath, dir: join(dbPath, '..') }
}

async function gql(hub: HubProcess, query: string, variables = {}, token?: string) {
  const res = await fetch(`http://127.0.0.1:${hub.port}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { 'x-auth-token': token }) },
    body: JSON.stringify({ query, variables }),
  })
  const body = (await res.json()) as { data?: Record<string, unknown>; errors?: unknown[] }
  if (body.errors) throw new Error(JSON.stringify(body.errors))
  return body.data!
}

async function login(hub: HubProcess): Promise<string> {
  const data = await gql(hub, '{ login(username: "admin", password: "bench-password") { token } }')
  return (data.login as { token: string }).token
}

interface Source {
  name: string
  /** What one measurement stands for. */
  what: string
  /** Simulated start (ms since the epoch) for the warped hubs. */
  startAt?: number
  shadingBlinds?: number
  env?: (extra: { pvUrl?: string }) => Record<string, string>
  pv?: boolean
  /** Runs the load; returns how many of the measured windows make a day. */
  load(hub: HubProcess, token: string): Promise<number>
}

const midnight = Date.parse('2026-06-21T00:00:00+02:00')
const warpedFor = async (simulatedMs: number) => {
  await sleep(simulatedMs / WARP)
  return DAY_MS / simulatedMs
}

const SOURCES: Source[] = [
  {
    name: 'idle',
    what: '2 simulated hours, nothing configured, nothing moving',
    startAt: midnight + 10 * 3_600_000,
    load: () => warpedFor(2 * 3_600_000),
  },
  {
    name: 'PV and shading',
    what: 'a simulated day (21 June, Berlin) polled every 10 s, shading on for 4 blinds',
    startAt: midnight,
    shadingBlinds: 4,
    pv: true,
    env: ({ pvUrl }) => ({ LAMELLA_PV: pvUrl!, LAMELLA_LAT: '52.52', LAMELLA_LON: '13.40' }),
    async load(hub, token) {
      const perDay = await warpedFor(DAY_MS)
      const energy = '{ pv { online } pvEnergy(days: 2) { day wh } }'
      console.log(
        `                (the hub's PV after the day: ${JSON.stringify(await gql(hub, energy, {}, token))})`,
      )
      return perDay
    },
  },
  {
    name: 'weather',
    what: '2 simulated hours of the built-in sensors, calm',
    startAt: midnight + 10 * 3_600_000,
    env: () => ({ LAMELLA_WEATHER: 'calm' }),
    load: () => warpedFor(2 * 3_600_000),
  },
  {
    name: 'positions',
    what: '40 moves to a position (20 blinds down to 50, then up to 100)',
    async load(hub, token) {
      const ids = (
        (await gql(hub, '{ blindList { id } }', {}, token)).blindList as { id: string }[]
      )
        .map((b) => b.id)
        .slice(0, 20)
      const set =
        'mutation S($ids: [ID!]!, $p: Int) { blindSetPosition(ids: $ids, position: $p) { id } }'
      for (const position of [50, 100]) {
        for (const id of ids) await gql(hub, set, { ids: [id], p: position }, token)
        await sleep(33_000) // 30 s travel, all at once
      }
      return 1
    },
  },
  {
    name: 'runs',
    what: '10 automation runs (a blind for 5 s, then 1 s of waiting)',
    async load(hub, token) {
      const ids = (
        (await gql(hub, '{ automationList { id } }', {}, token)).automationList as { id: string }[]
      ).map((a) => a.id)
      for (let i = 0; i < 10; i++) {
        const run = 'mutation R($id: ID!) { automationRun(id: $id) { id } }'
        await gql(hub, run, { id: ids[i] }, token)
      }
      await sleep(8_000)
      return 1
    },
  },
  {
    name: 'sessions',
    what: '5 logins and 1,000 authenticated queries',
    async load(hub) {
      let token = ''
      for (let i = 0; i < 5; i++) token = await login(hub)
      for (let i = 0; i < 1000; i++) await gql(hub, '{ blindList { id position } }', {}, token)
      await sleep(1000)
      return 1
    },
  },
]

async function measure(source: Source): Promise<number> {
  const { dbPath, dir } = database(source.shadingBlinds ?? 0)
  const warpFile = join(dir, 'warp.cjs')
  writeFileSync(warpFile, WARP_SCRIPT)
  let emulator: InverterEmulator | null = null
  if (source.pv) {
    emulator = new InverterEmulator({ startAt: source.startAt!, speed: WARP })
    await emulator.start()
  }
  const warped = source.startAt !== undefined
  const env: Record<string, string> = {
    LAMELLA_CLOCK: 'trust',
    TZ: 'Europe/Berlin',
    ...source.env?.({
      ...(emulator && { pvUrl: `modbus-tcp://127.0.0.1:${emulator.address.port}` }),
    }),
  }
  if (warped) {
    env.NODE_OPTIONS = `--require ${warpFile}`
    env.LAMELLA_BENCH_WARP = String(WARP)
    env.LAMELLA_BENCH_START = String(source.startAt)
  }
  const hub = await startHubProcess(dbPath, env)
  const token = await login(hub)
  await sleep(1000) // the start's own writes (migrations, the first admin, the login) settle
  const pid = hub.child.pid!
  const before = writeBytes(pid)
  const perDay = await source.load(hub, token)
  const written = writeBytes(pid) - before
  await hub.stop()
  await emulator?.stop()
  rmSync(dir, { recursive: true, force: true })
  const mbPerDay = MB(written) * perDay
  console.log(
    `${source.name.padEnd(15)} ${fmt(mbPerDay, 2).padStart(7)} MB/day   (${fmt(MB(written), 3)} MB in ${source.what})`,
  )
  return mbPerDay
}

const only = process.env.LAMELLA_BENCH_ONLY
console.log(
  `node ${process.version}, hub from build/hub, write_bytes of /proc/<pid>/io, timed sources ${WARP}x faster`,
)
let total = 0
for (const source of SOURCES) {
  if (only && !source.name.includes(only)) continue
  total += await measure(source)
}
console.log(`${'total'.padEnd(15)} ${fmt(total, 2).padStart(7)} MB/day`)
