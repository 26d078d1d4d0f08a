// Where blinds stand, on disk: the settled position written at every stop, and the write-ahead
// record of every relay run, written before its frame goes out, as is an off that cuts a run
// short (ARCHITECTURE.md section 9).
// Writes go to disk together at the end of the event loop's turn, in one transaction that
// SQLite's synchronous=FULL makes survive a power cut.
import { eq, inArray, sql } from 'drizzle-orm'
import type { Side } from '../bus/side'
import type { Pose, TravelTimes } from '../position/travel'
import type { Db } from './open'
import { blindMotions, blinds } from './schema'

export interface MotionRecord {
  blindId: string
  side: Side
  relayMs: number
  boardTimed: boolean
  /** What was left of the start delay when the relay closed. */
  delayLeftMs: number
  from: Pose | null
  /** Wall-clock ms. */
  writtenAt: number
  acknowledgedAt: number | null
  /** When an off was first asked for this run, written ahead (wall-clock ms), or null. */
  offAskedAt: number | null
}

export interface PlacedBlind extends TravelTimes {
  id: string
  pose: Pose | null
}

const poseOf = (position: number | null, tilt: number | null): Pose | null =>
  position === null ? null : { position, tilt: tilt ?? 0 }

interface Write {
  run(): void
  resolve?: (() => void) | undefined
  reject?: ((err: Error) => void) | undefined
}

export class PositionStore {
  private queue: Write[] = []
  private scheduled = false
  private closed = false

  /** Prepared once: a record is written before every frame that starts a run. */
  private readonly upsertStatement: ReturnType<typeof prepareUpsert>

  constructor(private readonly db: Db) {
    this.upsertStatement = prepareUpsert(db)
  }

  /** Every blind's travel times and settled pose. */
  blinds(): PlacedBlind[] {
    return this.db
      .select({
        id: blinds.id,
        travelTimeUpMs: blinds.travelTimeUpMs,
        travelTimeDownMs: blinds.travelTimeDownMs,
        motorStartDelayMs: blinds.motorStartDelayMs,
        tiltTimeMs: blinds.tiltTimeMs,
        position: blinds.position,
        tilt: blinds.tilt,
      })
      .from(blinds)
      .all()
      .map(({ position, tilt, ...rest }) => ({ ...rest, pose: poseOf(position, tilt) }))
  }

  /** The runs a previous process started and never settled. */
  motions(): MotionRecord[] {
    return this.db
      .select()
      .from(blindMotions)
      .all()
      .map(({ fromPosition, fromTilt, ...rest }) => ({
        ...rest,
        from: poseOf(fromPosition, fromTilt),
      }))
  }

  /**
   * Before the frame that starts a run: what the run will be, replacing an older record. On
   * disk when this returns (with whatever else was waiting): the frame goes right after.
   */
  writeAhead(record: MotionRecord): void {
    let failed: Error | undefined
    this.enqueue(
      () => this.upsert(record),
      () => undefined,
      (err) => (failed = err),
    )
    this.flush()
    if (failed) throw failed
  }

  /**
   * Before a frame that switches these blinds' runs off: when the off was asked (wall-clock
   * ms). Resolves once on disk, with whatever else waits: the offs asked in one turn of the
   * event loop (a room's stop) share one commit. Never rejects: an off goes out whatever the
   * disk says (the next start may then count the run on).
   */
  offAhead(blindIds: readonly string[], at: number): Promise<void> {
    if (this.closed || blindIds.length === 0) return Promise.resolve()
    return new Promise((resolve) =>
      this.enqueue(
        () => {
          this.db
            .update(blindMotions)
            .set({ offAskedAt: at })
            .where(inArray(blindMotions.blindId, [...blindIds]))
            .run()
        },
        resolve,
        () => resolve(),
      ),
    )
  }

  /** The run as it went on, its start acknowledged: replaces the record written ahead. */
  record(record: MotionRecord): void {
    this.enqueue(() => this.upsert(record))
  }

  /** The blind stopped here: its pose is written and its run record goes. */
  settle(blindId: string, pose: Pose | null): void {
    this.enqueue(() => {
      this.db
        .update(blinds)
        .set({ position: pose?.position ?? null, tilt: pose?.tilt ?? null })
        .where(eq(blinds.id, blindId))
        .run()
      this.db.delete(blindMotions).where(eq(blindMotions.blindId, blindId)).run()
    })
  }

  /** Commits what waits, and writes nothing after: the database is about to close. */
  close(): void {
    this.flush()
    this.closed = true
  }

  /** Commits every write asked for so far, now. */
  flush(): void {
    this.scheduled = false

    const writes = this.queue.splice(0)
    if (writes.length === 0) return
    const done: (() => void)[] = []
    try {
      this.db.transaction(
        () => {
          for (const write of writes) {
            try {
              write.run()
              if (write.resolve) done.push(write.resolve)
            } catch (err) {
              // One write that cannot be made (its blind was deleted meanwhile) spoils none of
              // the others; a record written ahead that failed stops its frame.
              write.reject?.(err as Error)
            }
          }
        },
        { behavior: 'immediate' },
      )
    } catch (err) {
      // The commit failed: none of them is on disk. Whoever waits hears so.
      for (const write of writes) write.reject?.(err as Error)
      throw err
    }
    for (const resolve of done) resolve()
  }

  /**
   * Writes wait for the end of the event loop's turn (or the next record written ahead) and
   * go to disk together, in one transaction: the commits of a room's blinds stopping at once
   * cost one sync, and the loop is blocked once, not once per blind (its timing of the
   * board's answers depends on that).
   */
  private enqueue(run: () => void, resolve?: () => void, reject?: (err: Error) => void): void {
    if (this.closed) return
    this.queue.push({ run, resolve, reject })
    if (this.scheduled) return
    this.scheduled = true
    setImmediate(() => this.flush())
  }

  private upsert(record: MotionRecord): void {
    const { from, boardTimed, ...rest } = record
    this.upsertStatement.run({
      ...rest,
      boardTimed: boardTimed ? 1 : 0,
      fromPosition: from?.position ?? null,
      fromTilt: from?.tilt ?? null,
    })
  }
}

function prepareUpsert(db: Db) {
  return db
    .insert(blindMotions)
    .values({
      blindId: sql.placeholder('blindId'),
      side: sql.placeholder('side'),
      relayMs: sql.placeholder('relayMs'),
      boardTimed: sql.placeholder('boardTimed'),
      delayLeftMs: sql.placeholder('delayLeftMs'),
      fromPosition: sql.placeholder('fromPosition'),
      fromTilt: sql.placeholder('fromTilt'),
      writtenAt: sql.placeholder('writtenAt'),
      acknowledgedAt: sql.placeholder('acknowledgedAt'),
      offAskedAt: sql.placeholder('offAskedAt'),
    })
    .onConflictDoUpdate({
      target: blindMotions.blindId,
      set: {
        side: sql`excluded.side`,
        relayMs: sql`excluded.relay_ms`,
        boardTimed: sql`excluded.board_timed`,
        delayLeftMs: sql`excluded.delay_left_ms`,
        fromPosition: sql`excluded.from_position`,
        fromTilt: sql`excluded.from_tilt`,
        writtenAt: sql`excluded.written_at`,
        acknowledgedAt: sql`excluded.acknowledged_at`,
        offAskedAt: sql`excluded.off_asked_at`,
      },
    })
    .prepare()
}
