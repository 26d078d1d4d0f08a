// The cron rule the hub and the editor share: what it takes, why it refuses the rest, and that
// node-cron, which runs the schedules, can run everything it takes.
import cron from 'node-cron'
import { describe, expect, it } from 'vitest'
import { CronSchedule } from '../engine/cron'
import { HubError } from '../errors'
import { CRON_MAX_LENGTH, checkCron, cronNeedsBothDays, cronProblem } from './cron'

const ACCEPTED = [
  '0 7 * * 1-5',
  '*/15 * * * *',
  '30 0 7 * * *',
  '0 7 * * MON',
  '0 7 * * mon-fri',
  '0 7 * JAN-MAR *',
  '0 7 * NOV-FEB *',
  '0 22-2 * * *',
  '0 7 29 2 *',
  '0 7 31 1,2 *',
  '0 7 L * *',
  '0 7 L-2 * *',
  '0 7 15W * *',
  '0 7 LW * *',
  '0 7 * * 5L',
  '0 7 * * 1#2',
  '0 7 ? * MON',
  '0 7 * * 7',
  '0 7 * * 5-7',
  '0 7 1-20/3 * *',
  '0 0 1 1 *',
  '0 7 1 * 1',
  '0 7 29 2 1',
  '5,10,15 */2 * * *',
]

describe('the cron rule', () => {
  it.each(ACCEPTED)('takes %j', (expression) => {
    expect(cronProblem(expression)).toBeNull()
  })

  it('stores an expression with single spaces', () => {
    expect(checkCron('trigger.cron', '  0   7 *\t* *  ')).toBe('0 7 * * *')
  })

  it.each([
    ['day 31 in February', '0 7 31 2 *', 'never fires: day 31 never comes in February'],
    ['day 30 in February', '0 7 30 2 *', 'never fires: day 30 never comes in February'],
    [
      'days that no listed month has',
      '0 7 30,31 2 *',
      'never fires: days 30 and 31 never come in February',
    ],
    [
      'day 31 in the short months',
      '0 7 31 4,6,9,11 *',
      'never fires: day 31 never comes in April, June, September or November',
    ],
    [
      'a nearest weekday February lacks',
      '0 7 30W 2 *',
      'never fires: day of month 30W never comes in February',
    ],
    [
      'day 31 that is also the first Monday',
      '0 7 31 * 1#1',
      'never fires: no date matches both the day of month (31) and the day of week (1#1); both must match',
    ],
    [
      '4 fields',
      '0 7 * *',
      'has 4 fields; it needs 5 (minute, hour, day of month, month, day of week) or 6 with seconds first',
    ],
    [
      '7 fields',
      '0 0 7 * * * 2030',
      'has 7 fields; it needs 5 (minute, hour, day of month, month, day of week) or 6 with seconds first',
    ],
    [
      'nothing',
      '   ',
      'has 0 fields; it needs 5 (minute, hour, day of month, month, day of week) or 6 with seconds first',
    ],
    ['minute 61', '61 * * * *', 'has minute 61; minutes go from 0 to 59'],
    ['hour 25', '0 25 * * *', 'has hour 25; hours go from 0 to 23'],
    ['day 32', '0 7 32 * *', 'has day of month 32; days of the month go from 1 to 31'],
    ['day 0', '0 7 0 * *', 'has day of month 0; days of the month go from 1 to 31'],
    ['month 13', '0 7 * 13 *', 'has month 13; months go from 1 to 12 (or JAN to DEC)'],
    [
      'weekday 8 in a range',
      '0 7 * * 8-9',
      'has day of week 8; days of the week go from 0 to 7 (SUN to SAT; 0 and 7 are both Sunday)',
    ],
    ['second 60', '60 0 7 * * *', 'has second 60; seconds go from 0 to 59'],
    ['a word', 'a b c d e', 'has "a" in the minute field; write a number 0 to 59'],
    [
      'a month name that is not one',
      '0 7 * JANUARY *',
      'has "JANUARY" in the month field; write a number 1 to 12 or a name JAN to DEC',
    ],
    [
      'a step after a single value',
      '5/15 * * * *',
      'has "5/15" in the minute field: a step needs * or a range before the slash, such as */15 or 5-59/15',
    ],
    ['step 0', '*/0 * * * *', 'has step 0 in "*/0" (minute field); a step must be 1 to 59'],
    [
      'a step longer than the hour',
      '*/90 * * * *',
      'has step 90 in "*/90" (minute field); a step must be 1 to 59',
    ],
    ['an empty list item', '1,,2 * * * *', 'has an empty item in the minute field ("1,,2")'],
    ['a shortcut', '@daily', 'is a shortcut the hub does not take: write 0 0 * * * for @daily'],
    ['a stray character', '0 7 * * 1;', 'has ";", which is not part of a cron expression'],
    [
      'L alone among weekdays',
      '0 7 * * L',
      'has L in the day-of-week field; write 5L for the last Friday of the month, or L in the day-of-month field for its last day',
    ],
    [
      'a sixth week of the month',
      '0 7 * * 1#6',
      'has "1#6" in the day-of-week field; the week of the month after # must be 1 to 5',
    ],
    [
      'too long',
      `0 7 ${'1,'.repeat(60)}1 * *`,
      `must be at most ${CRON_MAX_LENGTH} characters (got 129)`,
    ],
  ])('refuses %s, saying why', (_, expression, problem) => {
    expect(cronProblem(expression)).toBe(problem)
  })

  it('throws a 400 at the field, with the field in front of the reason', () => {
    let error: unknown
    try {
      checkCron('trigger.cron', '0 7 31 2 *')
    } catch (err) {
      error = err
    }
    expect(error).toBeInstanceOf(HubError)
    expect(error).toMatchObject({
      code: 400,
      field: 'trigger.cron',
      message: 'trigger.cron never fires: day 31 never comes in February',
    })
  })

  it('knows when both day fields must match', () => {
    expect(cronNeedsBothDays('0 7 1 * 1')).toBe(true)
    expect(cronNeedsBothDays('0 7 1 * *')).toBe(false)
    expect(cronNeedsBothDays('0 0 7 ? * MON')).toBe(false)
  })
})

