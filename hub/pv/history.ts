// The 1-minute PV samples: the mean of the polls within each minute (a value is null when no
// poll of the minute had it), kept 14 days. Finished minutes wait in memory and are written in
// batches (Photovoltaics writes every 15 minutes and at stop: a card wears by the write, not
// by the byte), so a power cut loses at most the chart's last quarter hour, never energy. The
// minutes not written yet are read with the written ones, so a chart drawn now reaches now
// (and the minute before an outage is there while the inverter is away).
import { and, asc, gte, lt } from 'drizzle-orm'
import type { Db } from '../db/open'
import { pvSamples } from '../db/schema'

const SAMPLE_MS = 60_000
const KEEP_SAMPLES_MS = 14 * 24 * 60 * 60_000

export interface PvSampleRow {
  at: number
  powerW: number | null
  dcPowerW: number | null
}

/** A running mean that ignores missing values. */
class Mean {
  private sum = 0
  private count = 0
  add(value: number | null): void {
    if (value === null) return
    this.sum += value
    this.count++
  }
  get value(): number | null {
    return this.count === 0 ? null : this.sum / this.count
  }
}

const MINUTES_PER_DAY = 24 * 60

export class PvHistory {
  private minute: { at: number; power: Mean; dcPower: Mean } | null = null
  /** Finished minutes not written yet, oldest first. */
  private finished: PvSampleRow[] = []

  constructor(private readonly db: Db) {}

  /** One poll's values; the minute before is finished once a poll falls in a later one. */
  add(at: number, powerW: number | null, dcPowerW: number | null): void {
    const minuteAt = Math.floor(at / SAMPLE_MS) * SAMPLE_MS
    if (this.minute && this.minute.at !== minuteAt) this.finish()
    this.minute ??= { at: minuteAt, power: new Mean(), dcPower: new Mean() }
    this.minute.power.add(powerW)
    this.minute.dcPower.add(dcPowerW)
  }

  /** Ends the minute being gathered (at stop, or when a poll opens the next minute). */
  finish(): void {
    const m = this.minute
    this.minute = null
    if (m) this.finished.push({ at: m.at, powerW: m.power.value, dcPowerW: m.dcPower.value })
  }

  /** Whether finished minutes wait to be written. */
  get unwritten(): boolean {
    return this.finished.length > 0
  }

  /**
   * Whether the waiting minutes are worth a write to the card: any with power, or a whole
   * day's. A sleeping inverter's minutes (no power, all night) wait in memory for the morning's
   * batch or the hub's stop: a hub at rest writes nothing.
   */
  get worthWriting(): boolean {
    return (
      this.finished.length >= MINUTES_PER_DAY ||
      this.finished.some((m) => (m.powerW ?? 0) > 0 || (m.dcPowerW ?? 0) > 0)
    )
  }

  /** Writes the finished minutes, inside the caller's transaction; `committed()` after it. */
  write(): void {
    for (const row of this.finished) {
      this.db
        .insert(pvSamples)
        .values(row)
        .onConflictDoUpdate({
          target: pvSamples.at,
          set: { powerW: row.powerW, dcPowerW: row.dcPowerW },
        })
        .run()
    }
  }

  /** The last write's commit holds: its minutes wait no more. */
  committed(): void {
    this.finished = []
  }

  /** Samples in [from, to), oldest first, the minute being gathered with its polls so far. */
  range(from: number, to: number): PvSampleRow[] {
    const written = this.db
      .select()
      .from(pvSamples)
      .where(and(gte(pvSamples.at, from), lt(pvSamples.at, to)))
      .orderBy(asc(pvSamples.at))
      .all()
    const m = this.minute
    const unwritten = this.finished.filter((s) => s.at >= from && s.at < to)
    if (m && m.at >= from && m.at < to)
      unwritten.push({ at: m.at, powerW: m.power.value, dcPowerW: m.dcPower.value })
    if (unwritten.length === 0) return written
    // After a restart within a minute, its row is on disk too; the one in memory wins.
    const fresh = new Set(unwritten.map((s) => s.at))
    return [...written.filter((s) => !fresh.has(s.at)), ...unwritten].sort((a, b) => a.at - b.at)
  }

  /** Drops samples older than 14 days; returns how many went. */
  purge(now: number): number {
    return this.db
      .delete(pvSamples)
      .where(lt(pvSamples.at, now - KEEP_SAMPLES_MS))
      .run().changes
  }
}
