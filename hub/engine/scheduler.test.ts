// The scheduler on a fake clock: when CRON and SUN automations fire, what happens to firings
// found late or missed while the hub was down, and how creating, changing, disabling and
// deleting an automation moves its next firing. Its deps are plain recording callbacks.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ScheduledTrigger } from '../db/automation-plans'
import type { RunSource } from '../db/runs'
import type { Trigger } from '../validation/automation'
import { MAX_TIMER_MS, MISSED_RECORDS_MAX, Scheduler } from './scheduler'
import { nextSunTrigger, type Location } from './sun'

const BERLIN = 'Europe/Berlin'
const BERLIN_CENTRE: Location = { lat: 52.52, lon: 13.405 }
const MINUTE = 60_000
const HOUR = 60 * MINUTE

interface Fired {
  id: string
  source: RunSource
  at: string
}

interface Missed {
  id: string
  source: RunSource
  dueAt: string
  why: string
  at: string
}

const iso = (ms: number) => new Date(ms).toISOString()
const clock = () => iso(Date.now())

const cronTrigger = (cron: string, enabled = true): Trigger => ({
  type: 'CRON',
  cron,
  sunEvent: null,
  offsetMinutes: 0,
  enabled,
})

/**
 * A scheduler over automations the test holds in `automations`; what it fires and records
 * missed is kept with the fake clock's time, and which it started together. `busy` automations refuse to start, as the
 * runner does while one is still running.
 */
function startScheduler(
  automations: ScheduledTrigger[],
  options: { location?: Location; start?: boolean } = {},
) {
  const fired: Fired[] = []
  /** The automations of each call to start runs together. */
  const batches: string[][] = []
  const missed: Missed[] = []
  const warnings: string[] = []
  const busy = new Set<string>()
  const scheduler = new Scheduler({
    now: () => Date.now(),
    timeZone: BERLIN,
    location: () => options.location,
    triggers: (ids) => (ids ? automations.filter((a) => ids.includes(a.id)) : [...automations]),
    fire: (firings) => {
      batches.push(firings.map((f) => f.automationId))
      return firings.map(({ automationId: id, source }) => {
        if (busy.has(id)) return `This automation is already running (run r-${id})`
        fired.push({ id, source, at: clock() })
        return null
      })
    },
    missed: (id, source, dueAt, why) =>
      missed.push({ id, source, dueAt: iso(dueAt), why, at: clock() }),
    log: { warn: (_obj, msg) => warnings.push(msg), info: () => undefined },
  })
  if (options.start !== false) scheduler.start()
  return { scheduler, automations, fired, batches, missed, warnings, busy }
}

/**
 * An automation as the database gives it: changed at `updatedAt` (by default just now, on the
 * fake clock) and last fired on a schedule at `lastScheduledAt`, if ever.
 */
const automation = (
  id: string,
  trigger: Trigger,
  { updatedAt, lastScheduledAt }: { updatedAt?: string; lastScheduledAt?: string } = {},
): ScheduledTrigger => ({
  id,
  trigger,
  updatedAt: updatedAt ? Date.parse(updatedAt) : Date.now(),
  lastScheduledAt: lastScheduledAt ? Date.parse(lastScheduledAt) : null,
})

function useClockAt(at: string): void {
  vi.useFakeTimers({
    now: new Date(at),
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  })
}

/** Moves the fake clock (and its timers) on to `at`. */
function runUntil(at: string): void {
  vi.advanceTimersByTime(Date.parse(at) - Date.now())
}

/** Steps the wall clock without moving the timers, as an NTP correction does. */
function stepClock(ms: number): void {
  vi.setSystemTime(Date.now() + ms)
}

afterEach(() => {
  vi.useRealTimers()
})