describe('the cron rule and node-cron, which runs the schedules', () => {
  it.each(ACCEPTED)('node-cron schedules %j and finds its next firing', (expression) => {
    expect(cron.validate(expression)).toBe(true)
    const next = new CronSchedule(expression, 'Europe/Berlin').nextAfter(
      new Date('2025-03-01T00:00:00Z'),
    )
    expect(next.getTime()).toBeGreaterThan(Date.parse('2025-03-01T00:00:00Z'))
  })

  it('takes nothing that node-cron refuses, over 20000 seeded random expressions', () => {
    const random = seeded(20250601)
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!
    // Mostly values each field takes, with wild ones mixed in, so that both sides of the
    // comparison get exercised.
    const time = ['*', '0', '5', '30', '59', '23', '60', '24', '22-2', '10-20']
    const fields = [
      time,
      time,
      time,
      [
        '*',
        '?',
        '1',
        '15',
        '29',
        '30',
        '31',
        '32',
        '0',
        'L',
        'L-3',
        'L-31',
        '15W',
        'LW',
        '32W',
        '25-5',
      ],
      ['*', '1', '2', '4', '12', '13', '0', 'JAN', 'feb', 'NOV-FEB', 'MON'],
      ['*', '?', '0', '1', '5', '7', '8', 'MON', 'fri', 'SUN-SAT', '5L', '1#2', '2#6', 'L', 'JAN'],
    ]
    const wild = ['', 'W', '#', '1#', '-1', '1-', 'x', '*/*', '1.5']
    const item = (atoms: readonly string[]): string => {
      const a = random() < 0.05 ? pick(wild) : pick(atoms)
      const roll = random()
      if (roll < 0.1) return `${a}-${pick(atoms)}`
      if (roll < 0.2) return `${a}/${pick(['0', '1', '2', '5', '15', '31', '90'])}`
      if (roll < 0.25) return `${a}-${pick(atoms)}/${pick(['1', '2', '7', '40'])}`
      return a
    }
    const field = (atoms: readonly string[]) =>
      Array.from({ length: random() < 0.8 ? 1 : 2 }, () => item(atoms)).join(',')
    let accepted = 0
    for (let i = 0; i < 20000; i++) {
      const seconds = random() < 0.2
      const expression = (seconds ? fields : fields.slice(1)).map(field).join(' ')
      if (cronProblem(expression) === null) {
        accepted++
        expect(cron.validate(expression), expression).toBe(true)
      }
    }
    // Enough of them pass for the comparison to say something.
    expect(accepted).toBeGreaterThan(300)
  })

  it.each(['0 7 31 2 *', '0 7 31 4,6,9,11 *', '0 7 31 * 1#1', '0 7 30W 2 *'])(
    'calls %j never-firing where node-cron refuses it or finds no firing',
    (expression) => {
      expect(cronProblem(expression)).toMatch(/^never fires: /)
      if (!cron.validate(expression)) return
      expect(() =>
        new CronSchedule(expression, 'UTC').nextAfter(new Date('2025-03-01T00:00:00Z')),
      ).toThrow()
    },
  )
})

/** mulberry32: the same numbers on every run, so a failure can be replayed. */
function seeded(seed: number): () => number {
  let a = seed
  return () => {
    a |= 0
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
