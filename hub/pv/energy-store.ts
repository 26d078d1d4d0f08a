// PV energy on disk: the last good counter reading and the 15-minute slots, changed together
// in one transaction (SQLite with synchronous=FULL), so after a crash or a restart the counter
// on disk is exactly the one the slots have counted up to.
import { and, eq, gte, lte, sql } from 'drizzle-orm'
import type { Db } from '../db/open'
import { pvCounter, pvEnergy } from '../db/schema'
import { localClock } from '../local-clock'
import { countEnergy, type Counter, type CounterReading, type EnergyStep } from './energy'

const COUNTER_ROW = 1

export class EnergyStore {
  constructor(
    private readonly db: Db,
    private readonly timeZone: string,
  ) {}

  counter(): Counter | null {
    const row = this.db.select().from(pvCounter).where(eq(pvCounter.id, COUNTER_ROW)).get()
    return row ? { wh: row.wh, at: row.readAt, serial: row.serial } : null
  }

  /** Counts one reading: the slot's growth and the new counter are written together. */
  record(reading: CounterReading): EnergyStep {
    return this.db.transaction((tx) => {
      const row = tx.select().from(pvCounter).where(eq(pvCounter.id, COUNTER_ROW)).get()
      const last = row ? { wh: row.wh, at: row.readAt, serial: row.serial } : null
      const step = countEnergy(last, reading)
      if (step.kind === 'ignored') return step
      if (step.kind === 'added') {
        tx.insert(pvEnergy)
          .values({ slotStart: step.slotStart, day: this.dayOf(step.slotStart), wh: step.wh })
          .onConflictDoUpdate({
            target: pvEnergy.slotStart,
            set: { wh: sql`${pvEnergy.wh} + ${step.wh}` },
          })
          .run()
      }
      const { wh, at, serial } = step.counter
      tx.insert(pvCounter)
        .values({ id: COUNTER_ROW, wh, readAt: at, serial })
        .onConflictDoUpdate({ target: pvCounter.id, set: { wh, readAt: at, serial } })
        .run()
      return step
    })
  }

  /** YYYY-MM-DD in the hub's time zone. */
  dayOf(at: number): string {
    return localClock(at, this.timeZone).date
  }

  /** Energy of each local day from `from` to `to` (YYYY-MM-DD, both included) with any. */
  days(from: string, to: string): Map<string, number> {
    const rows = this.db
      .select({ day: pvEnergy.day, wh: sql<number>`sum(${pvEnergy.wh})` })
      .from(pvEnergy)
      .where(and(gte(pvEnergy.day, from), lte(pvEnergy.day, to)))
      .groupBy(pvEnergy.day)
      .all()
    return new Map(rows.map((r) => [r.day, r.wh]))
  }

  dayWh(day: string): number {
    return this.days(day, day).get(day) ?? 0
  }
}
