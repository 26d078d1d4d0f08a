// Holiday mode and the lived-in offset in the scheduler, on a fake clock over whole days in
// Berlin: holiday mode (kept in a real SQLite file with the real migrations) fires no CRON or
// SUN trigger and records none as missed, firing resumes once it is off and after a restart;
// the random offset shifts each firing by 0-N minutes, never firing one twice or missing one.
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ScheduledTrigger } from '../../hub/db/automation-plans'
import { openDatabase, type OpenDatabase } from '../../hub/db/open'
import { CronSchedule } from '../../hub/engine/cron'
import { Scheduler } from '../../hub/engine/scheduler'
import { nextSunTrigger, type Location } from '../../hub/engine/sun'
import { HubEvents } from '../../hub/events'
import { Holiday } from '../../hub/holiday/holiday'
import type { Trigger } from '../../hub/validation/automation'
import { seededRandom } from '../../firmware-protocol/seeded-random'
import { temporaryFolders } from '../helpers/temporary-folders'

const BERLIN = 'Europe/Berlin'
const BERLIN_CENTRE: Location = { lat: 52.52, lon: 13.405 }
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const temporaryFolder = temporaryFolders('lamella-holiday-engine-')
const databases: OpenDatabase[] = []

afterEach(() => {
  vi.useRealTimers()
  for (const d of databases.splice(0)) d.close()
})

const cron = (expression: string): Trigger => ({
  type: 'CRON',
  cron: expression,
  sunEvent: null,
  offsetMinutes: 0,
  enabled: true,
})
const sun = (event: 'SUNRISE' | 'SUNSET', offsetMinutes = 0): Trigger => ({
  type: 'SUN',
  cron: null,
  sunEvent: event,
  offsetMinutes,
  enabled: true,
})

/**
 * A household's CRON and SUN automations, as the database gives them: last fired on a schedule
 * (and changed) at `lastScheduledAt`, or created just now.
 */
function household(lastScheduledAt: number | null = null): ScheduledTrigger[] {
  const triggers: [string, Trigger][] = [
    ['morning', cron('0 7 * * *')],
    ['evening', cron('30 21 * * 1-5')],
    ['quarterly', cron('*/15 * * * *')],
    ['sunrise', sun('SUNRISE')],
    ['dusk', sun('SUNSET', 30)],
  ]
  return triggers.map(([id, trigger]) => ({
    id,
    trigger,
    updatedAt: lastScheduledAt ?? Date.now(),
    lastScheduledAt,
  }))
}

/** When each automation is due by its trigger in (from, to], without any offset. */
function dueTimes(t: ScheduledTrigger, from: number, to: number): number[] {
  const { cron: expression, sunEvent, offsetMinutes } = t.trigger
  const schedule = expression ? new CronSchedule(expression, BERLIN) : null
  const next = (after: number) =>
    schedule
      ? schedule.nextAfter(new Date(after)).getTime()
      : nextSunTrigger(new Date(after), sunEvent!, offsetMinutes, BERLIN_CENTRE, BERLIN)!.getTime()
  const times: number[] = []
  for (let at = next(from); at <= to; at = next(at)) times.push(at)
  return times
}

function useClockAt(at: string): void {
  vi.useFakeTimers({
    now: new Date(at),
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  })
}

/** Holiday mode on a real database file; a second call on the same path is a restart. */
function holidayAt(path: string): Holiday {
  const database = openDatabase(path)
  databases.push(database)
  return new Holiday({ db: database.db, events: new HubEvents(), now: () => Date.now() })
}

function startScheduler(
  automations: ScheduledTrigger[],
  holiday: Holiday,
  random: () => number = Math.random,
) {
  const fired: { id: string; at: number }[] = []
  const missed: { id: string; dueAt: number; why: string }[] = []
  const skipped: string[] = []
  const scheduler = new Scheduler({
    now: () => Date.now(),
    timeZone: BERLIN,
    location: () => BERLIN_CENTRE,
    triggers: (ids) => (ids ? automations.filter((a) => ids.includes(a.id)) : [...automations]),
    fire: (firings) => {
      for (const f of firings) fired.push({ id: f.automationId, at: Date.now() })
      return firings.map(() => null)
    },
    missed: (id, _source, dueAt, why) => missed.push({ id, dueAt, why }),
    log: {
      warn: () => undefined,
      info: (obj, msg) => {
        if (msg.startsWith('holiday mode'))
          skipped.push((obj as { automationId: string }).automationId)
      },
    },
    holiday,
    randomOffsetMinutes: () => holiday.randomOffsetMinutes,
    random,
  })
  scheduler.start()
  return { scheduler, fired, missed, skipped }
}

