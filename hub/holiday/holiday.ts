// Holiday mode (ARCHITECTURE.md section 12): one switch that pauses every CRON and SUN trigger
// and all shading (manual runs still work), and a random offset of up to 30 minutes that
// shifts each CRON and SUN firing so the house looks lived-in. Kept in the settings row; other
// modules ask `enabled` or `pausedUntil(at)` and hear of changes as 'holiday:changed'.
import { SettingsStore, type HolidayRecord } from '../db/settings'
import type { Db } from '../db/open'
import type { HubEvents } from '../events'
import { checkRandomOffset } from '../validation/shading'
import type { HolidayState } from './holiday-state'

export type { HolidayState } from './holiday-state'

export interface HolidayDeps {
  db: Db
  events: HubEvents
  now: () => number
}

export class Holiday {
  private readonly store: SettingsStore
  private record: HolidayRecord

  constructor(private readonly deps: HolidayDeps) {
    this.store = new SettingsStore(deps.db)
    this.record = this.store.holiday()
  }

  get enabled(): boolean {
    return this.record.enabled
  }

  get randomOffsetMinutes(): number {
    return this.record.randomOffsetMinutes
  }

  state(): HolidayState {
    const { enabled, randomOffsetMinutes, since } = this.record
    return {
      enabled,
      randomOffsetMinutes,
      since: since === null ? null : new Date(since).toISOString(),
    }
  }

  /**
   * Whether holiday mode held at `at` (now, or a firing found due late): the end of that
   * holiday in epoch ms (Infinity while it goes on), or null if none held then. The current
   * holiday and the last finished one are known.
   */
  pausedUntil(at: number): number | null {
    const { enabled, since, pausedFrom, pausedUntil } = this.record
    if (enabled && since !== null && at >= since) return Infinity
    if (pausedFrom !== null && pausedUntil !== null && at >= pausedFrom && at < pausedUntil) {
      return pausedUntil
    }
    return null
  }

  /**
   * Switches holiday mode (an admin's holidaySet); a null offset keeps the one set. Checks
   * before it writes, so a bad offset changes nothing.
   */
  set(enabled: boolean, randomOffsetMinutes?: number | null): HolidayState {
    const offset =
      randomOffsetMinutes == null
        ? this.record.randomOffsetMinutes
        : checkRandomOffset('randomOffsetMinutes', randomOffsetMinutes)
    const before = this.record
    const now = this.deps.now()
    let next: HolidayRecord = { ...before, randomOffsetMinutes: offset }
    if (enabled && !before.enabled) next = { ...next, enabled: true, since: now }
    if (!enabled && before.enabled) {
      next = { ...next, enabled: false, since: null, pausedFrom: before.since, pausedUntil: now }
    }
    if (JSON.stringify(next) === JSON.stringify(before)) return this.state()
    this.store.setHoliday(next)
    this.record = next
    this.deps.events.emit('holiday:changed', this.state())
    return this.state()
  }
}