describe('CRON triggers across the changes of the clocks in Europe/Berlin', () => {
  it('fires daily at 02:30 and 07:30 through the spring-forward night: once a day, 02:30 at the jump', () => {
    useClockAt('2026-03-26T12:00:00Z')
    const s = startScheduler([
      automation('night', cronTrigger('30 2 * * *')),
      automation('morning', cronTrigger('30 7 * * *')),
    ])
    runUntil('2026-03-31T12:00:00Z')
    expect(s.fired.filter((f) => f.id === 'night').map((f) => f.at)).toEqual([
      '2026-03-27T01:30:00.000Z', // 02:30 CET
      '2026-03-28T01:30:00.000Z',
      '2026-03-29T01:00:00.000Z', // no 02:30 that night: 03:00 CEST, when the clocks jump
      '2026-03-30T00:30:00.000Z', // 02:30 CEST
      '2026-03-31T00:30:00.000Z',
    ])
    expect(s.fired.filter((f) => f.id === 'morning').map((f) => f.at)).toEqual([
      '2026-03-27T06:30:00.000Z', // 07:30 CET
      '2026-03-28T06:30:00.000Z',
      '2026-03-29T05:30:00.000Z', // 07:30 CEST
      '2026-03-30T05:30:00.000Z',
      '2026-03-31T05:30:00.000Z',
    ])
    expect(s.fired.every((f) => f.source === 'cron')).toBe(true)
    expect(s.missed).toEqual([])
  })

  it('fires daily at 02:30 and 07:30 through the fall-back night: 02:30 once, not twice', () => {
    useClockAt('2026-10-22T12:00:00Z')
    const s = startScheduler([
      automation('night', cronTrigger('30 2 * * *')),
      automation('morning', cronTrigger('30 7 * * *')),
    ])
    runUntil('2026-10-27T12:00:00Z')
    expect(s.fired.filter((f) => f.id === 'night').map((f) => f.at)).toEqual([
      '2026-10-23T00:30:00.000Z', // 02:30 CEST
      '2026-10-24T00:30:00.000Z',
      '2026-10-25T01:30:00.000Z', // 02:30 happens twice that night: only the second (CET) fires
      '2026-10-26T01:30:00.000Z',
      '2026-10-27T01:30:00.000Z',
    ])
    expect(s.fired.filter((f) => f.id === 'morning').map((f) => f.at)).toEqual([
      '2026-10-23T05:30:00.000Z', // 07:30 CEST
      '2026-10-24T05:30:00.000Z',
      '2026-10-25T06:30:00.000Z', // 07:30 CET
      '2026-10-26T06:30:00.000Z',
      '2026-10-27T06:30:00.000Z',
    ])
    expect(s.missed).toEqual([])
  })

  it('fires a 6-field cron every two seconds, on the second', () => {
    useClockAt('2026-01-15T10:00:00.300Z')
    const s = startScheduler([automation('fast', cronTrigger('*/2 * * * * *'))])
    runUntil('2026-01-15T10:00:10.300Z')
    expect(s.fired.map((f) => f.at)).toEqual([
      '2026-01-15T10:00:02.000Z',
      '2026-01-15T10:00:04.000Z',
      '2026-01-15T10:00:06.000Z',
      '2026-01-15T10:00:08.000Z',
      '2026-01-15T10:00:10.000Z',
    ])
  })

  it('starts the automations due at the same second together, in one call, with one timer for all', () => {
    useClockAt('2026-01-15T10:00:00.300Z')
    const s = startScheduler([
      automation('hall', cronTrigger('*/2 * * * * *')),
      automation('study', cronTrigger('*/3 * * * * *')),
      automation('kitchen', cronTrigger('*/2 * * * * *')),
    ])
    expect(vi.getTimerCount()).toBe(1)
    runUntil('2026-01-15T10:00:06.300Z')
    expect(s.batches).toEqual([
      ['hall', 'kitchen'], // 10:00:02
      ['study'], // 10:00:03
      ['hall', 'kitchen'], // 10:00:04
      ['hall', 'study', 'kitchen'], // 10:00:06
    ])
    expect(vi.getTimerCount()).toBe(1)
  })

  it('fires a trigger further ahead than one timer can wait, by re-arming on the way', () => {
    useClockAt('2026-01-15T08:00:00Z')
    const s = startScheduler([automation('far', cronTrigger('0 12 * * *'))])
    expect(vi.getTimerCount()).toBe(1)
    vi.advanceTimersByTime(MAX_TIMER_MS)
    expect(s.fired).toEqual([])
    expect(vi.getTimerCount()).toBe(1)
    runUntil('2026-01-15T10:59:59.999Z')
    expect(s.fired).toEqual([])
    runUntil('2026-01-15T11:00:00Z')
    expect(s.fired.map((f) => f.at)).toEqual(['2026-01-15T11:00:00.000Z'])
  })
})

