// The engine under a household's load: a hub with 500 enabled CRON automations (450 daily,
// 50 with a 6-field cron every 4 seconds and a short DELAY scene), built in-process on the
// relay-board emulator. Prints:
//   - lateness of cron-triggered starts: each run's startedAt against the firing it was due
//     at, over ~30 s (goal p99 under 50 ms in issue 4, under 20 ms in issue 10, where starts
//     due at the same instant came to share one transaction);
//   - drift at the end of a 100-step run started meanwhile: finishedAt - startedAt - the sum
//     of its steps (goal under 20 ms);
//   - memory with those 500 scheduled: this process, and a `lamella serve` process on the
//     same database (goal under 90 MB).
// Goals (issues 4 and 10). Figures only: nothing here fails on a timing.
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { buildHub } from '../../hub/app'
import { loadConfig } from '../../hub/config'
import { AutomationRepository } from '../../hub/db/automations'
import { openDatabase } from '../../hub/db/open'
import { CronSchedule } from '../../hub/engine/cron'
import { HubEvents } from '../../hub/events'
import { DELAY_DURATION } from '../../hub/validation/automation'
import { fmt, rssMiB, seedDatabase, startHubProcess } from './_support'

const TIME_ZONE = 'Europe/Berlin'
const DAILY = 450
const FAST = 50
const WINDOW_MS = 30_000
const STEPS = 100
/** The brief asks for 50 ms steps; a DELAY scene may not be shorter than DELAY_DURATION.min. */
const STEP_MS = Math.max(50, DELAY_DURATION.min)
const admin = { id: 'bench', isAdmin: true }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN

// 450 daily automations (a blind each, as the startup benchmark seeds them), then the fast
// ones and one 100-step MANUAL automation for the drift.
const dbPath = seedDatabase(64, DAILY)
{
  const database = openDatabase(dbPath)
  const repo = new AutomationRepository(database.db, new HubEvents(), Date.now, {
    hasLocation: false,
  })
  for (let i = 0; i < FAST; i++) {
    repo.create(admin, {
      name: `Fast ${i}`,
      trigger: { type: 'CRON', cron: `${i % 4}-59/4 * * * * *` },
      scene: [{ name: 'pause', type: 'DELAY', duration: 200 }],
    })
  }
  repo.create(admin, {
    name: 'Hundred steps',
    trigger: { type: 'MANUAL' },
    scene: Array.from({ length: STEPS }, (_, i) => ({
      name: `step ${i}`,
      type: 'DELAY' as const,
      duration: STEP_MS,
    })),
  })
  database.close()
}

const config = loadConfig({
  LAMELLA_DB: dbPath,
  LAMELLA_HOST: '127.0.0.1',
  LAMELLA_PORT: '0',
  LAMELLA_SERIAL: 'emulator',
  TZ: TIME_ZONE,
})
const database = openDatabase(dbPath)
const building = performance.now()
const hub = await buildHub({ config, database })
const buildMs = performance.now() - building
const list = hub.services.automations.list(admin)
const scheduled = list.filter((a) => hub.services.schedule(a).nextRunAt !== null)
const hundred = list.find((a) => a.name === 'Hundred steps')!
console.log(
  `node ${process.version}, ${list.length} automations, ${scheduled.length} scheduled ` +
    `(${DAILY} daily with a 5 s BLIND_CONTROL, ${FAST} every 4 s with a 200 ms DELAY), time zone ${TIME_ZONE}, in-process emulator; buildHub took ${fmt(buildMs, 0)} ms`,
)

// The 100-step runs, one after another during the window, timed by their own events too.
const drifts: { stored: number; measured: number }[] = []
const runStart = new Map<string, number>()
hub.events.on('automation:run', ({ event }) => {
  if (event.automationId !== hundred.id) return
  if (event.status === 'RUNNING' && event.sceneIndex === null)
    runStart.set(event.runId, performance.now())
})
async function hundredStepRun(): Promise<void> {
  const run = hub.services.runAutomation(admin, hundred.id)
  const ended = new Promise<number>((resolve) => {
    const off = hub.events.on('automation:run', ({ event }) => {
      if (event.runId === run.id && event.status !== 'RUNNING') {
        off()
        resolve(performance.now())
      }
    })
  })
  const endedAt = await ended
  const stored = hub.services.automations.runs(admin, hundred.id, 1)[0]!
  drifts.push({
    stored: Date.parse(stored.finishedAt!) - Date.parse(stored.startedAt) - STEPS * STEP_MS,
    measured: endedAt - (runStart.get(run.id) ?? NaN) - STEPS * STEP_MS,
  })
}

const loopDelay = monitorEventLoopDelay({ resolution: 5 })
loopDelay.enable()
const windowStart = Date.now()
await sleep(1000)
const drifting = (async () => {
  for (let i = 0; i < 2; i++) await hundredStepRun()
})()
await sleep(WINDOW_MS - 1000)
await drifting
const windowEnd = Date.now()
loopDelay.disable()
console.log(
  `event-loop delay over the window: p50 ${fmt(loopDelay.percentile(50) / 1e6)} ms, p99 ${fmt(loopDelay.percentile(99) / 1e6)} ms, max ${fmt(loopDelay.max / 1e6)} ms`,
)

