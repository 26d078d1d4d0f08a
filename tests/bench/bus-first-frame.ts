// Time from a blindMove request to its first frame on the wire: the whole hub (buildHub) with
// the real GraphQL API over HTTP on 127.0.0.1, and the relay-board emulator with the wire
// timing of 9600 baud behind a link that notes when each frame's first byte is written.
// The clock starts before the client's fetch(), in this same process, so the client's own
// work counts too. Goal (issue 3): p99 under 10 ms.
import { RelayBoardEmulator } from '../../firmware-protocol/emulator'
import { buildHub } from '../../hub/app'
import { EmulatorLink } from '../../hub/bus/link-emulator'
import { loadConfig } from '../../hub/config'
import { openDatabase } from '../../hub/db/open'
import { fmt, seedDatabase } from './_support'

const BLINDS = 8
const WARM_UP_MOVES = 50
const MOVES = 400
const PAUSE_MS = 5

/** The emulator link, noting when the first byte of each frame is handed to the wire. */
class TimestampingLink extends EmulatorLink {
  readonly writtenAt: number[] = []

  override async write(bytes: Uint8Array): Promise<void> {
    this.writtenAt.push(performance.now())
    return super.write(bytes)
  }
}

const dbPath = seedDatabase(BLINDS, 0)
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

// The safe state at start (every relay off) goes out first; let it finish.
await new Promise((r) => setTimeout(r, 200))

const admin = services.users.list().find((u) => u.username === 'admin')!
const blinds = services.blinds.list({ id: admin.id, isAdmin: true })
if (blinds.length !== BLINDS) throw new Error(`expected ${BLINDS} blinds, got ${blinds.length}`)

const MOVE =
  'mutation Move($ids: [ID!]!, $d: Direction!) { blindMove(ids: $ids, direction: $d) { id motion } }'

/** One move; returns ms to its first frame and ms to the HTTP answer. */
async function move(i: number): Promise<{ firstFrame: number; answered: number }> {
  // Each blind keeps its own direction, so no move reverses a blind and waits a dead time.
  const blindIndex = i % BLINDS
  const direction = blindIndex % 2 === 0 ? 'UP' : 'DOWN'
  const framesBefore = link.writtenAt.length
  const started = performance.now()
  const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      query: MOVE,
      variables: { ids: [blinds[blindIndex]!.id], d: direction },
    }),
  })
  const answered = performance.now() - started
  const body = (await res.json()) as { errors?: unknown }
  if (res.status !== 200 || body.errors)
    throw new Error(`move ${i} failed: ${JSON.stringify(body)}`)
  const first = link.writtenAt[framesBefore]
  if (first === undefined) throw new Error(`move ${i} wrote no frame`)
  return { firstFrame: first - started, answered }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

for (let i = 0; i < WARM_UP_MOVES; i++) await move(i)
const firstFrames: number[] = []
const answers: number[] = []
for (let i = 0; i < MOVES; i++) {
  // A pause, so each move meets a quiet bus (as a tap does) rather than the silence after the last.
  await new Promise((r) => setTimeout(r, PAUSE_MS))
  const { firstFrame, answered } = await move(i)
  firstFrames.push(firstFrame)
  answers.push(answered)
}
firstFrames.sort((a, b) => a - b)
answers.sort((a, b) => a - b)

console.log(
  `${MOVES} blindMove requests over HTTP, ${PAUSE_MS} ms apart (after ${WARM_UP_MOVES} to warm up), ${BLINDS} blinds, emulator at 9600 baud, device-timed pulses, node ${process.version}`,
)
console.log(`request to first frame written, p50: ${fmt(percentile(firstFrames, 50), 2)} ms`)
console.log(
  `request to first frame written, p99: ${fmt(percentile(firstFrames, 99), 2)} ms (goal < 10 ms)`,
)
console.log(`request to first frame written, max: ${fmt(firstFrames.at(-1)!, 2)} ms`)
console.log(
  `request to HTTP answer (frame acknowledged), p50: ${fmt(percentile(answers, 50), 2)} ms`,
)
console.log(
  `request to HTTP answer (frame acknowledged), p99: ${fmt(percentile(answers, 99), 2)} ms`,
)

await app.close()
database.close()
