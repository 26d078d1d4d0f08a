// PV energy: the last good counter reading and the 15-minute slots. Readings are counted in
// memory and written in batches (Photovoltaics writes every 15 minutes and at stop), the
// counter and the slots it counted up to together in one transaction, so the file always holds
// a counter and the slots that match it. The inverter keeps the lifetime counter: after a power
// cut the next reading counts, from the counter on disk, the energy of the lost batch too (in
// the slot of that reading), so no energy is lost or counted twice. A baseline (the first
// reading, or another inverter's) is written at once.
import { and, eq, gte, lte, sql } from 'drizzle-orm'
import type { Db } from '../db/open'
import { pvCounter, pvEnergy } from '../db/schema'
import { localClock } from '../local-clock'
import { countEnergy, type Counter, type CounterReading, type EnergyStep } from './energy'

const COUNTER_ROW = 1

export class EnergyStore {
  private last: Counter | null
  /** Counted since the last write: Wh by slot start. */
  private readonly pending = new Map<number, number>()
  private counterChanged = false

  constructor(
    private readonly db: Db,
    private readonly timeZone: string,
  ) {
    const row = this.db.select().from(pvCounter).where(eq(pvCounter.id, COUNTER_ROW)).get()
    this.last = row ? { wh: row.wh, at: row.readAt, serial: row.serial } : null
  }

  counter(): Counter | null {
    return this.last
  }

  /** Counts one reading in memory; a baseline is written at once. */
  record(reading: CounterReading): EnergyStep {
    const step = countEnergy(this.last, reading)
    if (step.kind === 'ignored') return step
    if (step.kind === 'baseline') {
      // Another inverter's slots so far belong to the old count: written with it, and the new
      // baseline after them, in one commit.
      this.db.transaction(() => {
        this.write()
        this.last = step.counter
        this.counterChanged = true
        this.writeCounter()
      })
      this.committed()
      return step
    }
    this.pending.set(step.slotStart, (this.pending.get(step.slotStart) ?? 0) + step.wh)
    this.last = step.counter
    this.counterChanged = true
    return step
  }

  /** Whether anything counted is not written yet. */
  get unwritten(): boolean {
    return this.counterChanged
  }

  /**
   * Writes the slots counted since the last write and the counter they add up to, inside the
   * caller's transaction (Photovoltaics writes the minutes in the same one). They stay waiting
   * until `committed()`: a commit that fails loses nothing.
   */
  write(): void {
    if (!this.counterChanged || !this.last) return
    for (const [slotStart, wh] of this.pending) {
      this.db
        .insert(pvEnergy)
        .values({ slotStart, day: this.dayOf(slotStart), wh })
        .onConflictDoUpdate({
          target: pvEnergy.slotStart,
          set: { wh: sql`${pvEnergy.wh} + ${wh}` },
        })
        .run()
    }
    this.writeCounter()
  }

  /** The last write's commit holds: what it wrote waits no more. */
  committed(): void {
    this.pending.clear()
    this.counterChanged = false
  }

  private writeCounter(): void {
    if (!this.last) return
    const { wh, at, serial } = this.last
    this.db
      .insert(pvCounter)
      .values({ id: COUNTER_ROW, wh, readAt: at, serial })
      .onConflictDoUpdate({ target: pvCounter.id, set: { wh, readAt: at, serial } })
      .run()
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
    const days = new Map(rows.map((r) => [r.day, r.wh]))
    for (const [slotStart, wh] of this.pending) {
      const day = this.dayOf(slotStart)
      if (day >= from && day <= to) days.set(day, (days.get(day) ?? 0) + wh)
    }
    return days
  }

  dayWh(day: string): number {
    return this.days(day, day).get(day) ?? 0
  }
}