describe('nextRunAt', () => {
  it('is the coming firing right before it, and the one after right after it fires', () => {
    useClockAt('2026-01-15T05:00:00Z')
    const s = startScheduler([automation('morning', cronTrigger('30 7 * * *'))])
    expect(s.scheduler.nextRunAt('morning')).toBe('2026-01-15T06:30:00.000Z')
    runUntil('2026-01-15T06:29:59.999Z')
    expect(s.fired).toEqual([])
    expect(s.scheduler.nextRunAt('morning')).toBe('2026-01-15T06:30:00.000Z')
    runUntil('2026-01-15T06:30:00Z')
    expect(s.fired.map((f) => f.at)).toEqual(['2026-01-15T06:30:00.000Z'])
    expect(s.scheduler.nextRunAt('morning')).toBe('2026-01-16T06:30:00.000Z')
  })

  it('is null for a MANUAL automation, a disabled one and one the scheduler does not know', () => {
    useClockAt('2026-01-15T05:00:00Z')
    const manual: Trigger = { ...cronTrigger('30 7 * * *'), type: 'MANUAL', cron: null }
    const s = startScheduler([
      automation('manual', manual),
      automation('off', cronTrigger('30 7 * * *', false)),
    ])
    expect(s.scheduler.nextRunAt('manual')).toBeNull()
    expect(s.scheduler.nextRunAt('off')).toBeNull()
    expect(s.scheduler.nextRunAt('unknown')).toBeNull()
    runUntil('2026-01-17T05:00:00Z')
    expect(s.fired).toEqual([])
    expect(vi.getTimerCount()).toBe(0)
  })
})

