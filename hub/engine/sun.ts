// Sunrise and sunset computed locally (no network) with suncalc, for SUN triggers, and where
// the sun stands at an instant, for shading and the clear-sky PV estimate. Pure functions: no database, no timers. Instants are absolute Dates; "days" are calendar
// days in an IANA time zone. Sunrise/sunset use the standard almanac definition: the upper
// limb of the Sun on an ideal horizon with standard refraction (centre at -0.833°).
import { getPosition, getTimes } from 'suncalc'
import { localClock } from '../local-clock'

export interface Location {
  lat: number
  lon: number
}

export type SunEvent = 'SUNRISE' | 'SUNSET'

export interface SunPosition {
  /** Degrees clockwise from north, 0-360 (180 = south). */
  azimuth: number
  /** Degrees above the horizon (refraction included); negative below it. */
  elevation: number
}

/** Where the sun stands at `at` (suncalc 2.x gives degrees, azimuth from north). */
export function sunPosition(at: number, location: Location): SunPosition {
  const p = getPosition(new Date(at), location.lat, location.lon)
  return { azimuth: p.azimuth, elevation: p.altitude }
}

/** A calendar day: month 1-12, day 1-31. */
export interface LocalDay {
  year: number
  month: number
  day: number
}

/** SUN trigger offsets are limited to ±12 hours around the event. */
export const MAX_SUN_OFFSET_MINUTES = 720
/** How far ahead nextSunTrigger looks, in days (covers a polar night or midnight sun). */
export const SUN_LOOKAHEAD_DAYS = 370

const DAY_MS = 86_400_000
const MINUTE_MS = 60_000

/** The calendar day that `at` falls on in `timeZone`. */
export function localDayOf(at: Date, timeZone: string): LocalDay {
  const [year, month, day] = localClock(at.getTime(), timeZone).date.split('-').map(Number)
  // 'en-US' writes years before 1 AD with an era; not a case for a blinds hub.
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day))
    throw new RangeError(`Cannot read the local day of ${at.toISOString()} in ${timeZone}`)
  return { year: year!, month: month!, day: day! }
}

/** Days since 1970-01-01 of a calendar day (pure calendar arithmetic, no time zone). */
export function epochDayOf(d: LocalDay): number {
  return Math.round(Date.UTC(d.year, d.month - 1, d.day) / DAY_MS)
}

function dayFromEpochDay(n: number): LocalDay {
  const t = new Date(n * DAY_MS)
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() }
}

/** The calendar day `days` after `d` (negative for before); DST does not enter into it. */
export function addDays(d: LocalDay, days: number): LocalDay {
  return dayFromEpochDay(epochDayOf(d) + days)
}

export function sameDay(a: LocalDay, b: LocalDay): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day
}

function checkDay(d: LocalDay): void {
  const ok =
    Number.isInteger(d.year) &&
    Number.isInteger(d.month) &&
    Number.isInteger(d.day) &&
    sameDay(dayFromEpochDay(epochDayOf(d)), d)
  if (!ok) throw new RangeError(`Not a calendar day: ${d.year}-${d.month}-${d.day}`)
}

function checkLocation(location: Location): void {
  const { lat, lon } = location
  if (!Number.isFinite(lat) || lat < -90 || lat > 90)
    throw new RangeError(`Latitude must be within -90..90, got ${lat}`)
  if (!Number.isFinite(lon) || lon < -180 || lon > 180)
    throw new RangeError(`Longitude must be within -180..180, got ${lon}`)
}

/**
 * The event of one solar day at a location, or null when the Sun does not cross the horizon
 * that day. Solar day n is the one whose local mean noon is near 12:00 UTC of epoch day n
 * shifted by the longitude; suncalc rounds its input to the nearest local solar noon, so
 * passing exactly that mean noon selects the day without ambiguity, whatever the longitude.
 */
function solarDayEvent(n: number, event: SunEvent, location: Location): Date | null {
  const meanNoon = new Date(n * DAY_MS + DAY_MS / 2 - (location.lon / 360) * DAY_MS)
  const times = getTimes(meanNoon, location.lat, location.lon)
  const at = event === 'SUNRISE' ? times.sunrise : times.sunset
  return at && Number.isFinite(at.getTime()) ? at : null
}

/**
 * Every sunrise (or sunset) that falls on calendar day `localDay` in `timeZone`, earliest
 * first. Almost always one, none in polar day/night, and two only in rare cases near the
 * polar circles where an event slips past local midnight.
 */
export function sunEventsOn(
  event: SunEvent,
  localDay: LocalDay,
  location: Location,
  timeZone: string,
): Date[] {
  checkDay(localDay)
  checkLocation(location)
  const n = epochDayOf(localDay)
  const found: Date[] = []
  // A zone's offset can be far from lon/15 h (western China, Spain; Kiritimati is a whole
  // day off), so the event of the local day may belong to a neighbouring solar day: look at
  // the two on either side too.
  for (let k = n - 2; k <= n + 2; k++) {
    const at = solarDayEvent(k, event, location)
    if (at && sameDay(localDayOf(at, timeZone), localDay)) found.push(at)
  }
  return found.sort((a, b) => a.getTime() - b.getTime())
}

/**
 * The instant of sunrise or sunset on calendar day `localDay` in `timeZone`, or null when
 * there is none that day (polar day or polar night). If a day near the polar circle has two
 * (an event slipping past local midnight), the earlier one.
 */
export function sunEventOn(
  event: SunEvent,
  localDay: LocalDay,
  location: Location,
  timeZone: string,
): Date | null {
  return sunEventsOn(event, localDay, location, timeZone)[0] ?? null
}

/**
 * The first instant strictly after `after` that is a day's sunrise (or sunset) plus
 * `offsetMinutes` (-720..720), looking at most SUN_LOOKAHEAD_DAYS days ahead and skipping
 * days without the event; null if there is none in that window.
 */
export function nextSunTrigger(
  after: Date,
  event: SunEvent,
  offsetMinutes: number,
  location: Location,
  timeZone: string,
): Date | null {
  if (!Number.isFinite(after.getTime())) throw new RangeError('Invalid start date')
  if (!Number.isFinite(offsetMinutes) || Math.abs(offsetMinutes) > MAX_SUN_OFFSET_MINUTES)
    throw new RangeError(
      `A sun offset must be within ±${MAX_SUN_OFFSET_MINUTES} minutes, got ${offsetMinutes}`,
    )
  checkLocation(location)
  const offsetMs = offsetMinutes * MINUTE_MS
  // Wanted: event + offset > after, i.e. event > after - offset. Events of any day before
  // the local day of (after - offset) are too early, so start there, one day early for
  // safety; the window ends SUN_LOOKAHEAD_DAYS local days after the day of `after`.
  const first = epochDayOf(localDayOf(new Date(after.getTime() - offsetMs), timeZone)) - 1
  const last = epochDayOf(localDayOf(after, timeZone)) + SUN_LOOKAHEAD_DAYS
  for (let n = first; n <= last; n++) {
    const day = dayFromEpochDay(n)
    for (const at of sunEventsOn(event, day, location, timeZone)) {
      const trigger = new Date(at.getTime() + offsetMs)
      if (trigger.getTime() > after.getTime()) return trigger
    }
  }
  return null
}
