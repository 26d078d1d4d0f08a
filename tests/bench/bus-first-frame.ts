// Time from a blindMove request to its first frame on the wire (tests/bench/_first-frame.ts).
// The clock starts before the client's fetch(), in this same process, so the client's own
// work counts too. Since positions (issue 11) the run's record is committed before its frame.
// Goal (issue 3): p99 under 10 ms.
import { printFirstFrames, timedHub } from './_first-frame'
import { seedDatabase } from './_support'

const BLINDS = 8
const WARM_UP_MOVES = 50
const MOVES = 400
const PAUSE_MS = 5
const MOVE =
  'mutation Move($ids: [ID!]!, $d: Direction!) { blindMove(ids: $ids, direction: $d) { id motion } }'

const hub = await timedHub(seedDatabase(BLINDS, 0))
if (hub.blinds.length !== BLINDS) throw new Error(`expected ${BLINDS} blinds`)

// Each blind keeps its own direction, so no move reverses a blind and waits a dead time.
const move = (i: number) =>
  hub.timed(MOVE, { ids: [hub.blinds[i % BLINDS]!.id], d: i % 2 === 0 ? 'UP' : 'DOWN' })

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
console.log(
  `${MOVES} blindMove requests over HTTP, ${PAUSE_MS} ms apart (after ${WARM_UP_MOVES} to warm up), ${BLINDS} blinds, emulator at 9600 baud, device-timed pulses, node ${process.version}`,
)
printFirstFrames(firstFrames, answers)
await hub.close()