const firedOf = (fired: { id: string; at: number }[], id: string) =>
  fired.filter((f) => f.id === id).map((f) => f.at)

describe('holiday mode in the scheduler', () => {
  it('fires no CRON or SUN automation over a whole June day while on, records none missed, and fires each again once off', () => {
    useClockAt('2026-06-09T22:00:00Z') // midnight in Berlin
    const path = join(temporaryFolder(), 'lamella.db')
    const holiday = holidayAt(path)
    const automations = household()
    holiday.set(true)
    const s = startScheduler(automations, holiday)
    const start = Date.now()
    vi.advanceTimersByTime(DAY)
    expect(s.fired).toEqual([])
    expect(s.missed).toEqual([])
    // One line in the log for each firing skipped: 1 + 1 + 96 + 1 + 1 on a Wednesday.
    expect(s.skipped).toHaveLength(100)
    for (const a of automations) expect(s.scheduler.nextRunAt(a.id)).toBeNull()

    holiday.set(false)
    const off = Date.now()
    vi.advanceTimersByTime(DAY)
    for (const a of automations) {
      expect(firedOf(s.fired, a.id)).toEqual(dueTimes(a, off, off + DAY))
    }
    expect(firedOf(s.fired, 'quarterly')).toHaveLength(96)
    expect(firedOf(s.fired, 'sunrise')).toHaveLength(1)
    expect(s.fired.every((f) => f.at >= start + DAY)).toBe(true)
    expect(s.missed).toEqual([])
    s.scheduler.stop()
  })

  it('stays on across a restart: a new hub on the same database fires nothing and records nothing missed', () => {
    useClockAt('2026-12-14T23:00:00Z')
    const path = join(temporaryFolder(), 'lamella.db')
    const before = holidayAt(path)
    before.set(true, 10)
    const since = before.state().since

    const holiday = holidayAt(path) // the restarted hub reads the settings row again
    expect(holiday.state()).toEqual({ enabled: true, randomOffsetMinutes: 10, since })
    const s = startScheduler(household(), holiday)
    vi.advanceTimersByTime(2 * DAY)
    expect(s.fired).toEqual([])
    expect(s.missed).toEqual([])
    s.scheduler.stop()
  })

  it('after a holiday spent switched off, records missed only what fell due once it had ended', () => {
    useClockAt('2026-06-09T22:00:00Z')
    const path = join(temporaryFolder(), 'lamella.db')
    // Holiday mode goes on at 08:00 on the 10th, just after the last scheduled firing.
    const lastFired = Date.parse('2026-06-10T06:00:00Z')
    vi.setSystemTime(lastFired)
    holidayAt(path).set(true)
    // The hub is off during the holiday; a hub that ran for a moment ended it at 08:00 on the
    // 14th, and the hub comes back for good at 10:02.
    vi.setSystemTime(Date.parse('2026-06-14T06:00:00Z'))
    holidayAt(path).set(false)
    vi.setSystemTime(Date.parse('2026-06-14T08:02:00Z'))
    const holiday = holidayAt(path)
    const automations = household(lastFired).filter(
      (a) => a.id === 'morning' || a.id === 'quarterly',
    )
    const s = startScheduler(automations, holiday)
    // 07:00 each day of the holiday is skipped; the quarter-hours from 08:00 to 09:45 fell due
    // while the hub was down after it ended: those are missed; 10:00 is not too late to run.
    expect(s.missed.filter((m) => m.id === 'morning')).toEqual([])
    expect(
      s.missed.filter((m) => m.id === 'quarterly').map((m) => new Date(m.dueAt).toISOString()),
    ).toEqual([
      '2026-06-14T06:00:00.000Z',
      '2026-06-14T06:15:00.000Z',
      '2026-06-14T06:30:00.000Z',
      '2026-06-14T06:45:00.000Z',
      '2026-06-14T07:00:00.000Z',
      '2026-06-14T07:15:00.000Z',
      '2026-06-14T07:30:00.000Z',
      '2026-06-14T07:45:00.000Z',
    ])
    expect(s.fired).toEqual([{ id: 'quarterly', at: Date.parse('2026-06-14T08:02:00Z') }])
    s.scheduler.stop()
  })
})

