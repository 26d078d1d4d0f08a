// When a pause by a person ends: the next local midnight, or the next "HH:MM" on the wall
// clock of the hub's time zone. Pure; daylight saving time is taken into account.
import { localClock } from '../local-clock'

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

/** Minutes after midnight of "HH:MM" (00:00-23:59); null for anything else. */
function minuteOfDay(text: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text)
  return m ? Number(m[1]) * 60 + Number(m[2]) : null
}

/**
 * The first instant after `after` at which the wall clock in `timeZone` reads `resumeAt`
 * ("HH:MM"; null or unreadable: "00:00"). A time that a spring-forward skips that day is
 * taken as the same distance after midnight on the real clock.
 */
export function pauseEnd(after: number, timeZone: string, resumeAt: string | null): number {
  const wanted = (resumeAt === null ? null : minuteOfDay(resumeAt)) ?? 0
  const wantedMs = wanted * MINUTE_MS
  const { msOfDay } = localClock(after, timeZone)
  let ahead = (wantedMs - msOfDay + DAY_MS) % DAY_MS
  if (ahead === 0) ahead = DAY_MS
  const guess = after + ahead
  // The zone's offset may differ by an hour between now and then: try the neighbours too.
  const candidates = [guess - HOUR_MS, guess, guess + HOUR_MS].filter(
    (at) => at > after && localClock(at, timeZone).msOfDay === wantedMs,
  )
  return candidates[0] ?? guess
}
