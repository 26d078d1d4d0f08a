// Fires CRON and SUN triggers. Each enabled automation has its next firing, and one timer
// waits for the earliest of them all; creating, changing or deleting an automation
// reschedules it at once. Firings due together start together, in one transaction. A firing
// found late by under 5 minutes (slow start, busy CPU, a clock step) still runs; an older one
// is recorded as a missed run, never silently dropped.
// Holiday mode (hub/holiday) skips every firing due while it holds, without a record; its
// random offset shifts each firing by up to N minutes (never past the next one), and lateness
// counts from the shifted time, so a shifted firing is neither late nor missed. The house's
// location may be set or changed while the hub runs: SUN triggers are then scheduled anew.
import { systemClock, type Clock, type ClockTimer } from '../clock/clock'
import type { ScheduledTrigger } from '../db/automation-plans'
import type { RunSource } from '../db/runs'
import { CronSchedule } from './cron'
import { nextSunTrigger, type Location } from './sun'

export const MISSED_GRACE_MS = 5 * 60_000
/** How far back a start looks for firings it missed while the hub was down. */
export const CATCH_UP_WINDOW_MS = 7 * 24 * 3600_000
/** Missed firings recorded one by one per automation, at most, in one catch-up. */
export const MISSED_RECORDS_MAX = 50
/** Timers are re-armed at least this often, so a clock step is noticed. */
export const MAX_TIMER_MS = 15 * 60_000

export interface SchedulerDeps {
  now: () => number
  timeZone: string
  /** The house's location, asked whenever a SUN trigger is scheduled; undefined while unknown. */
  location: () => Location | undefined
  /** The triggers of the automations given, or of all. */
  triggers(ids?: string[]): ScheduledTrigger[]
  /**
   * Starts the runs of firings due together, on record in one transaction. Gives for each
   * firing why it could not start (e.g. still running), or null.
   */
  fire(firings: Firing[]): (string | null)[]
  missed(automationId: string, source: RunSource, dueAt: number, why: string): void
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void }
  /** Holiday mode: whether it is on, and until when it held at a time (hub/holiday). */
  holiday?: HolidayPause
  /** The lived-in offset's bound, 0-30 minutes, asked at each firing drawn. */
  randomOffsetMinutes?: () => number
  /** A number in [0, 1); Math.random unless a test passes its own. */
  random?: () => number
  /** Its timer (default the system's); `now` stays the wall clock it plans by. */
  clock?: Clock
}

export interface HolidayPause {
  readonly enabled: boolean
  /** The end of the holiday that held at `at` (Infinity while it goes on), or null. */
  pausedUntil(at: number): number | null
}

export interface Firing {
  automationId: string
  source: RunSource
  dueAt: number
}

interface Entry {
  trigger: ScheduledTrigger['trigger']
  next: (after: number) => number | null
  source: RunSource
  /** The next firing as the trigger says, and when it really fires (shifted by the offset). */
  due: number | null
  at: number | null
}

export class Scheduler {
  private readonly entries = new Map<string, Entry>()
  private timer: ClockTimer | undefined
  private running = false

  private get clock(): Clock {
    return this.deps.clock ?? systemClock
  }

  constructor(private readonly deps: SchedulerDeps) {}

  start(): void {
    this.running = true
    for (const t of this.deps.triggers()) this.schedule(t)
    this.settle()
  }

  /** Whether schedules are armed (between start and stop). */
  get active(): boolean {
    return this.running
  }

  stop(): void {
    this.running = false
    this.clock.clear(this.timer)
    this.timer = undefined
    this.entries.clear()
  }

  /** Reads the automations again (after a create, update or delete) and schedules them anew. */
  reschedule(ids: string[]): void {
    if (!this.running) return
    const found = new Map(this.deps.triggers(ids).map((t) => [t.id, t]))
    for (const id of ids) {
      const current = this.entries.get(id)
      const t = found.get(id)
      if (current && t && JSON.stringify(current.trigger) === JSON.stringify(t.trigger)) continue
      this.entries.delete(id)
      if (t) this.schedule({ ...t, lastScheduledAt: this.deps.now() })
    }
    this.settle()
  }