describe('the lived-in random offset', () => {
  it('shifts each daily CRON and SUN firing by 0 to 30 minutes over two weeks, each exactly once, none late or missed', () => {
    useClockAt('2026-06-09T22:00:00Z')
    const holiday = holidayAt(join(temporaryFolder(), 'lamella.db'))
    holiday.set(false, 30)
    const random = seededRandom(14)
    const automations = household().filter((a) => a.id !== 'quarterly')
    const s = startScheduler(automations, holiday, () => random.next())
    const from = Date.now()
    vi.advanceTimersByTime(14 * DAY)
    const shifts: number[] = []
    for (const a of automations) {
      const due = dueTimes(a, from, from + 14 * DAY - 30 * MINUTE)
      const fired = firedOf(s.fired, a.id).slice(0, due.length)
      expect(fired).toHaveLength(due.length)
      for (const [i, at] of fired.entries()) {
        const shift = at - due[i]!
        expect(shift).toBeGreaterThanOrEqual(0)
        expect(shift).toBeLessThanOrEqual(30 * MINUTE)
        shifts.push(shift)
      }
    }
    expect(s.missed).toEqual([])
    // Drawn per firing: they differ, and spread over the half hour.
    expect(new Set(shifts).size).toBe(shifts.length)
    expect(Math.min(...shifts)).toBeLessThan(10 * MINUTE)
    expect(Math.max(...shifts)).toBeGreaterThan(20 * MINUTE)
    s.scheduler.stop()
  })

  it('shows the shifted time as the next run, and fires a firing drawn at the very end of the half hour on time', () => {
    useClockAt('2026-06-10T04:00:00Z')
    const holiday = holidayAt(join(temporaryFolder(), 'lamella.db'))
    holiday.set(false, 30)
    const morning = household().filter((a) => a.id === 'morning')
    const s = startScheduler(morning, holiday, () => 0.999999)
    expect(s.scheduler.nextRunAt('morning')).toBe('2026-06-10T05:29:59.998Z')
    vi.advanceTimersByTime(2 * HOUR)
    expect(s.fired).toEqual([{ id: 'morning', at: Date.parse('2026-06-10T05:29:59.998Z') }])
    expect(s.missed).toEqual([])
    s.scheduler.stop()
  })

  it('never shifts a firing past the next one: a cron every 10 minutes fires once in each slot, in order', () => {
    useClockAt('2026-06-10T04:00:00Z')
    const holiday = holidayAt(join(temporaryFolder(), 'lamella.db'))
    holiday.set(false, 30)
    const random = seededRandom(7)
    const often: ScheduledTrigger = {
      id: 'often',
      trigger: cron('*/10 * * * *'),
      updatedAt: Date.now(),
      lastScheduledAt: null,
    }
    const s = startScheduler([often], holiday, () => random.next())
    vi.advanceTimersByTime(6 * HOUR + 10 * MINUTE)
    const fired = firedOf(s.fired, 'often')
    expect(fired.length).toBeGreaterThanOrEqual(36)
    for (const [i, at] of fired.entries()) {
      const slot = Date.parse('2026-06-10T04:10:00Z') + i * 10 * MINUTE
      expect(at).toBeGreaterThanOrEqual(slot)
      expect(at).toBeLessThan(slot + 10 * MINUTE)
    }
    expect(s.missed).toEqual([])
    s.scheduler.stop()
  })

  it('lets a restart neither fire again what already fired late in its half hour nor miss the next', () => {
    useClockAt('2026-06-10T04:00:00Z')
    const path = join(temporaryFolder(), 'lamella.db')
    const holiday = holidayAt(path)
    holiday.set(false, 30)
    const first = startScheduler(
      household().filter((a) => a.id === 'morning'),
      holiday,
      () => 0.8,
    )
    vi.advanceTimersByTime(2 * HOUR)
    const [firedAt] = firedOf(first.fired, 'morning')
    expect(firedAt).toBe(Date.parse('2026-06-10T05:24:00Z'))
    first.scheduler.stop()
    // The run's start is what the database keeps as the last scheduled firing.
    const again = startScheduler(
      household(firedAt!).filter((a) => a.id === 'morning'),
      holidayAt(path),
      () => 0.5,
    )
    vi.advanceTimersByTime(DAY)
    expect(firedOf(again.fired, 'morning')).toEqual([Date.parse('2026-06-11T05:15:00Z')])
    expect(again.missed).toEqual([])
    again.scheduler.stop()
  })

  it('fires a firing whose half hour a restart falls in within what is left of it, once, neither late nor missed', () => {
    useClockAt('2026-06-10T05:10:00Z') // 07:10: the 07:00 firing had not come yet when the hub went down
    const holiday = holidayAt(join(temporaryFolder(), 'lamella.db'))
    holiday.set(false, 30)
    const yesterday = Date.parse('2026-06-09T05:12:00Z')
    const s = startScheduler(
      household(yesterday).filter((a) => a.id === 'morning'),
      holiday,
      () => 0,
    )
    vi.advanceTimersByTime(HOUR)
    expect(s.fired).toEqual([{ id: 'morning', at: Date.parse('2026-06-10T05:10:00Z') }])
    expect(s.missed).toEqual([])
    s.scheduler.stop()
  })
})
