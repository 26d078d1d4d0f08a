// When a cron expression fires, in a time zone, after a given instant. node-cron does the
// calendar arithmetic; this module adds what a household expects on the two days a year the
// clocks change:
//   - spring forward: a time that does not exist that day (02:30 in Europe/Berlin) fires at
//     the moment the clocks jump, so no day is lost;
//   - fall back: a time that happens twice fires once (node-cron's walker moves strictly
//     forward in wall time).
import cron from 'node-cron'

interface TimeMatcher {
  getNextMatch(after: Date): Date
  match(date: Date): boolean
}

/**
 * node-cron 4 computes the next match from "now" only in its public API; its task keeps a
 * TimeMatcher that walks from any instant. Pinned in package-lock.json and covered by
 * cron.test.ts, which fails loudly if a new version moves it.
 */
function matcherOf(expression: string, timeZone: string): TimeMatcher {
  const task = cron.createTask(expression, () => undefined, { timezone: timeZone }) as unknown as {
    timeMatcher?: TimeMatcher
    destroy(): void
  }
  // createTask keeps every task in node-cron's registry until it is destroyed; only the
  // matcher is wanted here.
  task.destroy()
  if (!task.timeMatcher?.getNextMatch) {
    throw new Error('node-cron no longer exposes its TimeMatcher; see hub/engine/cron.ts')
  }
  return task.timeMatcher
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>()

/** The zone's UTC offset at an instant, in minutes. */
export function utcOffsetMinutes(at: Date, timeZone: string): number {
  let f = offsetFormatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    offsetFormatters.set(timeZone, f)
  }
  const name = f.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT'
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name)
  if (!m) return 0
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]))
}

const HOUR = 3600_000

export class CronSchedule {
  private readonly matcher: TimeMatcher
  /** The same expression read on a UTC clock: matches wall-clock times that never happened. */
  private readonly wallMatcher: TimeMatcher
  private readonly hasSeconds: boolean

  constructor(
    readonly expression: string,
    readonly timeZone: string,
  ) {
    this.matcher = matcherOf(expression, timeZone)
    this.wallMatcher = matcherOf(expression, 'UTC')
    this.hasSeconds = expression.trim().split(/\s+/).length === 6
  }

  /** The first firing strictly after `after`. */
  nextAfter(after: Date): Date {
    const next = this.matcher.getNextMatch(after)
    const skipped = this.firstSkippedFiring(after, next)
    return skipped ?? next
  }

  /**
   * Where the clocks jump forward between `after` and `next`, a firing whose wall time fell in
   * the jump happens at the jump itself.
   */
  private firstSkippedFiring(after: Date, next: Date): Date | null {
    let previous = utcOffsetMinutes(after, this.timeZone)
    for (let t = after.getTime() + HOUR; t < next.getTime() + HOUR; t += HOUR) {
      const offset = utcOffsetMinutes(new Date(t), this.timeZone)
      if (offset > previous) {
        const jump = this.findJump(t - HOUR, t, previous)
        if (
          jump > after.getTime() &&
          jump < next.getTime() &&
          this.matchesInGap(jump, previous, offset)
        ) {
          return new Date(jump)
        }
      }
      previous = offset
    }
    return null
  }

  /** The instant, to the second, in (from, to] where the offset stops being `before`. */
  private findJump(from: number, to: number, before: number): number {
    let lo = from
    let hi = to
    while (hi - lo > 1000) {
      const mid = Math.floor((lo + hi) / 2000) * 1000
      if (utcOffsetMinutes(new Date(mid), this.timeZone) === before) lo = mid
      else hi = mid
    }
    return hi
  }

  /** Whether a wall-clock time in the skipped stretch matches the expression. */
  private matchesInGap(jump: number, before: number, after: number): boolean {
    // The wall clock read `start` just before the jump and `start + gap` just after.
    const start = jump + before * 60_000
    const gapMs = (after - before) * 60_000
    const step = this.hasSeconds ? 1000 : 60_000
    for (let wall = start; wall < start + gapMs; wall += step) {
      if (this.wallMatcher.match(new Date(wall))) return true
    }
    return false
  }
}
