// Shading's rows: each blind's state (active, since, where to return, a person's pause) and
// the history of the moves shading made. A move and the state it leads to are written in one
// transaction, before the blind is sent off.
import { randomUUID } from 'node:crypto'
import { desc, eq, inArray } from 'drizzle-orm'
import { checkIntegerIn } from '../validation/fields'
import type { Db } from './open'
import { shadingMoves, shadingStates } from './schema'
import { visibleBlindIds, type Viewer } from './visibility'

export const MOVES_LIMIT_MAX = 500
export const MOVES_LIMIT_DEFAULT = 50

export type StoredShading = Omit<typeof shadingStates.$inferSelect, 'blindId'>
export type MoveReason = (typeof shadingMoves.$inferSelect)['reason']

/** A move as the API shows it. */
export interface ShadingMove {
  id: string
  blindId: string
  /** ISO-8601 UTC. */
  at: string
  reason: MoveReason
  /** Where the blind stood, 0-100 (null: not known), and where shading took it. */
  fromPosition: number | null
  fromTilt: number | null
  toPosition: number
  toTilt: number | null
}

export interface NewMove {
  blindId: string
  at: number
  reason: MoveReason
  fromPosition: number | null
  fromTilt: number | null
  toPosition: number
  toTilt: number | null
}

const round = (n: number | null) => (n === null ? null : Math.round(n))

export class ShadingStore {
  constructor(private readonly db: Db) {}

  /** Every blind's stored state. */
  states(): Map<string, StoredShading> {
    const rows = this.db.select().from(shadingStates).all()
    return new Map(rows.map(({ blindId, ...state }) => [blindId, state]))
  }

  save(blindId: string, state: StoredShading): void {
    this.db
      .insert(shadingStates)
      .values({ blindId, ...state })
      .onConflictDoUpdate({ target: shadingStates.blindId, set: state })
      .run()
  }

  /** The move on record and the state it leads to, in one transaction. */
  recordMove(move: NewMove, state: StoredShading): void {
    this.db.transaction(
      (tx) => {
        tx.insert(shadingMoves)
          .values({ id: randomUUID(), ...move })
          .run()
        tx.insert(shadingStates)
          .values({ blindId: move.blindId, ...state })
          .onConflictDoUpdate({ target: shadingStates.blindId, set: state })
          .run()
      },
      { behavior: 'immediate' },
    )
  }

  /** Forgets a blind's state (its shading was switched off). */
  forget(blindId: string): void {
    this.db.delete(shadingStates).where(eq(shadingStates.blindId, blindId)).run()
  }

  /**
   * Newest first: one blind's moves (the caller has checked the viewer may see it), or the
   * moves of every blind the viewer sees.
   */
  moves(viewer: Viewer, blindId: string | null, limit: number): ShadingMove[] {
    checkIntegerIn('limit', limit, 1, MOVES_LIMIT_MAX)
    const ids =
      blindId !== null ? [blindId] : viewer.isAdmin ? null : [...visibleBlindIds(this.db, viewer)]
    if (ids?.length === 0) return []
    return this.db
      .select()
      .from(shadingMoves)
      .where(ids ? inArray(shadingMoves.blindId, ids) : undefined)
      .orderBy(desc(shadingMoves.at))
      .limit(limit)
      .all()
      .map((r) => ({
        ...r,
        at: new Date(r.at).toISOString(),
        fromPosition: round(r.fromPosition),
        fromTilt: round(r.fromTilt),
      }))
  }
}
