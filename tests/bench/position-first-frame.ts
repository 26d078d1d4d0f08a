// Time from a blindSetPosition request to its first frame on the wire, as bus-first-frame
// measures blindMove: the whole hub with the real GraphQL API over HTTP on 127.0.0.1, and the
// relay-board emulator with the wire timing of 9600 baud behind a link that notes when each
// frame's first byte is written. A position move plans its run and writes its run's record
// (a committed SQLite transaction) before the frame: both are in the figure. Every blind
// starts closed and each request takes it further up, so no move waits out a reversal.
// Goal (issue 11): p99 under 10 ms, as blindMove.
import Database from 'better-sqlite3'
import { RelayBoardEmulator } from '../../firmware-protocol/emulator'
import { buildHub } from '../../hub/app'
import { EmulatorLink } from '../../hub/bus/link-emulator'
import { loadConfig } from '../../hub/config'
import { openDatabase } from '../../hub/db/open'
import { fmt, seedDatabase } from './_support'

const BLINDS = 8
const WARM_UP = 40
const MOVES = 400
const PAUSE_MS = 5

class TimestampingLink extends EmulatorLink {
  readonly writtenAt: number[] = []

  override async write(bytes: Uint8Array): Promise<void> {
    this.writtenAt.push(performance.now())
    return super.write(bytes)
  }
}

const dbPath = seedDatabase(BLINDS, 0)
// Known and closed: 300 s each way, so a step of 1 point is 3 s of motor time.
const seeded = new Database(dbPath)
seeded.exec('UPDATE blinds SET position = 0, tilt = 0, travel_time_up_ms = 300000')
seeded.close()
const database = openDatabase(dbPath)
const config = loadConfig({
  LAMELLA_DB: dbPath,
  LAMELLA_LOG_LEVEL: 'silent',
  LAMELLA_BAUD: '9600',
  LAMELLA_PULSE: 'device',
})
const link = new TimestampingLink(new RelayBoardEmulator({ baud: 9600 }))
const { app, services } = await buildHub({ config, database, busLink: link })
await services.users.ensureFirstAdmin('bench-password', () => 'bench-password')
await app.listen({ host: '127.0.0.1', port: 0 })
const port = (app.server.address() as { port: number }).port
const login = await services.auth.login('admin', 'bench-password', '127.0.0.1')
const headers = { 'content-type': 'application/json', 'x-auth-token': login.token }
await new Promise((r) => setTimeout(r, 200))

const admin = services.users.list().find((u) => u.username === 'admin')!
const blinds = services.blinds.list({ id: admin.id, isAdmin: true })
const SET =
  'mutation Set($ids: [ID!]!, $p: Int) { blindSetPosition(ids: $ids, position: $p) { id motion } }'

/** One request; ms to its first frame and to the HTTP answer. */
async function setPosition(i: number): Promise<{ firstFrame: number; answered: number }> {
  const blind = blinds[i % BLINDS]!
  // Each blind one point further up than its last target: always the same way.
  const position = Math.min(99, 1 + Math.floor(i / BLINDS))
  const framesBefore = link.writtenAt.length
  const started = performance.now()
  const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query: SET, variables: { ids: [blind.id], p: position } }),
  })
  const answered = performance.now() - started
  const body = (await res.json()) as { errors?: unknown }
  if (res.status !== 200 || body.errors) throw new Error(`move ${i}: ${JSON.stringify(body)}`)
  const first = link.writtenAt[framesBefore]
  if (first === undefined) throw new Error(`move ${i} wrote no frame`)
  return { firstFrame: first - started, answered }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

for (let i = 0; i < WARM_UP; i++) await setPosition(i)
const firstFrames: number[] = []
const answers: number[] = []
for (let i = WARM_UP; i < WARM_UP + MOVES; i++) {
  await new Promise((r) => setTimeout(r, PAUSE_MS))
  const { firstFrame, answered } = await setPosition(i)
  firstFrames.push(firstFrame)
  answers.push(answered)
}
firstFrames.sort((a, b) => a - b)
answers.sort((a, b) => a - b)
console.log(
  `${MOVES} blindSetPosition requests over HTTP, ${PAUSE_MS} ms apart (after ${WARM_UP} to warm up), ${BLINDS} blinds, emulator at 9600 baud, device-timed pulses, node ${process.version}`,
)
console.log(`request to first frame written, p50: ${fmt(percentile(firstFrames, 50), 2)} ms`)
console.log(
  `request to first frame written, p99: ${fmt(percentile(firstFrames, 99), 2)} ms (goal < 10 ms)`,
)
console.log(`request to first frame written, max: ${fmt(firstFrames.at(-1)!, 2)} ms`)
console.log(`request to HTTP answer, p50: ${fmt(percentile(answers, 50), 2)} ms`)
console.log(`request to HTTP answer, p99: ${fmt(percentile(answers, 99), 2)} ms`)
await app.close()
database.close()