// Lateness: each cron run against the firing it was due at (the latest one not after it).
const cronOf = new Map(list.map((a) => [a.id, a.trigger.cron]))
const schedules = new Map<string, CronSchedule>()
const runs = database.sqlite
  .prepare(
    'SELECT automation_id AS automationId, status, started_at AS startedAt, error FROM automation_runs WHERE source = ? AND started_at >= ? AND started_at <= ?',
  )
  .all('cron', windowStart, windowEnd) as {
  automationId: string
  status: string
  startedAt: number
  error: string | null
}[]
const missed = runs.filter((r) => r.error?.startsWith('missed:'))
const lateness: number[] = []
const startsByDue = new Map<number, number[]>()
for (const run of runs) {
  if (run.error?.startsWith('missed:')) continue
  const cron = cronOf.get(run.automationId)!
  let schedule = schedules.get(cron)
  if (!schedule) schedules.set(cron, (schedule = new CronSchedule(cron, TIME_ZONE)))
  let due = schedule.nextAfter(new Date(run.startedAt - 60_000)).getTime()
  for (let next = schedule.nextAfter(new Date(due)).getTime(); next <= run.startedAt;) {
    due = next
    next = schedule.nextAfter(new Date(due)).getTime()
  }
  lateness.push(run.startedAt - due)
  startsByDue.set(due, [...(startsByDue.get(due) ?? []), run.startedAt - due])
}
lateness.sort((a, b) => a - b)
// Starts due at the same instant go one after another: the first one's lateness, and what
// each further one adds.
const firsts: number[] = []
const added: number[] = []
for (const late of startsByDue.values()) {
  late.sort((a, b) => a - b)
  firsts.push(late[0]!)
  if (late.length > 1) added.push((late.at(-1)! - late[0]!) / (late.length - 1))
}
firsts.sort((a, b) => a - b)
added.sort((a, b) => a - b)
console.log(
  `cron-triggered starts over ${fmt((windowEnd - windowStart) / 1000)} s: ${lateness.length} started, ${missed.length} recorded missed`,
)
console.log(
  `lateness (startedAt - due, ms resolution): p50 ${fmt(quantile(lateness, 0.5), 0)} ms, p99 ${fmt(quantile(lateness, 0.99), 0)} ms, max ${fmt(lateness.at(-1) ?? NaN, 0)} ms (goal p99 < 20 ms)`,
)
console.log(
  `  ${startsByDue.size} instants with up to ${Math.max(...[...startsByDue.values()].map((l) => l.length))} starts each: the first start late by p50 ${fmt(quantile(firsts, 0.5), 0)} ms, p99 ${fmt(quantile(firsts, 0.99), 0)} ms; each further start at the same instant adds a median ${fmt(quantile(added, 0.5), 2)} ms`,
)
for (const [i, d] of drifts.entries()) {
  console.log(
    `${STEPS}-step run ${i + 1} (${STEPS} DELAY scenes of ${STEP_MS} ms = ${STEPS * STEP_MS} ms): drift ${fmt(d.stored, 0)} ms stored (finishedAt - startedAt - ${STEPS * STEP_MS}), ${fmt(d.measured, 2)} ms by its events (goal < 20 ms)`,
  )
}

// Memory with the 500 scheduled: this process (hub, emulator and the bench itself)...
global.gc?.()
await sleep(200)
const usage = process.memoryUsage()
const own = rssMiB(process.pid)
const MiB = 1024 * 1024
console.log(
  `in-process hub: RSS ${fmt(own.total)} MiB (anonymous ${fmt(own.anon)}, file-backed ${fmt(own.file)}), heap used ${fmt(usage.heapUsed / MiB)} MiB of ${fmt(usage.heapTotal / MiB)}, external ${fmt(usage.external / MiB)} MiB`,
)
await hub.app.close()
database.close()

// ...and `lamella serve` on the same database, as on a Pi, after it has run a while; then the
// same database with every trigger MANUAL, for what scheduling adds.
async function serveRss(): Promise<ReturnType<typeof rssMiB>> {
  const serve = await startHubProcess(dbPath)
  await sleep(10_000)
  const m = rssMiB(serve.child.pid!)
  await serve.stop()
  return m
}
const withSchedules = await serveRss()
console.log(
  `lamella serve with the same ${scheduled.length} scheduled, after 10 s: RSS ${fmt(withSchedules.total)} MiB (anonymous ${fmt(withSchedules.anon)}, file-backed ${fmt(withSchedules.file)}) (goal < 90 MB)`,
)
{
  const d = openDatabase(dbPath)
  d.sqlite.exec("UPDATE automations SET trigger_type = 'MANUAL', cron = NULL")
  d.close()
}
const unscheduled = await serveRss()
console.log(
  `lamella serve, same database with every trigger MANUAL (nothing scheduled): RSS ${fmt(unscheduled.total)} MiB (anonymous ${fmt(unscheduled.anon)}, file-backed ${fmt(unscheduled.file)})`,
)
