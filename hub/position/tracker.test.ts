// Where a blind is after a crash that lost the answer to an off: the tracker writes the off
// ahead (on a real SQLite file), and the next start, on the same file, places the blind between
// that off and its own all-off, or says it does not know. The clock is the test's.
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { temporaryFolders } from '../../tests/helpers/temporary-folders'
import { openDatabase, type OpenDatabase } from '../db/open'
import { PositionStore } from '../db/positions'
import { blinds } from '../db/schema'
import { PositionTracker } from './tracker'

const temporaryFolder = temporaryFolders('lamella-tracker-')
const T0 = 1_800_000_000_000
const ID = 'kitchen'

interface Hub {
  tracker: PositionTracker
  database: OpenDatabase
}
const opened: OpenDatabase[] = []
afterEach(async () => {
  // The writes queued for the end of the turn go first.
  await turn()
  opened.splice(0).forEach((d) => d.close())
})

/**
 * A card with one blind on it (or one per id, on one unit), 20 s each way (5 points a second),
 * known at `position`.
 */
function card(position: number | null, travelMs = 20_000, ids = [ID]): string {
  const path = join(temporaryFolder(), 'lamella.db')
  const database = openDatabase(path)
  ids.forEach((id, i) =>
    database.db
      .insert(blinds)
      .values({
        id,
        name: id,
        nameKey: id,
        addressUp: `1:${2 * i}`,
        addressDown: `1:${2 * i + 1}`,
        travelTimeUpMs: travelMs,
        travelTimeDownMs: travelMs,
        position,
        tilt: position === null ? null : 0,
        createdAt: 1,
        updatedAt: 1,
      })
      .run(),
  )
  database.close()
  return path
}

/** A hub process on the card, its clock at `clock.now`. */
function start(path: string, clock: { now: number }): Hub {
  const database = openDatabase(path)
  opened.push(database)
  const tracker = new PositionTracker({
    store: new PositionStore(database.db),
    now: () => clock.now,
    changed: () => undefined,
  })
  tracker.start()
  return { tracker, database }
}

/** The end of the event loop's turn, when the tracker's queued writes go to disk. */
const turn = () => new Promise((r) => setImmediate(r))

/** The process dies: whatever it queued for the end of this turn was written, nothing after. */
async function crash(hub: Hub): Promise<void> {
  await turn()
  hub.database.close()
}

const offAsked = (hub: Hub) =>
  hub.database.sqlite.prepare('SELECT off_asked_at AS at FROM blind_motions').all()

describe('a hub that dies after asking for an off, before hearing its answer', () => {
  it('is placed halfway between that off and the next start’s all-off when those lie within 3 points', async () => {
    const clock = { now: T0 }
    const path = card(100, 300_000)
    const first = start(path, clock)
    first.tracker.on(ID, 'DOWN', T0, 300_000, false)
    await turn()
    clock.now = T0 + 30_000 // 10 points down: at 90
    await first.tracker.stopping([ID], null)
    await crash(first)

    clock.now = T0 + 33_000 // 1 point further, had the relay stayed on
    const next = start(path, clock)
    next.tracker.allOff([ID], clock.now)
    expect(next.tracker.estimate(ID)?.position).toBeCloseTo(89.5, 6)
    await turn()
    expect(offAsked(next)).toEqual([])
  })

  it('says it does not know where the blind is when the next start came too long after the off', async () => {
    const clock = { now: T0 }
    const path = card(100)
    const first = start(path, clock)
    first.tracker.on(ID, 'DOWN', T0, 20_000, false)
    await turn()
    clock.now = T0 + 1500
    await first.tracker.stopping([ID], null)
    expect(offAsked(first)).toEqual([{ at: T0 + 1500 }])
    await crash(first)

    clock.now = T0 + 10_000 // the off at 92.5, the all-off at 50
    const next = start(path, clock)
    next.tracker.allOff([ID], clock.now)
    expect(next.tracker.state(ID)).toMatchObject({ motion: 'IDLE', position: null })
  })

  it('keeps the first off asked when it is asked again', async () => {
    const clock = { now: T0 }
    const path = card(100)
    const first = start(path, clock)
    first.tracker.on(ID, 'DOWN', T0, 20_000, false)
    await turn()
    clock.now = T0 + 1000
    await first.tracker.stopping([ID], 'DOWN')
    clock.now = T0 + 1250
    await first.tracker.stopping([ID], null)
    expect(offAsked(first)).toEqual([{ at: T0 + 1000 }])
    await crash(first)
  })

  it('counts a board-timed pulse to its end, the off written, when the stop came before it', async () => {
    const clock = { now: T0 }
    const path = card(100)
    const first = start(path, clock)
    first.tracker.on(ID, 'DOWN', T0, 2000, true)
    await turn()
    clock.now = T0 + 1800 // 1 point before the board ends the pulse at 90
    await first.tracker.stopping([ID], null)
    expect(offAsked(first)).toEqual([{ at: T0 + 1800 }])
    await crash(first)

    clock.now = T0 + 5000
    const next = start(path, clock)
    // Between 91 and 90.
    expect(next.tracker.estimate(ID)?.position).toBeCloseTo(90.5, 6)
  })
})

