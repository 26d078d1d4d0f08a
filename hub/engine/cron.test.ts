// When a cron expression fires: node-cron's calendar walk in the hub's time zone, with the two
// days a year the clocks change in Europe/Berlin (2026-03-29 at 01:00 UTC the clocks jump
// from 02:00 to 03:00; 2026-10-25 at 01:00 UTC they go back from 03:00 to 02:00).
import cron from 'node-cron'
import { describe, expect, it } from 'vitest'
import { CronSchedule, utcOffsetMinutes } from './cron'

const BERLIN = 'Europe/Berlin'

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: BERLIN,
  weekday: 'short',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
})

/** How a Berlin wall clock reads at `at`: "Sun 2026-03-29 03:00:00". */
function inBerlin(at: Date): string {
  const p = Object.fromEntries(wallClock.formatToParts(at).map((x) => [x.type, x.value]))
  return `${p.weekday} ${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`
}

/** Every firing strictly after `from` up to and including `to`, as ISO strings. */
function firings(schedule: CronSchedule, from: string, to: string): string[] {
  const end = new Date(to).getTime()
  const found: string[] = []
  for (let at = schedule.nextAfter(new Date(from)); at.getTime() <= end;) {
    found.push(at.toISOString())
    at = schedule.nextAfter(at)
  }
  return found
}

describe('CronSchedule.nextAfter', () => {
  it('finds the next firing of a 5-field expression, minute first', () => {
    const quarterHours = new CronSchedule('*/15 * * * *', 'UTC')
    expect(quarterHours.nextAfter(new Date('2026-01-15T10:07:30Z')).toISOString()).toBe(
      '2026-01-15T10:15:00.000Z',
    )
    const weekdayMornings = new CronSchedule('30 7 * * 1-5', BERLIN)
    // Friday noon: the next weekday morning is Monday, 07:30 CET = 06:30 UTC.
    expect(weekdayMornings.nextAfter(new Date('2026-01-09T12:00:00Z')).toISOString()).toBe(
      '2026-01-12T06:30:00.000Z',
    )
  })

  it('finds the next firing of a 6-field expression, second first', () => {
    const everyTwoSeconds = new CronSchedule('*/2 * * * * *', BERLIN)
    expect(everyTwoSeconds.nextAfter(new Date('2026-01-15T10:00:00.500Z')).toISOString()).toBe(
      '2026-01-15T10:00:02.000Z',
    )
    expect(everyTwoSeconds.nextAfter(new Date('2026-01-15T10:00:01.999Z')).toISOString()).toBe(
      '2026-01-15T10:00:02.000Z',
    )
    const weekdaysAt = new CronSchedule('15 30 7 * * 1-5', BERLIN)
    expect(weekdaysAt.nextAfter(new Date('2026-01-09T12:00:00Z')).toISOString()).toBe(
      '2026-01-12T06:30:15.000Z',
    )
  })

  it('returns a firing strictly after the instant given, never that instant itself', () => {
    const daily = new CronSchedule('30 7 * * *', BERLIN)
    const first = daily.nextAfter(new Date('2026-01-15T00:00:00Z'))
    expect(first.toISOString()).toBe('2026-01-15T06:30:00.000Z')
    expect(daily.nextAfter(first).toISOString()).toBe('2026-01-16T06:30:00.000Z')
    const everySecond = new CronSchedule('* * * * * *', 'UTC')
    const at = new Date('2026-01-15T10:00:05Z')
    expect(everySecond.nextAfter(at).toISOString()).toBe('2026-01-15T10:00:06.000Z')
  })

  it('reads the expression on the wall clock of the time zone it is given', () => {
    const sevenThirty = (zone: string) =>
      new CronSchedule('30 7 * * *', zone).nextAfter(new Date('2026-07-01T00:00:00Z'))
    expect(sevenThirty('UTC').toISOString()).toBe('2026-07-01T07:30:00.000Z')
    expect(sevenThirty(BERLIN).toISOString()).toBe('2026-07-01T05:30:00.000Z')
    expect(sevenThirty('America/New_York').toISOString()).toBe('2026-07-01T11:30:00.000Z')
  })
})

