// Reading one field of a cron expression as node-cron reads it: numbers, names (JAN, MON),
// ranges that may wrap round (22-2), steps after * or a range, lists. A value it cannot read
// is a CronProblem worded to follow the field's name: "has minute 61; minutes go from 0 to 59".

import type { ErrorReason } from '../errors'

const MONTH_NAMES = 'JAN FEB MAR APR MAY JUN JUL AUG SEP OCT NOV DEC'.split(' ')
const WEEKDAY_NAMES = 'SUN MON TUE WED THU FRI SAT'.split(' ')

export interface FieldSpec {
  /** Which field, for a client to name it in its own words (a CronProblem's `part`). */
  part: CronPart
  /** As a sentence names one value: "minute 61". */
  name: string
  /** As a sentence names them all: "minutes go from 0 to 59". */
  plural: string
  min: number
  max: number
  /** The range node-cron wraps a backwards range in (the week has 7 days, though 7 is allowed). */
  wrapMax: number
  /** Names for the values from `min` on, as JAN or SUN. */
  names?: readonly string[]
  rangeNote?: string
}

export type CronPart = 'second' | 'minute' | 'hour' | 'dayOfMonth' | 'month' | 'dayOfWeek'

export const SECOND: FieldSpec = {
  part: 'second',
  name: 'second',
  plural: 'seconds',
  min: 0,
  max: 59,
  wrapMax: 59,
}
export const MINUTE: FieldSpec = {
  part: 'minute',
  name: 'minute',
  plural: 'minutes',
  min: 0,
  max: 59,
  wrapMax: 59,
}
export const HOUR: FieldSpec = {
  part: 'hour',
  name: 'hour',
  plural: 'hours',
  min: 0,
  max: 23,
  wrapMax: 23,
}
export const DAY: FieldSpec = {
  part: 'dayOfMonth',
  name: 'day of month',
  plural: 'days of the month',
  min: 1,
  max: 31,
  wrapMax: 31,
}
export const MONTH: FieldSpec = {
  part: 'month',
  name: 'month',
  plural: 'months',
  min: 1,
  max: 12,
  wrapMax: 12,
  names: MONTH_NAMES,
  rangeNote: ' (or JAN to DEC)',
}
export const WEEKDAY: FieldSpec = {
  part: 'dayOfWeek',
  name: 'day of week',
  plural: 'days of the week',
  min: 0,
  max: 7,
  wrapMax: 6,
  names: WEEKDAY_NAMES,
  rangeNote: ' (SUN to SAT; 0 and 7 are both Sunday)',
}

/**
 * A broken rule, worded to follow the field's name ("trigger.cron has minute 61; ..."), with its
 * stable reason and values (hub/errors.ts) for a client to word it in its own language.
 */
export class CronProblem extends Error {
  constructor(
    message: string,
    readonly reason: ErrorReason,
    readonly values: Readonly<Record<string, string | number>> = {},
  ) {
    super(message)
  }
}

/** A problem with `item` in one field that no range explains: "has "x" in the minute field". */
export const itemProblem = (message: string, item: string, spec: FieldSpec) =>
  new CronProblem(message, 'CRON_ITEM', { part: spec.part, value: item })

/** The values a field of plain numbers, names, ranges and steps stands for. */
export function readValues(text: string, spec: FieldSpec): Set<number> {
  const values = new Set<number>()
  for (const item of listItems(text, spec)) {
    for (const v of expandItem(item, spec)) values.add(v)
  }
  return values
}

export function listItems(text: string, spec: FieldSpec): string[] {
  const items = text.split(',')
  if (items.some((i) => i === '')) {
    throw itemProblem(`has an empty item in the ${spec.name} field ("${text}")`, text, spec)
  }
  return items
}

/** `*`, `*\/s`, `v`, `a-b` or `a-b/s`; a backwards range wraps round, as node-cron reads it. */
export function expandItem(item: string, spec: FieldSpec): number[] {
  const m = /^(\*|[0-9A-Za-z]+(?:-[0-9A-Za-z]+)?)(?:\/(\d+))?$/.exec(item)
  if (!m) {
    throw itemProblem(
      `has "${item}" in the ${spec.name} field, which is not a ${spec.name} (${spec.min} to ${spec.max}${spec.rangeNote ?? ''}), a range such as ${spec.min + 1}-${spec.min + 3} or a step such as */2`,
      item,
      spec,
    )
  }
  const [, range, stepText] = m
  let first = spec.min
  let last = spec.wrapMax
  if (range !== '*') {
    const [a, b] = range!.split('-')
    if (b === undefined && stepText !== undefined) {
      // node-cron reads a step only after * or a range.
      throw itemProblem(
        `has "${item}" in the ${spec.name} field: a step needs * or a range before the slash, such as */${stepText} or ${a}-${spec.max}/${stepText}`,
        item,
        spec,
      )
    }
    first = valueOf(a!, spec)
    last = b === undefined ? first : valueOf(b, spec)
  }
  const step = stepText === undefined ? 1 : Number(stepText)
  const size = spec.wrapMax - spec.min + 1
  if (step < 1 || step >= size) {
    throw new CronProblem(
      `has step ${stepText} in "${item}" (${spec.name} field); a step must be 1 to ${size - 1}`,
      'CRON_STEP',
      { part: spec.part, value: item, min: 1, max: size - 1 },
    )
  }
  const values: number[] = []
  if (first <= last) {
    for (let v = first; v <= last; v += step) values.push(v)
  } else {
    const span = (((last - first) % size) + size) % size
    for (let offset = 0; offset <= span; offset += step) {
      const v = first + offset
      values.push(v > spec.wrapMax ? v - size : v)
    }
  }
  return values
}

function valueOf(token: string, spec: FieldSpec): number {
  if (/^\d+$/.test(token)) {
    const v = Number(token)
    if (v < spec.min || v > spec.max) {
      throw new CronProblem(
        `has ${spec.name} ${v}; ${spec.plural} go from ${spec.min} to ${spec.max}${spec.rangeNote ?? ''}`,
        'CRON_VALUE',
        { part: spec.part, value: v, min: spec.min, max: spec.max },
      )
    }
    return v
  }
  const index = spec.names?.indexOf(token.toUpperCase()) ?? -1
  if (index >= 0) return index + spec.min
  const names = spec.names ? ` or a name ${spec.names[0]} to ${spec.names.at(-1)}` : ''
  throw new CronProblem(
    `has "${token}" in the ${spec.name} field; write a number ${spec.min} to ${spec.max}${names}`,
    'CRON_VALUE',
    { part: spec.part, value: token, min: spec.min, max: spec.max },
  )
}
