// The household's settings row (one row, id 1; absent until something is first set): holiday
// mode (whether it is on, since when, the last finished holiday, the random offset), the
// house's location and weather protection's release times.
import { eq } from 'drizzle-orm'
import type { Location } from '../engine/sun'
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

export interface WeatherRecord {
  windReleaseMinutes: number
  rainReleaseMinutes: number
  /** Epoch ms; null: no rain seen. */
  lastRainAt: number | null
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
    this.write({
      holidayEnabled: record.enabled,
      holidaySince: record.since,
      holidayPausedFrom: record.pausedFrom,
      holidayPausedUntil: record.pausedUntil,
      randomOffsetMinutes: record.randomOffsetMinutes,
    })
  }

  /** The location an admin set, or null. */
  location(): Location | null {
    const row = this.db
      .select({ lat: settings.locationLat, lon: settings.locationLon })
      .from(settings)
      .where(eq(settings.id, SETTINGS_ROW))
      .get()
    return row && row.lat !== null && row.lon !== null ? { lat: row.lat, lon: row.lon } : null
  }

  setLocation(location: Location | null): void {
    this.write({ locationLat: location?.lat ?? null, locationLon: location?.lon ?? null })
  }

  /** Weather protection's release times (minutes) and the last time rain was seen. */
  weather(): WeatherRecord {
    const row = this.db
      .select({
        windReleaseMinutes: settings.windReleaseMinutes,
        rainReleaseMinutes: settings.rainReleaseMinutes,
        lastRainAt: settings.lastRainAt,
      })
      .from(settings)
      .where(eq(settings.id, SETTINGS_ROW))
      .get()
    return row ?? { windReleaseMinutes: 10, rainReleaseMinutes: 10, lastRainAt: null }
  }

  setWeather(record: Partial<WeatherRecord>): void {
    this.write(record)
  }

  /** Inserts the row with these columns, or changes just them. */
  private write(values: Partial<typeof settings.$inferInsert>): void {
    this.db
      .insert(settings)
      .values({ id: SETTINGS_ROW, ...values })
      .onConflictDoUpdate({ target: settings.id, set: values })
      .run()
  }
}