  /**
   * The house's location was set, changed or cleared: every SUN trigger is scheduled anew from
   * now on (what fell due at the old place is neither run nor recorded as missed).
   */
  relocated(): void {
    if (!this.running) return
    for (const t of this.deps.triggers()) {
      if (t.trigger.type !== 'SUN') continue
      this.entries.delete(t.id)
      this.schedule({ ...t, lastScheduledAt: this.deps.now() })
    }
    this.settle()
  }

  /** Null while holiday mode is on: nothing fires then. */
  nextRunAt(automationId: string): string | null {
    if (this.deps.holiday?.enabled) return null
    return this.wouldRunAt(automationId)
  }

  /**
   * When the trigger fires next but for holiday mode (the time it would run, offset and all):
   * nextRunAt while holiday mode is off. Null for a trigger that never fires, and while the
   * scheduler is stopped (the clock is not trusted).
   */
  wouldRunAt(automationId: string): string | null {
    const at = this.entries.get(automationId)?.at
    return at == null ? null : new Date(at).toISOString()
  }

  private schedule(t: ScheduledTrigger): void {
    const next = this.nextFunction(t)
    if (!next || !t.trigger.enabled) return
    const now = this.deps.now()
    const base = Math.max(t.lastScheduledAt ?? 0, t.updatedAt, now - CATCH_UP_WINDOW_MS)
    const entry: Entry = {
      trigger: t.trigger,
      next,
      source: t.trigger.type === 'SUN' ? 'sun' : 'cron',
      due: null,
      at: null,
    }
    this.setDue(entry, next(base))
    this.entries.set(t.id, entry)
  }

  /** Sets an entry's next firing and draws its random offset. */
  private setDue(entry: Entry, due: number | null): void {
    entry.due = due
    entry.at = due === null ? null : due + this.offsetOf(entry, due)
  }

  /**
   * A random shift in [0, N] minutes, drawn per firing; less than the time to the firing after
   * it, so firings keep their order and none is passed over. A firing whose window is going
   * on (a start within it) is drawn from what is left of the window, so it is not late.
   */
  private offsetOf(entry: Entry, due: number): number {
    const minutes = this.deps.randomOffsetMinutes?.() ?? 0
    if (minutes <= 0) return 0
    const following = entry.next(due)
    const room = Math.min(minutes * 60_000, following === null ? Infinity : following - due)
    const passed = this.deps.now() - due
    const least = passed > 0 && passed < room ? passed : 0
    return least + Math.floor((room - least) * (this.deps.random ?? Math.random)())
  }

  private nextFunction(t: ScheduledTrigger): ((after: number) => number | null) | null {
    const { trigger } = t
    if (trigger.type === 'CRON' && trigger.cron) {
      const cron = new CronSchedule(trigger.cron, this.deps.timeZone)
      return (after) => cron.nextAfter(new Date(after)).getTime()
    }
    if (trigger.type === 'SUN' && trigger.sunEvent) {
      const location = this.deps.location()
      if (!location) {
        this.deps.log.warn(
          { automationId: t.id },
          'sun trigger without the house’s location: not scheduled',
        )
        return null
      }
      const event = trigger.sunEvent
      const offset = trigger.offsetMinutes
      return (after) =>
        nextSunTrigger(new Date(after), event, offset, location, this.deps.timeZone)?.getTime() ??
        null
    }
    return null
  }