describe('firings found late', () => {
  it('still fires a firing found 2 minutes late (a slow start) and records nothing missed', () => {
    // Due at 07:30 Berlin (06:30 UTC); the hub starts at 06:32 UTC, last fired the day before.
    useClockAt('2026-01-15T06:32:00Z')
    const s = startScheduler([
      automation('morning', cronTrigger('30 7 * * *'), {
        updatedAt: '2026-01-01T00:00:00Z',
        lastScheduledAt: '2026-01-14T06:30:00.050Z',
      }),
    ])
    expect(s.fired).toEqual([{ id: 'morning', source: 'cron', at: '2026-01-15T06:32:00.000Z' }])
    expect(s.missed).toEqual([])
    expect(s.scheduler.nextRunAt('morning')).toBe('2026-01-16T06:30:00.000Z')
  })

  it('records a firing found 6 minutes late as missed, with why, and does not fire it', () => {
    useClockAt('2026-01-15T06:36:00Z')
    const s = startScheduler([
      automation('morning', cronTrigger('30 7 * * *'), {
        updatedAt: '2026-01-01T00:00:00Z',
        lastScheduledAt: '2026-01-14T06:30:00.050Z',
      }),
    ])
    expect(s.fired).toEqual([])
    expect(s.missed).toEqual([
      {
        id: 'morning',
        source: 'cron',
        dueAt: '2026-01-15T06:30:00.000Z',
        why: 'due 6 min before the hub could start it',
        at: '2026-01-15T06:36:00.000Z',
      },
    ])
    expect(s.scheduler.nextRunAt('morning')).toBe('2026-01-16T06:30:00.000Z')
    runUntil('2026-01-16T12:00:00Z')
    expect(s.fired.map((f) => f.at)).toEqual(['2026-01-16T06:30:00.000Z'])
  })

  it('draws the line at 5 minutes: 4:59 late fires, 5:00 late is missed', () => {
    useClockAt('2026-01-15T06:34:59Z')
    const early = startScheduler([
      automation('a', cronTrigger('30 7 * * *'), {
        updatedAt: '2026-01-01T00:00:00Z',
        lastScheduledAt: '2026-01-14T06:30:00Z',
      }),
    ])
    expect(early.fired).toHaveLength(1)
    early.scheduler.stop()
    vi.setSystemTime(new Date('2026-01-15T06:35:00Z'))
    const late = startScheduler([
      automation('a', cronTrigger('30 7 * * *'), {
        updatedAt: '2026-01-01T00:00:00Z',
        lastScheduledAt: '2026-01-14T06:30:00Z',
      }),
    ])
    expect(late.fired).toEqual([])
    expect(late.missed.map((m) => m.why)).toEqual(['due 5 min before the hub could start it'])
  })

  it('fires a trigger 3 minutes late when the clock steps forward 3 minutes past it', () => {
    useClockAt('2026-01-15T06:20:00Z')
    const s = startScheduler([automation('morning', cronTrigger('30 7 * * *'))])
    runUntil('2026-01-15T06:25:00Z')
    stepClock(3 * MINUTE) // the wall clock now reads 06:28; the timer still waits 5 minutes
    vi.advanceTimersByTime(5 * MINUTE)
    expect(s.fired.map((f) => f.at)).toEqual(['2026-01-15T06:33:00.000Z'])
    expect(s.missed).toEqual([])
  })

  it('records a trigger as missed when the clock steps forward 8 minutes past it', () => {
    useClockAt('2026-01-15T06:25:00Z')
    const s = startScheduler([automation('morning', cronTrigger('30 7 * * *'))])
    stepClock(8 * MINUTE)
    vi.advanceTimersByTime(5 * MINUTE)
    expect(s.fired).toEqual([])
    expect(s.missed.map((m) => [m.dueAt, m.why])).toEqual([
      ['2026-01-15T06:30:00.000Z', 'due 8 min before the hub could start it'],
    ])
  })

  it('fires on time when the clock steps forward hours before the firing (NTP after a boot)', () => {
    // A Pi without a real-time clock boots with a stale time: 04:00 UTC, 2 h 30 min before
    // the firing at 07:30 Berlin. A minute later NTP sets the clock to 06:01 UTC.
    useClockAt('2026-01-15T04:00:00Z')
    const s = startScheduler([automation('morning', cronTrigger('30 7 * * *'))])
    vi.advanceTimersByTime(MINUTE)
    stepClock(2 * HOUR)
    runUntil('2026-01-15T06:29:59Z')
    expect(s.fired).toEqual([])
    runUntil('2026-01-15T06:31:00Z')
    expect(s.fired.map((f) => f.at)).toEqual(['2026-01-15T06:30:00.000Z'])
    expect(s.missed).toEqual([])
  })

  it('does not fire early when the clock steps back an hour, and fires once at the wall time', () => {
    useClockAt('2026-01-15T06:00:00Z')
    const s = startScheduler([automation('morning', cronTrigger('30 7 * * *'))])
    runUntil('2026-01-15T06:25:00Z')
    stepClock(-HOUR) // the wall clock reads 05:25 again; the timer was set for 5 minutes
    runUntil('2026-01-15T06:29:59Z')
    expect(s.fired).toEqual([])
    runUntil('2026-01-15T06:30:00Z')
    expect(s.fired.map((f) => f.at)).toEqual(['2026-01-15T06:30:00.000Z'])
    // And back an hour again just after it fired: the same firing does not come twice.
    stepClock(-HOUR)
    runUntil('2026-01-15T08:00:00Z')
    expect(s.fired).toHaveLength(1)
    expect(s.missed).toEqual([])
  })

  it('fires only the latest of two firings due at once, and records the earlier as missed', () => {
    useClockAt('2026-01-15T10:00:30Z')
    const s = startScheduler([automation('minutely', cronTrigger('* * * * *'))])
    // The event loop was stuck (busy CPU): the 10:01 timer runs at 10:02:30.
    stepClock(90_000)
    vi.advanceTimersByTime(30_000)
    expect(s.missed.map((m) => [m.dueAt, m.why])).toEqual([
      ['2026-01-15T10:01:00.000Z', 'a later firing was due as well'],
    ])
    expect(s.fired.map((f) => f.at)).toEqual(['2026-01-15T10:02:30.000Z'])
    expect(s.scheduler.nextRunAt('minutely')).toBe('2026-01-15T10:03:00.000Z')
  })

  it('records a firing as missed, with the reason, when the automation is still running', () => {
    useClockAt('2026-01-15T05:00:00Z')
    const s = startScheduler([automation('morning', cronTrigger('30 7 * * *'))])
    s.busy.add('morning')
    runUntil('2026-01-15T07:00:00Z')
    expect(s.fired).toEqual([])
    expect(s.missed).toEqual([
      {
        id: 'morning',
        source: 'cron',
        dueAt: '2026-01-15T06:30:00.000Z',
        why: 'This automation is already running (run r-morning)',
        at: '2026-01-15T06:30:00.000Z',
      },
    ])
    s.busy.delete('morning')
    runUntil('2026-01-16T07:00:00Z')
    expect(s.fired.map((f) => f.at)).toEqual(['2026-01-16T06:30:00.000Z'])
  })
})