describe('spring forward in Europe/Berlin (2026-03-29, 02:00 CET becomes 03:00 CEST)', () => {
  it('fires a daily 02:30, a time that does not exist that day, once at the jump: 03:00 local, 01:00 UTC', () => {
    const schedule = new CronSchedule('30 2 * * *', BERLIN)
    expect(firings(schedule, '2026-03-27T12:00:00Z', '2026-03-31T12:00:00Z')).toEqual([
      '2026-03-28T01:30:00.000Z', // 02:30 CET
      '2026-03-29T01:00:00.000Z', // the jump: 03:00 CEST
      '2026-03-30T00:30:00.000Z', // 02:30 CEST
      '2026-03-31T00:30:00.000Z',
    ])
    expect(inBerlin(new Date('2026-03-29T01:00:00Z'))).toBe('Sun 2026-03-29 03:00:00')
  })

  it('fires a 6-field 02:30:00 at the jump too', () => {
    const schedule = new CronSchedule('0 30 2 * * *', BERLIN)
    expect(schedule.nextAfter(new Date('2026-03-28T12:00:00Z')).toISOString()).toBe(
      '2026-03-29T01:00:00.000Z',
    )
  })

  it('leaves a daily 03:30 and a daily 01:30 at their wall times', () => {
    const threeThirty = new CronSchedule('30 3 * * *', BERLIN)
    expect(firings(threeThirty, '2026-03-27T12:00:00Z', '2026-03-30T12:00:00Z')).toEqual([
      '2026-03-28T02:30:00.000Z', // 03:30 CET
      '2026-03-29T01:30:00.000Z', // 03:30 CEST, half an hour after the jump
      '2026-03-30T01:30:00.000Z',
    ])
    const oneThirty = new CronSchedule('30 1 * * *', BERLIN)
    expect(firings(oneThirty, '2026-03-27T12:00:00Z', '2026-03-30T12:00:00Z')).toEqual([
      '2026-03-28T00:30:00.000Z', // 01:30 CET
      '2026-03-29T00:30:00.000Z', // 01:30 CET, half an hour before the jump
      '2026-03-29T23:30:00.000Z', // 01:30 CEST on the 30th
    ])
  })

  it('fires an hourly cron once for the lost hour, at the jump, and never twice at 03:00', () => {
    const hourly = new CronSchedule('0 * * * *', BERLIN)
    const fired = firings(hourly, '2026-03-28T23:30:00Z', '2026-03-29T03:00:00Z')
    expect(fired.map((f) => inBerlin(new Date(f)).slice(-8))).toEqual([
      '01:00:00',
      '03:00:00',
      '04:00:00',
      '05:00:00',
    ])
    expect(fired).toEqual([
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T01:00:00.000Z',
      '2026-03-29T02:00:00.000Z',
      '2026-03-29T03:00:00.000Z',
    ])
  })

  it('fires a daily 02:30 at the jump when asked from within the same night', () => {
    const schedule = new CronSchedule('30 2 * * *', BERLIN)
    // 01:59:59 CET, one second before the jump.
    expect(schedule.nextAfter(new Date('2026-03-29T00:59:59Z')).toISOString()).toBe(
      '2026-03-29T01:00:00.000Z',
    )
    // From the jump itself on, that day's firing has happened.
    expect(schedule.nextAfter(new Date('2026-03-29T01:00:00Z')).toISOString()).toBe(
      '2026-03-30T00:30:00.000Z',
    )
  })
})

describe('fall back in Europe/Berlin (2026-10-25, 03:00 CEST becomes 02:00 CET)', () => {
  it('fires a daily 02:30, a time that happens twice that day, once: at the second 02:30 (CET)', () => {
    const schedule = new CronSchedule('30 2 * * *', BERLIN)
    const fired = firings(schedule, '2026-10-23T12:00:00Z', '2026-10-27T12:00:00Z')
    expect(fired).toEqual([
      '2026-10-24T00:30:00.000Z', // 02:30 CEST
      '2026-10-25T01:30:00.000Z', // 02:30 CET; 00:30 UTC (02:30 CEST) does not fire
      '2026-10-26T01:30:00.000Z', // 02:30 CET
      '2026-10-27T01:30:00.000Z',
    ])
    expect(fired.map((f) => inBerlin(new Date(f)).slice(-8))).toEqual(Array(4).fill('02:30:00'))
    expect(utcOffsetMinutes(new Date(fired[1]!), BERLIN)).toBe(60)
  })

  it('does not fire a daily 02:30 again when asked between the two 02:30s', () => {
    const schedule = new CronSchedule('30 2 * * *', BERLIN)
    // 02:45 CEST, after the first 02:30 and before the second.
    expect(schedule.nextAfter(new Date('2026-10-25T00:45:00Z')).toISOString()).toBe(
      '2026-10-26T01:30:00.000Z',
    )
  })

  it('fires an every-15-minutes cron once per wall time, so the repeated hour runs once: a 75-minute pause', () => {
    const quarterHours = new CronSchedule('*/15 * * * *', BERLIN)
    const fired = firings(quarterHours, '2026-10-24T23:30:00Z', '2026-10-25T01:30:00Z')
    expect(fired).toEqual([
      '2026-10-24T23:45:00.000Z', // 01:45 CEST
      // 02:00-02:45 CEST (00:00-00:45 UTC) do not fire: those wall times come again in CET.
      '2026-10-25T01:00:00.000Z', // 02:00 CET
      '2026-10-25T01:15:00.000Z',
      '2026-10-25T01:30:00.000Z',
    ])
  })

  it('leaves a daily 01:30 and a daily 03:30 at their wall times', () => {
    const oneThirty = new CronSchedule('30 1 * * *', BERLIN)
    expect(firings(oneThirty, '2026-10-24T12:00:00Z', '2026-10-26T12:00:00Z')).toEqual([
      '2026-10-24T23:30:00.000Z', // 01:30 CEST on the 25th
      '2026-10-26T00:30:00.000Z', // 01:30 CET on the 26th
    ])
    const threeThirty = new CronSchedule('30 3 * * *', BERLIN)
    expect(firings(threeThirty, '2026-10-24T12:00:00Z', '2026-10-26T12:00:00Z')).toEqual([
      '2026-10-25T02:30:00.000Z', // 03:30 CET
      '2026-10-26T02:30:00.000Z',
    ])
  })
})

