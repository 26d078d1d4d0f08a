// Times and durations as a household reads them: "Tomorrow 07:00", "1 min 30 s". Dates are
// shown in the browser's locale and time zone; the hub sends ISO-8601 UTC.

const DAY_MS = 86_400_000

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime()
}

function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1)
}

/** "Today 07:00", "Tomorrow 07:00", "Yesterday 21:30", else "Wed 12 Mar, 07:00". */
export function formatWhen(iso: string, now: Date = new Date()): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const time = date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
  // Rounded, because a day with a daylight-saving change is 23 or 25 hours long.
  const days = Math.round((startOfDay(date) - startOfDay(now)) / DAY_MS)
  if (Math.abs(days) <= 1) {
    const day = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }).format(days, 'day')
    return `${capitalise(day)} ${time}`
  }
  const day = date.toLocaleDateString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(date.getFullYear() !== now.getFullYear() && { year: 'numeric' }),
  })
  return `${day}, ${time}`
}

/** The full date and time, for a tooltip next to the short form. */
export function formatFullDate(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'short' })
}

/** "0.5 s", "12 s", "1 min 30 s", "2 h 5 min". */
export function formatDuration(ms: number): string {
  if (ms < 10_000) return `${Number((ms / 1000).toFixed(1))} s`
  const totalSeconds = Math.round(ms / 1000)
  if (totalSeconds < 60) return `${totalSeconds} s`
  const hours = Math.floor(totalSeconds / 3600)
  const minutes = Math.floor((totalSeconds % 3600) / 60)
  const seconds = totalSeconds % 60
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`
  return seconds > 0 ? `${minutes} min ${seconds} s` : `${minutes} min`
}