describe('catching up after the hub was down', () => {
  it('records each daily firing missed during 3 days down and fires none of them', () => {
    // Last fired on the 10th at 07:30 Berlin; back on the 13th at noon.
    useClockAt('2026-01-13T12:00:00Z')
    const s = startScheduler([
      automation('morning', cronTrigger('30 7 * * *'), {
        updatedAt: '2026-01-01T00:00:00Z',
        lastScheduledAt: '2026-01-10T06:30:00.020Z',
      }),
    ])
    expect(s.fired).toEqual([])
    expect(s.missed.map((m) => [m.id, m.source, m.dueAt, m.at])).toEqual([
      ['morning', 'cron', '2026-01-11T06:30:00.000Z', '2026-01-13T12:00:00.000Z'],
      ['morning', 'cron', '2026-01-12T06:30:00.000Z', '2026-01-13T12:00:00.000Z'],
      ['morning', 'cron', '2026-01-13T06:30:00.000Z', '2026-01-13T12:00:00.000Z'],
    ])
    expect(s.missed.map((m) => m.why)).toEqual([
      'due 3210 min before the hub could start it',
      'due 1770 min before the hub could start it',
      'due 330 min before the hub could start it',
    ])
    runUntil('2026-01-14T12:00:00Z')
    expect(s.fired.map((f) => f.at)).toEqual(['2026-01-14T06:30:00.000Z'])
    expect(s.missed).toHaveLength(3)
  })

  it('counts from when the automation was last changed if it never fired', () => {
    useClockAt('2026-01-13T12:00:00Z')
    const s = startScheduler([
      automation('new', cronTrigger('30 7 * * *'), { updatedAt: '2026-01-12T09:00:00Z' }),
    ])
    expect(s.missed.map((m) => m.dueAt)).toEqual(['2026-01-13T06:30:00.000Z'])
  })

  it('looks back at most 7 days', () => {
    useClockAt('2026-01-31T12:00:00Z')
    const s = startScheduler([
      automation('morning', cronTrigger('30 7 * * *'), {
        updatedAt: '2026-01-01T00:00:00Z',
        lastScheduledAt: '2026-01-10T06:30:00Z',
      }),
    ])
    expect(s.missed.map((m) => m.dueAt.slice(0, 10))).toEqual([
      '2026-01-25',
      '2026-01-26',
      '2026-01-27',
      '2026-01-28',
      '2026-01-29',
      '2026-01-30',
      '2026-01-31',
    ])
  })

  it(`records ${MISSED_RECORDS_MAX} missed firings one by one, then one record for the rest`, () => {
    // Every 10 minutes, down from 00:00 to 12:00:30: 71 firings missed, the 12:00 one 30 s late.
    useClockAt('2026-01-15T12:00:30Z')
    const s = startScheduler([
      automation('often', cronTrigger('*/10 * * * *'), {
        updatedAt: '2026-01-01T00:00:00Z',
        lastScheduledAt: '2026-01-15T00:00:00Z',
      }),
    ])
    expect(s.missed).toHaveLength(MISSED_RECORDS_MAX + 1)
    const one = s.missed.slice(0, MISSED_RECORDS_MAX)
    expect(one[0]!.dueAt).toBe('2026-01-15T00:10:00.000Z')
    expect(one.at(-1)!.dueAt).toBe('2026-01-15T08:20:00.000Z')
    expect(new Set(one.map((m) => m.dueAt)).size).toBe(MISSED_RECORDS_MAX)
    expect(s.missed.at(-1)).toEqual({
      id: 'often',
      source: 'cron',
      dueAt: '2026-01-15T08:30:00.000Z',
      why: 'more firings missed from 2026-01-15T08:30:00.000Z to 2026-01-15T11:55:30.000Z',
      at: '2026-01-15T12:00:30.000Z',
    })
    expect(s.warnings).toEqual(['missed scheduled firings'])
    expect(s.fired.map((f) => f.at)).toEqual(['2026-01-15T12:00:30.000Z'])
  })

  it('covers a day of a 2-second cron with the capped records and one record for the rest', () => {
    useClockAt('2026-01-15T12:00:01Z')
    const s = startScheduler([
      automation('fast', cronTrigger('*/2 * * * * *'), {
        updatedAt: '2026-01-01T00:00:00Z',
        lastScheduledAt: '2026-01-14T12:00:00Z',
      }),
    ])
    expect(s.missed).toHaveLength(MISSED_RECORDS_MAX + 1)
    expect(s.missed[0]!.dueAt).toBe('2026-01-14T12:00:02.000Z')
    expect(s.missed.at(-1)!.why).toBe(
      'more firings missed from 2026-01-14T12:01:42.000Z to 2026-01-15T11:55:01.000Z',
    )
    // The firing of 12:00:00, a second late, still starts.
    expect(s.fired.map((f) => f.at)).toEqual(['2026-01-15T12:00:01.000Z'])
    expect(s.scheduler.nextRunAt('fast')).toBe('2026-01-15T12:00:02.000Z')
  })

  it('counts the firings it does not record one by one when they are all recent', () => {
    // The event loop stood still for 2 minutes: 120 firings of a per-second cron came due,
    // each one superseded by the next but the last.
    useClockAt('2026-01-15T12:00:00Z')
    const s = startScheduler([automation('fast', cronTrigger('* * * * * *'))])
    stepClock(2 * MINUTE)
    vi.advanceTimersByTime(1000)
    expect(s.missed).toHaveLength(MISSED_RECORDS_MAX + 1)
    expect(
      s.missed
        .slice(0, MISSED_RECORDS_MAX)
        .every((m) => m.why === 'a later firing was due as well'),
    ).toBe(true)
    expect(s.missed.at(-1)!.why).toBe('70 more firings missed from 2026-01-15T12:00:51.000Z on')
    expect(s.fired.map((f) => f.at)).toEqual(['2026-01-15T12:02:01.000Z'])
  })
})