describe('a daily 07:00 on weekdays, through the whole of 2026 in Europe/Berlin', () => {
  it('fires exactly once on every weekday, always at 07:00 local, and never on a weekend', () => {
    const schedule = new CronSchedule('0 7 * * 1-5', BERLIN)
    const fired = firings(schedule, '2025-12-31T23:00:00Z', '2026-12-31T23:00:00Z').map(
      (f) => new Date(f),
    )
    const days = fired.map((f) => inBerlin(f).slice(4, 14))
    expect(new Set(days).size).toBe(days.length)
    for (const at of fired) {
      const read = inBerlin(at)
      expect(read.slice(0, 3), read).toMatch(/Mon|Tue|Wed|Thu|Fri/)
      expect(read.slice(-8), read).toBe('07:00:00')
    }
    // 2026 starts on a Thursday: 52 whole weeks and one more Thursday.
    let weekdays = 0
    for (let d = new Date(Date.UTC(2026, 0, 1)); d.getUTCFullYear() === 2026;) {
      if (d.getUTCDay() >= 1 && d.getUTCDay() <= 5) weekdays++
      d = new Date(d.getTime() + 86_400_000)
    }
    expect(weekdays).toBe(261)
    expect(fired).toHaveLength(weekdays)
    expect(days[0]).toBe('2026-01-01')
    expect(days.at(-1)).toBe('2026-12-31')
    // Both changes of the clocks are inside: the UTC hour moves, the wall hour does not.
    expect(fired[0]!.toISOString()).toBe('2026-01-01T06:00:00.000Z')
    expect(fired.find((f) => inBerlin(f).startsWith('Mon 2026-03-30'))?.toISOString()).toBe(
      '2026-03-30T05:00:00.000Z',
    )
    expect(fired.find((f) => inBerlin(f).startsWith('Mon 2026-10-26'))?.toISOString()).toBe(
      '2026-10-26T06:00:00.000Z',
    )
  })
})

describe('what cron.ts relies on in node-cron', () => {
  it('creates a schedule from node-cron and gets a sane next firing from it', () => {
    // cron.ts reads a TimeMatcher off a task made by node-cron's createTask: if a new
    // node-cron moves it, this is the test that says so.
    const from = new Date('2026-05-04T08:00:00Z')
    const schedule = new CronSchedule('0 9 * * *', BERLIN)
    const next = schedule.nextAfter(from)
    expect(next.toISOString()).toBe('2026-05-05T07:00:00.000Z')
    expect(next.getTime() - from.getTime()).toBeLessThanOrEqual(24 * 3600_000)
    expect(new CronSchedule('*/5 * * * * *', BERLIN).nextAfter(from).toISOString()).toBe(
      '2026-05-04T08:00:05.000Z',
    )
  })

  it('leaves no task behind in node-cron after making a schedule', () => {
    const before = cron.getTasks().size
    for (let i = 0; i < 20; i++) new CronSchedule(`${i} 7 * * *`, BERLIN)
    expect(cron.getTasks().size).toBe(before)
  })

  it('refuses an expression node-cron cannot read', () => {
    expect(() => new CronSchedule('61 7 * * *', BERLIN)).toThrow()
    expect(() => new CronSchedule('not a cron', BERLIN)).toThrow()
  })
})
