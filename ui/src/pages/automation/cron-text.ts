// Cron expressions in words, through cronstrue, in the language shown. Only the automation pages import this module,
// so cronstrue lands in their lazily loaded chunk and never in the first page.
import { intlLocale, translateNow } from '../../i18n/intl-locale'
import type { Message } from '../../i18n/messages'
import { triggerSummaryMessages as m } from './automation.messages'
import cronstrue from 'cronstrue'
import { badInput } from '../../../../hub/errors'
import { errorWords } from '../../forms/error-words'
import {
  checkCron,
  cronNeedsBothDays,
  cronRefusal,
  normaliseCron,
} from '../../../../hub/validation/cron'

export const CRON_PRESETS: readonly { label: Message; cron: string }[] = [
  { label: m.presetWeekdays, cron: '0 7 * * 1-5' },
  { label: m.presetEveryDay, cron: '0 8 * * *' },
  { label: m.presetQuarterHour, cron: '*/15 * * * *' },
]

export type CronDescription = { ok: true; text: string } | { ok: false; error: string }

/** Whether the browser's locale writes times with AM/PM, so the preview matches the clock. */
function uses12HourClock(): boolean {
  return (
    new Intl.DateTimeFormat(intlLocale(), { hour: 'numeric' }).resolvedOptions().hour12 ?? false
  )
}

/** "At 07:00 AM, Monday through Friday", or the hub's reason for refusing the expression. */
export function describeCron(expression: string): CronDescription {
  // The hub's own rule first: cronstrue would also describe what the hub refuses, such as
  // 7 fields or day 31 of February.
  const problem = cronRefusal(expression)
  if (problem !== null) {
    return { ok: false, error: errorWords(problem.reason, problem.values, problem.message) }
  }
  const { t, language } = translateNow()
  let text: string
  try {
    text = cronstrue.toString(normaliseCron(expression), {
      throwExceptionOnParseError: true,
      use24HourTimeFormat: !uses12HourClock(),
      // German is registered with the German catalog (catalogs/de-automation.ts).
      locale: language,
    })
  } catch {
    // The hub runs it; there are just no words for it.
    return { ok: true, text: t(m.onTheSchedule, { cron: normaliseCron(expression) }) }
  }
  // cronstrue words it as if either day field could match; the hub needs both to.
  return { ok: true, text: cronNeedsBothDays(expression) ? t(m.bothDays, { text }) : text }
}

/** The UI's side of the hub's cron rule; throws a 400 HubError at `field` like the hub. */
export function checkCronText(field: string, expression: string): void {
  if (expression.trim() === '') {
    throw badInput(field, 'needs a cron expression, or pick a preset', 'REQUIRED')
  }
  checkCron(field, expression)
}