describe('rescheduling when an automation changes', () => {
  it('moves nextRunAt at once when the cron changes, and the old time no longer fires', () => {
    useClockAt('2026-01-15T05:00:00Z')
    const s = startScheduler([automation('morning', cronTrigger('30 7 * * *'))])
    expect(s.scheduler.nextRunAt('morning')).toBe('2026-01-15T06:30:00.000Z')
    s.automations[0] = automation('morning', cronTrigger('15 9 * * *'))
    s.scheduler.reschedule(['morning'])
    expect(s.scheduler.nextRunAt('morning')).toBe('2026-01-15T08:15:00.000Z')
    runUntil('2026-01-16T12:00:00Z')
    expect(s.fired.map((f) => f.at)).toEqual([
      '2026-01-15T08:15:00.000Z',
      '2026-01-16T08:15:00.000Z',
    ])
    expect(s.missed).toEqual([])
  })

  it('does not catch up the new times already past today when the cron changes', () => {
    useClockAt('2026-01-15T10:00:00Z')
    const s = startScheduler([
      automation('morning', cronTrigger('30 7 * * *'), {
        updatedAt: '2026-01-01T00:00:00Z',
        lastScheduledAt: '2026-01-15T06:30:00Z',
      }),
    ])
    s.automations[0] = automation('morning', cronTrigger('0 8 * * *'))
    s.scheduler.reschedule(['morning'])
    expect(s.scheduler.nextRunAt('morning')).toBe('2026-01-16T07:00:00.000Z')
    expect(s.fired).toEqual([])
    expect(s.missed).toEqual([])
  })

  it('keeps the schedule as it is when something else about the automation changes', () => {
    useClockAt('2026-01-15T05:00:00Z')
    const s = startScheduler([automation('morning', cronTrigger('30 7 * * *'))])
    s.automations[0] = { ...s.automations[0]!, updatedAt: Date.now() }
    s.scheduler.reschedule(['morning'])
    expect(s.scheduler.nextRunAt('morning')).toBe('2026-01-15T06:30:00.000Z')
    expect(vi.getTimerCount()).toBe(1)
    runUntil('2026-01-15T07:00:00Z')
    expect(s.fired).toHaveLength(1)
  })

  it('stops firing a disabled automation (nextRunAt null) and starts again when enabled', () => {
    useClockAt('2026-01-15T05:00:00Z')
    const s = startScheduler([automation('morning', cronTrigger('30 7 * * *'))])
    s.automations[0] = automation('morning', cronTrigger('30 7 * * *', false))
    s.scheduler.reschedule(['morning'])
    expect(s.scheduler.nextRunAt('morning')).toBeNull()
    runUntil('2026-01-17T05:00:00Z')
    expect(s.fired).toEqual([])
    expect(vi.getTimerCount()).toBe(0)
    s.automations[0] = automation('morning', cronTrigger('30 7 * * *'))
    s.scheduler.reschedule(['morning'])
    expect(s.scheduler.nextRunAt('morning')).toBe('2026-01-17T06:30:00.000Z')
    // Re-enabled: the days it was off are not caught up.
    expect(s.missed).toEqual([])
    runUntil('2026-01-17T07:00:00Z')
    expect(s.fired.map((f) => f.at)).toEqual(['2026-01-17T06:30:00.000Z'])
  })

  it('stops firing a deleted automation', () => {
    useClockAt('2026-01-15T05:00:00Z')
    const s = startScheduler([
      automation('morning', cronTrigger('30 7 * * *')),
      automation('evening', cronTrigger('0 20 * * *')),
    ])
    s.automations.splice(0, 1)
    s.scheduler.reschedule(['morning'])
    expect(s.scheduler.nextRunAt('morning')).toBeNull()
    expect(s.scheduler.nextRunAt('evening')).toBe('2026-01-15T19:00:00.000Z')
    runUntil('2026-01-17T05:00:00Z')
    expect(s.fired.map((f) => [f.id, f.at])).toEqual([
      ['evening', '2026-01-15T19:00:00.000Z'],
      ['evening', '2026-01-16T19:00:00.000Z'],
    ])
  })

  it('schedules an automation created while it runs', () => {
    useClockAt('2026-01-15T05:00:00Z')
    const s = startScheduler([])
    s.automations.push(automation('new', cronTrigger('45 7 * * *')))
    s.scheduler.reschedule(['new'])
    expect(s.scheduler.nextRunAt('new')).toBe('2026-01-15T06:45:00.000Z')
    runUntil('2026-01-15T07:00:00Z')
    expect(s.fired.map((f) => f.at)).toEqual(['2026-01-15T06:45:00.000Z'])
  })

  it('fires nothing after it stops, and ignores changes while stopped', () => {
    useClockAt('2026-01-15T05:00:00Z')
    const s = startScheduler([automation('morning', cronTrigger('30 7 * * *'))])
    s.scheduler.stop()
    s.scheduler.reschedule(['morning'])
    expect(s.scheduler.nextRunAt('morning')).toBeNull()
    expect(vi.getTimerCount()).toBe(0)
    runUntil('2026-01-16T12:00:00Z')
    expect(s.fired).toEqual([])
  })
})

