// Time from a blindSetPosition request to its first frame on the wire, as bus-first-frame
// measures blindMove (tests/bench/_first-frame.ts). A position move plans its run and commits
// its run's record before the frame: both are in the figure. Every blind starts closed and
// each request takes it further up, so no move waits out a reversal.
// Goal (issue 11): p99 under 10 ms, as blindMove.
import Database from 'better-sqlite3'
import { printFirstFrames, timedHub } from './_first-frame'
import { seedDatabase } from './_support'

const BLINDS = 8
const WARM_UP = 40
const MOVES = 400
const PAUSE_MS = 5
const SET =
  'mutation Set($ids: [ID!]!, $p: Int) { blindSetPosition(ids: $ids, position: $p) { id motion } }'

const dbPath = seedDatabase(BLINDS, 0)
// Known and closed; 300 s up, so one point up is 3 s of motor time, never skipped.
const seeded = new Database(dbPath)
seeded.exec('UPDATE blinds SET position = 0, tilt = 0, travel_time_up_ms = 300000')
seeded.close()
const hub = await timedHub(dbPath)

// Each blind one point further up than its last target: always the same way.
const setPosition = (i: number) =>
  hub.timed(SET, {
    ids: [hub.blinds[i % BLINDS]!.id],
    p: Math.min(99, 1 + Math.floor(i / BLINDS)),
  })

for (let i = 0; i < WARM_UP; i++) await setPosition(i)
const firstFrames: number[] = []
const answers: number[] = []
for (let i = WARM_UP; i < WARM_UP + MOVES; i++) {
  await new Promise((r) => setTimeout(r, PAUSE_MS))
  const { firstFrame, answered } = await setPosition(i)
  firstFrames.push(firstFrame)
  answers.push(answered)
}
console.log(
  `${MOVES} blindSetPosition requests over HTTP, ${PAUSE_MS} ms apart (after ${WARM_UP} to warm up), ${BLINDS} blinds, emulator at 9600 baud, device-timed pulses, node ${process.version}`,
)
printFirstFrames(firstFrames, answers)
await hub.close()
