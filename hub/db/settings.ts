// The household's settings row (one row, id 1; absent until something is first set). For now
// holiday mode: whether it is on, since when, the last finished holiday, and the random offset.
import { eq } from 'drizzle-orm'
import type { Db } from './open'
import { settings } from './schema'

const SETTINGS_ROW = 1

export interface HolidayRecord {
  enabled: boolean
  /** Epoch ms since when it is on; null while off. */
  since: number | null
  /** The last holiday that ended, [from, until) in epoch ms; null before the first. */
  pausedFrom: number | null
  pausedUntil: number | null
  randomOffsetMinutes: number
}

export const NO_HOLIDAY: HolidayRecord = {
  enabled: false,
  since: null,
  pausedFrom: null,
  pausedUntil: null,
  randomOffsetMinutes: 0,
}

export class SettingsStore {
  constructor(private readonly db: Db) {}

  holiday(): HolidayRecord {
    const row = this.db.select().from(settings).where(eq(settings.id, SETTINGS_ROW)).get()
    if (!row) return NO_HOLIDAY
    return {
      enabled: row.holidayEnabled,
      since: row.holidaySince,
      pausedFrom: row.holidayPausedFrom,
      pausedUntil: row.holidayPausedUntil,
      randomOffsetMinutes: row.randomOffsetMinutes,
    }
  }

  setHoliday(record: HolidayRecord): void {
    const values = {
      holidayEnabled: record.enabled,
      holidaySince: record.since,
      holidayPausedFrom: record.pausedFrom,
      holidayPausedUntil: record.pausedUntil,
      randomOffsetMinutes: record.randomOffsetMinutes,
    }
    this.db
      .insert(settings)
      .values({ id: SETTINGS_ROW, ...values })
      .onConflictDoUpdate({ target: settings.id, set: values })
      .run()
  }
}
