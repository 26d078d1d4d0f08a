// Where blinds stand, on disk: the settled position written at every stop, and the write-ahead
// record of every relay run, written before its frame goes out (ARCHITECTURE.md section 9).
// Each method is one transaction; SQLite's synchronous=FULL makes each survive a power cut.
import { eq } from 'drizzle-orm'
import type { Side } from '../bus/relays'
import type { Pose, TravelTimes } from '../position/travel'
import type { Db } from './open'
import { blindMotions, blinds } from './schema'

export interface MotionRecord {
  blindId: string
  side: Side
  relayMs: number
  boardTimed: boolean
  fromRest: boolean
  from: Pose | null
  /** Wall-clock ms. */
  writtenAt: number
  acknowledgedAt: number | null
}

export interface PlacedBlind extends TravelTimes {
  id: string
  pose: Pose | null
}

const poseOf = (position: number | null, tilt: number | null): Pose | null =>
  position === null ? null : { position, tilt: tilt ?? 0 }

export class PositionStore {
  constructor(private readonly db: Db) {}

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

  /** Before the frame that starts a run: what the run will be. Replaces an older record. */
  writeAhead(record: MotionRecord): void {
    const { from, ...rest } = record
    const row = { ...rest, fromPosition: from?.position ?? null, fromTilt: from?.tilt ?? null }
    this.db
      .insert(blindMotions)
      .values(row)
      .onConflictDoUpdate({ target: blindMotions.blindId, set: row })
      .run()
  }

  /** The board acknowledged the start. */
  acknowledge(blindId: string, at: number): void {
    this.db
      .update(blindMotions)
      .set({ acknowledgedAt: Math.round(at) })
      .where(eq(blindMotions.blindId, blindId))
      .run()
  }

  /** The blind stopped here: its pose is written and its run record goes, in one commit. */
  settle(blindId: string, pose: Pose | null): void {
    this.db.transaction(
      (tx) => {
        tx.update(blinds)
          .set({ position: pose?.position ?? null, tilt: pose?.tilt ?? null })
          .where(eq(blinds.id, blindId))
          .run()
        tx.delete(blindMotions).where(eq(blindMotions.blindId, blindId)).run()
      },
      { behavior: 'immediate' },
    )
  }
}