  /**
   * Deals with every firing due by now, of every automation at once, so that those due at the
   * same moment start in one transaction; then arms the timer for the earliest next one.
   */
  private settle(): void {
    const now = this.deps.now()
    const firings: Firing[] = []
    for (const [id, entry] of this.entries) {
      const dueAt = this.takeDue(id, entry, now)
      if (dueAt !== null) firings.push({ automationId: id, source: entry.source, dueAt })
    }
    if (firings.length > 0) this.fire(firings)
    // Starting runs took a while: the wait counts from now, not from before them.
    this.arm(this.deps.now())
  }

  /**
   * Moves an automation past its firings due by now: the latest, if under 5 minutes late, is
   * to start (its due time is returned); the others are recorded as missed.
   */
  private takeDue(id: string, entry: Entry, now: number): number | null {
    let toFire: number | null = null
    let recorded = 0
    let unrecorded = 0
    let firstUnrecorded: number | null = null
    let passedOverUntil: number | null = null
    while (entry.due !== null && entry.at !== null && entry.at <= now) {
      const due = entry.at
      const pausedUntil = this.deps.holiday?.pausedUntil(due) ?? null
      if (pausedUntil !== null) {
        // Holiday mode: skipped, not missed. A catch-up over a long holiday is one step.
        const after = pausedUntil > now ? now : pausedUntil - 1
        this.deps.log.info(
          { automationId: id, dueAt: new Date(due).toISOString() },
          'holiday mode: scheduled firing skipped',
        )
        this.setDue(entry, entry.next(Math.max(entry.due, after)))
        continue
      }
      const late = now - due
      if (recorded >= MISSED_RECORDS_MAX && late >= MISSED_GRACE_MS) {
        // Past the cap, the older firings are passed over in one step: walking them one by
        // one holds the hub up for seconds (a cron every 2 s, down for a day: 43,200).
        firstUnrecorded ??= due
        passedOverUntil = now - MISSED_GRACE_MS
        this.setDue(entry, entry.next(passedOverUntil))
        continue
      }
      const following = entry.next(entry.due)
      const nextIsDueToo = following !== null && following <= now
      if (late < MISSED_GRACE_MS && !nextIsDueToo) {
        toFire = due
      } else if (recorded < MISSED_RECORDS_MAX) {
        recorded++
        const why =
          late >= MISSED_GRACE_MS
            ? `due ${Math.round(late / 60_000)} min before the hub could start it`
            : 'a later firing was due as well'
        this.deps.missed(id, entry.source, due, why)
      } else {
        firstUnrecorded ??= due
        unrecorded++
      }
      this.setDue(entry, following)
    }
    if (firstUnrecorded !== null) {
      // One more record stands for the rest, so the history says that more were lost.
      const from = new Date(firstUnrecorded).toISOString()
      const why =
        passedOverUntil === null
          ? `${unrecorded} more firings missed from ${from} on`
          : `more firings missed from ${from} to ${new Date(passedOverUntil).toISOString()}`
      this.deps.missed(id, entry.source, firstUnrecorded, why)
      this.deps.log.warn({ automationId: id }, 'missed scheduled firings')
    }
    return toFire
  }

  private fire(firings: Firing[]): void {
    let refusals: (string | null)[]
    try {
      refusals = this.deps.fire(firings)
    } catch (err) {
      refusals = firings.map(() => (err as Error).message)
    }
    // Still running from the last firing, most often: recorded, not dropped.
    for (const [i, f] of firings.entries()) {
      const why = refusals[i]
      if (why) this.deps.missed(f.automationId, f.source, f.dueAt, why)
    }
  }

  /** One timer, for the earliest firing; never longer than MAX_TIMER_MS, for clock steps. */
  private arm(now: number): void {
    this.clock.clear(this.timer)
    this.timer = undefined
    let earliest: number | null = null
    for (const { at } of this.entries.values()) {
      if (at !== null && (earliest === null || at < earliest)) earliest = at
    }
    if (earliest === null) return
    const wait = Math.min(Math.max(0, earliest - now), MAX_TIMER_MS)
    this.timer = this.clock.setTimeout(() => this.settle(), wait)
    this.timer.unref()
  }
}
