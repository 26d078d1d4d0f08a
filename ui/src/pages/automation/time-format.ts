// Times and durations as a household reads them: "Tomorrow 07:00", "1 min 30 s". The hub
// sends ISO-8601 UTC; times are shown in the hub's time zone when it is given (schedules run
// there, so "At 07:00" and "Next run 07:00" must agree), else in the browser's.
import { intlLocale, localNumber } from '../../i18n/intl-locale'

const DAY_MS = 86_400_000

/** The calendar day of `date` in `timeZone`, as a count of days, for comparing two dates. */
function dayNumber(date: Date, timeZone: string | undefined): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(date)
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  return Date.UTC(part('year'), part('month') - 1, part('day')) / DAY_MS
}

function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1)
}

/** "Today 07:00", "Tomorrow 07:00", "Yesterday 21:30", else "Wed 12 Mar, 07:00". */
export function formatWhen(iso: string, now: Date = new Date(), timeZone?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const time = date.toLocaleTimeString(intlLocale(), {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
  })
  const days = dayNumber(date, timeZone) - dayNumber(now, timeZone)
  if (Math.abs(days) <= 1) {
    const day = new Intl.RelativeTimeFormat(intlLocale(), { numeric: 'auto' }).format(days, 'day')
    return `${capitalise(day)} ${time}`
  }
  const sameYear = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' })
  const day = date.toLocaleDateString(intlLocale(), {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(sameYear.format(date) !== sameYear.format(now) && { year: 'numeric' }),
  })
  return `${day}, ${time}`
}

/** The full date and time with its zone, for a tooltip next to the short form. */
export function formatFullDate(iso: string, timeZone?: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(intlLocale(), {
        timeZone,
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZoneName: 'short',
      })
}

/** "0.5 s", "12 s", "1 min 30 s", "2 h 5 min". */
export function formatDuration(ms: number): string {
  if (ms < 10_000) {
    return `${localNumber(ms / 1000, { maxDigits: 1 })} s`
  }
  const totalSeconds = Math.round(ms / 1000)
  if (totalSeconds < 60) return `${totalSeconds} s`
  const hours = Math.floor(totalSeconds / 3600)
  const minutes = Math.floor((totalSeconds % 3600) / 60)
  const seconds = totalSeconds % 60
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`
  return seconds > 0 ? `${minutes} min ${seconds} s` : `${minutes} min`
}
