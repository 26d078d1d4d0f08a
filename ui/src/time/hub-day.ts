// Days and clock times in the hub's time zone, where "today" of the photovoltaics page starts:
// a browser elsewhere would otherwise cut the day's curve at its own midnight.
import { intlLocale } from '../i18n/intl-locale'

/** How far `timeZone` is ahead of UTC at `date`, in ms (Europe/Berlin in summer: 7,200,000). */
function zoneOffsetMs(date: Date, timeZone: string | undefined): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(date)
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  )
  return asUtc - Math.floor(date.getTime() / 1000) * 1000
}

/** The hour (0-23) on the clocks of `timeZone` at `date`. */
export function hourIn(date: Date, timeZone: string | undefined): number {
  return new Date(date.getTime() + zoneOffsetMs(date, timeZone)).getUTCHours()
}

/** The calendar date of `date` in `timeZone`: YYYY-MM-DD. */
export function dayOf(date: Date, timeZone: string | undefined): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date)
}

/** The instant the local day `day` (YYYY-MM-DD) begins in `timeZone`. */
export function startOfDay(day: string, timeZone: string | undefined): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  const midnightAsUtc = Date.UTC(year, month - 1, date)
  // Midnight under the offset of the hours before it, and under the offset that one lands in:
  // they differ when the clock changes around midnight, and the earliest that is on `day` wins
  // (a day whose 00:00 is skipped starts at 01:00).
  const before = midnightAsUtc - zoneOffsetMs(new Date(midnightAsUtc), timeZone)
  const after = midnightAsUtc - zoneOffsetMs(new Date(before), timeZone)
  const onDay = [before, after].filter((t) => dayOf(new Date(t), timeZone) === day)
  return new Date(onDay.length > 0 ? Math.min(...onDay) : after)
}

/** Today in `timeZone` as [its start, the next day's start): the key of today's samples. */
export function todayRange(now: Date, timeZone: string | undefined): { from: string; to: string } {
  const day = dayOf(now, timeZone)
  const from = startOfDay(day, timeZone)
  // Noon tomorrow is surely on the next calendar day, whatever DST does.
  const tomorrow = dayOf(new Date(from.getTime() + 36 * 3_600_000), timeZone)
  return { from: from.toISOString(), to: startOfDay(tomorrow, timeZone).toISOString() }
}

/** "13:05" in `timeZone`. */
export function clockTime(at: Date | string, timeZone: string | undefined): string {
  return new Date(at).toLocaleTimeString(intlLocale(), {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
  })
}

/** "Tue 3 Jun" for a day given as YYYY-MM-DD (a calendar day, so no zone applies). */
export function dayLabel(day: string, options: { weekday?: boolean } = {}): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year, month - 1, date)).toLocaleDateString(intlLocale(), {
    timeZone: 'UTC',
    ...(options.weekday !== false && { weekday: 'short' }),
    day: 'numeric',
    month: 'short',
  })
}
