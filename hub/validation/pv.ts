// The arguments of the PV queries: instants as ISO-8601 with a zone, a history range of at
// most 14 days, and 1 to 400 days of energy. Each checker throws a 400 naming its field.
import { badInput } from '../errors'
import { checkIntegerIn } from './fields'

export const PV_HISTORY_MAX_DAYS = 14
export const PV_ENERGY_MAX_DAYS = 400

const DAY_MS = 86_400_000
const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i

/** An ISO-8601 date and time with Z or an offset, such as 2026-06-21T00:00:00Z; epoch ms. */
export function checkInstant(field: string, value: string): number {
  const m = INSTANT.exec(value.trim())
  const at = m ? Date.parse(value.trim()) : NaN
  const [, year, month, day, hour, minute, second = '0'] = m ?? []
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)))
  const real =
    Number.isFinite(at) &&
    calendar.getUTCDate() === Number(day) &&
    calendar.getUTCMonth() === Number(month) - 1 &&
    Number(hour) < 24 &&
    Number(minute) < 60 &&
    Number(second) < 60
  if (!real) {
    throw badInput(
      field,
      `must be an ISO-8601 date and time with Z or an offset, such as 2026-06-21T00:00:00Z (got "${value.slice(0, 40)}")`,
      'DATE_TIME',
    )
  }
  return at
}

/** [from, to) with `to` after `from` and at most 14 days on. */
export function checkHistoryRange(from: string, to: string): { from: number; to: number } {
  const start = checkInstant('from', from)
  const end = checkInstant('to', to)
  if (end <= start) {
    throw badInput('to', 'must be after from', 'WITHIN_DAYS', {
      other: 'from',
      max: PV_HISTORY_MAX_DAYS,
    })
  }
  if (end - start > PV_HISTORY_MAX_DAYS * DAY_MS) {
    throw badInput('to', `must be at most ${PV_HISTORY_MAX_DAYS} days after from`, 'WITHIN_DAYS', {
      other: 'from',
      max: PV_HISTORY_MAX_DAYS,
    })
  }
  return { from: start, to: end }
}

export function checkEnergyDays(days: number): number {
  return checkIntegerIn('days', days, 1, PV_ENERGY_MAX_DAYS)
}