describe('SUN triggers', () => {
  const sunsetMinus30: Trigger = {
    type: 'SUN',
    cron: null,
    sunEvent: 'SUNSET',
    offsetMinutes: -30,
    enabled: true,
  }

  it('fires at the time nextSunTrigger gives and reschedules for the next day', () => {
    useClockAt('2026-06-10T08:00:00Z')
    const s = startScheduler([automation('dusk', sunsetMinus30)], {
      location: BERLIN_CENTRE,
    })
    const expected: string[] = []
    let after = new Date(Date.now())
    for (let i = 0; i < 3; i++) {
      after = nextSunTrigger(after, 'SUNSET', -30, BERLIN_CENTRE, BERLIN)!
      expected.push(after.toISOString())
    }
    expect(s.scheduler.nextRunAt('dusk')).toBe(expected[0])
    runUntil('2026-06-13T08:00:00Z')
    expect(s.fired.map((f) => f.at)).toEqual(expected)
    expect(s.fired.every((f) => f.source === 'sun')).toBe(true)
    // One a day: Berlin's sunset in mid-June is near 21:30 CEST (19:30 UTC), the trigger half an hour before.
    expect(expected.map((e) => e.slice(0, 10))).toEqual(['2026-06-10', '2026-06-11', '2026-06-12'])
    for (const e of expected)
      expect(e.slice(11, 16) > '18:45' && e.slice(11, 16) < '19:15', e).toBe(true)
    expect(s.scheduler.nextRunAt('dusk')).toBe(
      nextSunTrigger(new Date(expected[2]!), 'SUNSET', -30, BERLIN_CENTRE, BERLIN)!.toISOString(),
    )
  })

  it('records a sunrise missed while the hub was down with source sun', () => {
    useClockAt('2026-06-12T12:00:00Z')
    const sunrise: Trigger = { ...sunsetMinus30, sunEvent: 'SUNRISE', offsetMinutes: 0 }
    const s = startScheduler(
      [
        automation('dawn', sunrise, {
          updatedAt: '2026-06-01T00:00:00Z',
          lastScheduledAt: '2026-06-11T02:44:00Z',
        }),
      ],
      { location: BERLIN_CENTRE },
    )
    expect(s.fired).toEqual([])
    expect(s.missed).toHaveLength(1)
    expect(s.missed[0]!.source).toBe('sun')
    expect(s.missed[0]!.dueAt.slice(0, 10)).toBe('2026-06-12')
  })

  it('does not schedule a SUN trigger when the hub has no location, and says so', () => {
    useClockAt('2026-06-10T08:00:00Z')
    const s = startScheduler([automation('dusk', sunsetMinus30)])
    expect(s.scheduler.nextRunAt('dusk')).toBeNull()
    expect(s.warnings).toEqual(['sun trigger without the house’s location: not scheduled'])
    runUntil('2026-06-12T08:00:00Z')
    expect(s.fired).toEqual([])
  })
})
