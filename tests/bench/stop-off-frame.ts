// Time from a blindMove STOP request to its off frame on the wire, with the off written ahead
// (committed to the database before the frame, so a hub that dies before hearing the board's
// answer is not counted on by the next start) and without: the same hub, the tracker's
// write-ahead switched off for every other stop, so both meet the same machine and disk. One
// blind at a time, then a room of 8 blinds at once (one frame for their unit). Every blind is
// moving up, far from its end, when it is stopped: each stop is one the hub writes ahead.
// Prints figures; the database lies in the system's temporary folder, whose disk decides what
// a commit costs (a Pi's SD card takes longer).
import Database from 'better-sqlite3'
import { PositionStore } from '../../hub/db/positions'
import { PositionTracker } from '../../hub/position/tracker'
import { printPercentiles, timedHub } from './_first-frame'
import { seedDatabase } from './_support'

const BLINDS = 8
const WARM_UP = 20
const STOPS = 200
const MOVE =
  'mutation Move($ids: [ID!]!, $d: Direction!) { blindMove(ids: $ids, direction: $d) { id motion } }'

const dbPath = seedDatabase(BLINDS, 0)
// Known and closed; 300 s up, so no run comes near the top during the bench.
const seeded = new Database(dbPath)
seeded.exec('UPDATE blinds SET position = 0, tilt = 0, travel_time_up_ms = 300000')
seeded.close()

// The tracker's own write-ahead, and a stand-in that writes nothing, swapped per stop.
const writingAhead = PositionTracker.prototype.stopping
const notWritingAhead: typeof writingAhead = () => Promise.resolve()
// How long each write-ahead kept its off frame waiting: from asking to on disk.
const waits: number[] = []
const offAhead = PositionStore.prototype.offAhead
PositionStore.prototype.offAhead = async function (this: PositionStore, ...args) {
  const started = performance.now()
  await offAhead.apply(this, args)
  waits.push(performance.now() - started)
}

const hub = await timedHub(dbPath)
if (hub.blinds.length !== BLINDS) throw new Error(`expected ${BLINDS} blinds`)

const moving = async (ids: string[]) => {
  for (;;) {
    if (ids.every((id) => hub.services.positions.state(id).motion === 'MOVING_UP')) return
    await new Promise((r) => setTimeout(r, 5))
  }
}

/** Stop request to off frame (ms), written ahead and not, for stops of `count` blinds. */
async function measure(count: number) {
  const figures = { ahead: [] as number[], plain: [] as number[] }
  for (let i = 0; i < WARM_UP + STOPS; i++) {
    const first = (i * count) % BLINDS
    const ids = Array.from({ length: count }, (_, k) => hub.blinds[(first + k) % BLINDS]!.id)
    PositionTracker.prototype.stopping = writingAhead
    await hub.timed(MOVE, { ids, d: 'UP' })
    await moving(ids)
    // A pause, so the stop meets a quiet bus (as a tap does).
    await new Promise((r) => setTimeout(r, 10))
    const ahead = i % 2 === 0
    PositionTracker.prototype.stopping = ahead ? writingAhead : notWritingAhead
    const { firstFrame } = await hub.timed(MOVE, { ids, d: 'STOP' })
    if (i >= WARM_UP) figures[ahead ? 'ahead' : 'plain'].push(firstFrame)
  }
  PositionTracker.prototype.stopping = writingAhead
  return figures
}

const one = await measure(1)
const oneWaits = waits.splice(0)
const room = await measure(BLINDS)
const roomWaits = waits.splice(0)

console.log(
  `${STOPS} blindMove STOP requests over HTTP per case (after ${WARM_UP} to warm up), each to blinds moving up, the off written ahead for every other one; emulator at 9600 baud, device-timed pulses, database in ${dbPath.replace(/\/[^/]+\/[^/]+$/, '')}, node ${process.version}`,
)
printPercentiles('1 blind, stop request to off frame, off written ahead', one.ahead)
printPercentiles('1 blind, stop request to off frame, not written ahead', one.plain)
printPercentiles(`${BLINDS} blinds, stop request to off frame, offs written ahead`, room.ahead)
printPercentiles(`${BLINDS} blinds, stop request to off frame, not written ahead`, room.plain)
printPercentiles('1 blind, the off frame waiting for its write-ahead', oneWaits)
printPercentiles(`${BLINDS} blinds, each off frame waiting for its write-ahead`, roomWaits)
await hub.close()