describe('an off that changes nothing the next start would not know', () => {
  it('is not written for a board-timed pulse that ends by itself within a point', async () => {
    const clock = { now: T0 }
    const path = card(100)
    const first = start(path, clock)
    first.tracker.on(ID, 'DOWN', T0, 2000, true)
    await turn()
    clock.now = T0 + 1950 // the hub's own end, a quarter of a point before the board's
    await first.tracker.stopping([ID], 'DOWN')
    expect(offAsked(first)).toEqual([{ at: null }])
    await crash(first)

    clock.now = T0 + 5000
    const next = start(path, clock)
    expect(next.tracker.estimate(ID)?.position).toBe(90)
  })

  it('is not written for a run that has reached its end stop, and the blind is there after a crash', async () => {
    const clock = { now: T0 }
    const path = card(10)
    const first = start(path, clock)
    first.tracker.on(ID, 'DOWN', T0, 4000, false)
    await turn()
    clock.now = T0 + 3500 // at 0 since 2 s
    await first.tracker.stopping([ID], null)
    expect(offAsked(first)).toEqual([{ at: null }])
    await crash(first)

    clock.now = T0 + 9000
    const next = start(path, clock)
    next.tracker.allOff([ID], clock.now)
    expect(next.tracker.estimate(ID)?.position).toBe(0)
  })

  it('is not written for a blind at rest', async () => {
    const clock = { now: T0 }
    const first = start(card(50), clock)
    await first.tracker.stopping([ID], null)
    expect(offAsked(first)).toEqual([])
    await crash(first)
  })
})

describe('offs asked in one turn of the event loop', () => {
  it('go to disk in one commit for a room of blinds stopping, as one blind’s off does', async () => {
    const clock = { now: T0 }
    const room = ['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7', 'b8']
    const hub = start(card(100, 20_000, room), clock)
    for (const id of room) hub.tracker.on(id, 'DOWN', T0, 20_000, false)
    await turn()
    clock.now = T0 + 1000
    // Every commit appends the pages it changed to the write-ahead log: one here.
    const pagesCommitted = async (stopping: () => Promise<unknown>) => {
      hub.database.sqlite.pragma('wal_checkpoint(TRUNCATE)')
      await stopping()
      const [checkpoint] = hub.database.sqlite.pragma('wal_checkpoint(PASSIVE)') as {
        log: number
      }[]
      return checkpoint!.log
    }
    const one = await pagesCommitted(() => hub.tracker.stopping(['b1'], null))
    const seven = await pagesCommitted(() =>
      Promise.all(room.slice(1).map((id) => hub.tracker.stopping([id], null))),
    )
    expect(seven).toBe(one)
    expect(offAsked(hub)).toEqual(room.map(() => ({ at: T0 + 1000 })))
  })
})

describe('an off whose answer comes', () => {
  it('stops the blind where the board acted, written ahead or not', async () => {
    const clock = { now: T0 }
    const path = card(100)
    const first = start(path, clock)
    first.tracker.on(ID, 'DOWN', T0, 20_000, false)
    await turn()
    clock.now = T0 + 1000
    await first.tracker.stopping([ID], null)
    clock.now = T0 + 1400
    first.tracker.off(ID, 'DOWN', T0 + 1200)
    expect(first.tracker.estimate(ID)?.position).toBe(94)
    await crash(first)

    const next = start(path, clock)
    expect(next.tracker.estimate(ID)?.position).toBe(94)
    expect(offAsked(next)).toEqual([])
  })
})
