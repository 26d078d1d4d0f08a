// The day fields of a cron expression and the calendar: the day of month with L, L-n, nW and
// LW, the day of week with nL and n#k, whether any date ever matches both (node-cron needs
// both to), and, when none does, why, in words: "day 31 never comes in February".
import { DAY, WEEKDAY, expandItem, itemProblem, listItems } from './cron-fields'

const MONTH_WORDS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** One calendar day, as the day fields see it. */
interface Day {
  year: number
  month: number
  day: number
  weekday: number
  lastDay: number
}

type DayTest = (d: Day) => boolean

export interface DayField {
  /** `*` or `?`: every day. */
  any: boolean
  /** Plain days (1-31), when the field holds nothing else; for the "never comes" wording. */
  plain: number[] | null
  test: DayTest
}

/** The day-of-month field: also `L` (the last day), `L-n`, `nW` (the weekday nearest day n), `LW`. */
export function readDays(text: string): DayField {
  if (text === '*' || text === '?') return { any: true, plain: null, test: () => true }
  const tests: DayTest[] = []
  const plain: number[] = []
  let onlyPlain = true
  for (const item of listItems(text, DAY)) {
    const special = item.toUpperCase()
    if (special === 'L') {
      onlyPlain = false
      tests.push((d) => d.day === d.lastDay)
    } else if (/^L-\d+$/.test(special)) {
      const n = Number(special.slice(2))
      if (n < 1 || n > 30) {
        throw itemProblem(
          `has "${item}" in the day-of-month field; L-n needs n from 1 to 30`,
          item,
          DAY,
        )
      }
      onlyPlain = false
      tests.push((d) => d.day === d.lastDay - n)
    } else if (/^(\d{1,2}|L)W$/.test(special)) {
      const target = special === 'LW' ? null : Number(special.slice(0, -1))
      if (target !== null && (target < 1 || target > 31)) {
        throw itemProblem(
          `has "${item}" in the day-of-month field; nW needs n from 1 to 31`,
          item,
          DAY,
        )
      }
      onlyPlain = false
      tests.push((d) => nearestWeekday(d, target ?? d.lastDay) === d.day)
    } else {
      const values = expandItem(item, DAY)
      plain.push(...values)
      tests.push((d) => values.includes(d.day))
    }
  }
  return { any: false, plain: onlyPlain ? plain : null, test: (d) => tests.some((t) => t(d)) }
}

/** The day-of-week field: also `nL` (the last such weekday of the month) and `n#k` (the k-th). */
export function readWeekdays(text: string): DayField {
  if (text === '*' || text === '?') return { any: true, plain: null, test: () => true }
  const tests: DayTest[] = []
  for (const item of listItems(text, WEEKDAY)) {
    const special = item.toUpperCase()
    const last = /^([0-9])L$/.exec(special)
    const nth = /^([0-9])#([0-9])$/.exec(special)
    if (last) {
      const weekday = weekdayNumber(last[1]!, item)
      tests.push((d) => d.weekday === weekday && d.day + 7 > d.lastDay)
    } else if (nth) {
      const weekday = weekdayNumber(nth[1]!, item)
      const k = Number(nth[2])
      if (k < 1 || k > 5) {
        throw itemProblem(
          `has "${item}" in the day-of-week field; the week of the month after # must be 1 to 5`,
          item,
          WEEKDAY,
        )
      }
      tests.push((d) => d.weekday === weekday && Math.ceil(d.day / 7) === k)
    } else if (special === 'L') {
      throw itemProblem(
        'has L in the day-of-week field; write 5L for the last Friday of the month, or L in the day-of-month field for its last day',
        item,
        WEEKDAY,
      )
    } else {
      const values = expandItem(item, WEEKDAY).map((v) => v % 7)
      tests.push((d) => values.includes(d.weekday))
    }
  }
  return { any: false, plain: null, test: (d) => tests.some((t) => t(d)) }
}

function weekdayNumber(text: string, item: string): number {
  const n = Number(text)
  if (n > 7) {
    throw itemProblem(
      `has "${item}" in the day-of-week field; the weekday must be 0 to 7 (0 and 7 are Sunday)`,
      item,
      WEEKDAY,
    )
  }
  return n % 7
}

/** node-cron's nW: the weekday nearest day `target`, staying in the month; -1 if no such day. */
function nearestWeekday(d: Day, target: number): number {
  if (target < 1 || target > d.lastDay) return -1
  const weekday = (d.weekday + target - d.day + 35) % 7
  if (weekday === 6) return target === 1 ? target + 2 : target - 1
  if (weekday === 0) return target === d.lastDay ? target - 2 : target + 1
  return target
}

/**
 * Whether some day matches the month, the day of month and the day of week; both day fields
 * must match, as node-cron reads them. 28 years hold every calendar a year can have
 * (weekday of 1 January, leap or not) between 1901 and 2099.
 */
export function firesOnSomeDay(days: DayField, months: Set<number>, weekdays: DayField): boolean {
  let weekday = 1 // 1 January 2001 was a Monday.
  for (let year = 2001; year < 2029; year++) {
    for (let month = 1; month <= 12; month++) {
      const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate()
      if (months.has(month)) {
        for (let day = 1; day <= lastDay; day++) {
          const d = { year, month, day, weekday: (weekday + day - 1) % 7, lastDay }
          if (days.test(d) && weekdays.test(d)) return true
        }
      }
      weekday = (weekday + lastDay) % 7
    }
  }
  return false
}

export function whyNoDay(
  dayText: string,
  days: DayField,
  months: Set<number>,
  weekdayText: string,
  weekdays: DayField,
): string {
  const monthList = orList([...months].sort((a, b) => a - b).map((m) => MONTH_WORDS[m - 1]!))
  if (!weekdays.any) {
    return `no date matches both the day of month (${dayText}) and the day of week (${weekdayText}); both must match`
  }
  if (days.plain) {
    const sorted = [...new Set(days.plain)].sort((a, b) => a - b)
    return sorted.length === 1
      ? `day ${sorted[0]} never comes in ${monthList}`
      : `days ${andList(sorted.map(String))} never come in ${monthList}`
  }
  return `day of month ${dayText} never comes in ${monthList}`
}

function orList(words: string[]): string {
  return words.length <= 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`
}

function andList(words: string[]): string {
  return words.length <= 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
}
