// The cron rule, one for the hub and the UI's editor: which 5-field (minute first) or 6-field
// (second first) expressions the hub takes, read the way node-cron reads them, and why one is
// refused, in words a person can act on ("day 31 never comes in February"). Pure: the UI
// imports it, so no node-cron here; cron.test.ts checks that node-cron schedules everything
// this takes.
import { badInput } from '../errors'
import { firesOnSomeDay, readDays, readWeekdays, whyNoDay } from './cron-days'
import { CronProblem, HOUR, MINUTE, MONTH, SECOND, readValues } from './cron-fields'

export const CRON_MAX_LENGTH = 120

const SHORTCUTS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
}

/** The expression's spacing as the hub stores it: single spaces, no ends. */
export function normaliseCron(expression: string): string {
  return expression.trim().replace(/\s+/g, ' ')
}

/** Why the hub refuses `expression`, with its reason and values, or null when it takes it. */
export function cronRefusal(expression: string): CronProblem | null {
  try {
    readCron(expression)
    return null
  } catch (err) {
    if (err instanceof CronProblem) return err
    throw err
  }
}

/** Why the hub refuses `expression` (to follow the field's name), or null when it takes it. */
export function cronProblem(expression: string): string | null {
  return cronRefusal(expression)?.message ?? null
}

/** The hub's cron rule: the expression with normalised spacing, or a 400 at `field`. */
export function checkCron(field: string, value: string): string {
  const problem = cronRefusal(value)
  if (problem !== null) throw badInput(field, problem.message, problem.reason, problem.values)
  return normaliseCron(value)
}

/** Whether the day fields restrict both the day of month and the day of week. */
export function cronNeedsBothDays(expression: string): boolean {
  const fields = normaliseCron(expression).split(' ')
  const dayFields = fields.slice(-3)
  return fields.length >= 5 && isRestricted(dayFields[0]!) && isRestricted(dayFields[2]!)
}

const isRestricted = (text: string) => text !== '*' && text !== '?'

function readCron(expression: string): void {
  if (expression.length > CRON_MAX_LENGTH) {
    throw new CronProblem(
      `must be at most ${CRON_MAX_LENGTH} characters (got ${expression.length})`,
      'TOO_LONG',
      { max: CRON_MAX_LENGTH },
    )
  }
  const text = normaliseCron(expression)
  const shortcut = SHORTCUTS[text.toLowerCase()]
  if (shortcut) {
    throw new CronProblem(
      `is a shortcut the hub does not take: write ${shortcut} for ${text}`,
      'CRON_SHORTCUT',
      { value: text, shortcut },
    )
  }
  const odd = /[^0-9A-Za-z*/,\-?# ]/.exec(text)
  if (odd) {
    throw new CronProblem(
      `has "${odd[0]}", which is not part of a cron expression`,
      'CRON_CHARACTER',
      {
        value: odd[0],
      },
    )
  }
  const fields = text === '' ? [] : text.split(' ')
  if (fields.length !== 5 && fields.length !== 6) {
    throw new CronProblem(
      `has ${fields.length} ${fields.length === 1 ? 'field' : 'fields'}; it needs 5 (minute, hour, day of month, month, day of week) or 6 with seconds first`,
      'CRON_FIELD_COUNT',
      { count: fields.length },
    )
  }
  const [second, minute, hour, day, month, weekday] =
    fields.length === 6 ? fields : ['0', ...fields]
  readValues(second!, SECOND)
  readValues(minute!, MINUTE)
  readValues(hour!, HOUR)
  const days = readDays(day!)
  const months = readValues(month!, MONTH)
  const weekdays = readWeekdays(weekday!)
  if (!firesOnSomeDay(days, months, weekdays)) {
    throw new CronProblem(
      `never fires: ${whyNoDay(day!, days, months, weekday!, weekdays)}`,
      weekdays.any ? 'CRON_NEVER_DAY' : 'CRON_NEVER_BOTH',
      { day: day!, weekday: weekday! },
    )
  }
}
