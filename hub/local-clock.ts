// The wall clock as read in a time zone: the calendar day and the time of day. One place for
// it: the sun triggers read the local day here, the daily backup its date and hour.
const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (!f) {
    // Throws a RangeError for an unknown zone, which is what callers should see.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(timeZone, f)
  }
  return f
}

export interface LocalClock {
  /** YYYY-MM-DD */
  date: string
  /** Milliseconds since local midnight, as the clock on the wall shows it. */
  msOfDay: number
}

export function localClock(at: number, timeZone: string): LocalClock {
  const parts: Record<string, string> = {}
  for (const p of formatter(timeZone).formatToParts(new Date(at))) parts[p.type] = p.value
  const [hour, minute, second] = [parts.hour, parts.minute, parts.second].map(Number) as [
    number,
    number,
    number,
  ]
  // Zone offsets are whole seconds, so the milliseconds are those of UTC.
  const ms = ((at % 1000) + 1000) % 1000
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    msOfDay: ((hour * 60 + minute) * 60 + second) * 1000 + ms,
  }
}
