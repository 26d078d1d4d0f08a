// Cron expressions in words, through cronstrue. Only the automation pages import this module,
// so cronstrue lands in their lazily loaded chunk and never in the first page.
import cronstrue from 'cronstrue'
import { badInput } from '../../../../hub/errors'

export const CRON_PRESETS: readonly { label: string; cron: string }[] = [
  { label: 'Weekdays 07:00', cron: '0 7 * * 1-5' },
  { label: 'Every day 08:00', cron: '0 8 * * *' },
  { label: 'Every 15 minutes', cron: '*/15 * * * *' },
]

export type CronDescription = { ok: true; text: string } | { ok: false; error: string }

/** Whether the browser's locale writes times with AM/PM, so the preview matches the clock. */
function uses12HourClock(): boolean {
  return new Intl.DateTimeFormat(undefined, { hour: 'numeric' }).resolvedOptions().hour12 ?? false
}

function fieldCount(expression: string): number {
  const trimmed = expression.trim()
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length
}

/** "At 07:00 AM, Monday through Friday", or why the expression cannot be read. */
export function describeCron(expression: string): CronDescription {
  // The hub takes 5 fields (minute first) or 6 (second first); cronstrue would also take 7.
  const fields = fieldCount(expression)
  if (fields !== 5 && fields !== 6) {
    return { ok: false, error: `must be a cron expression of 5 or 6 fields (got ${fields})` }
  }
  try {
    const text = cronstrue.toString(expression.trim(), {
      throwExceptionOnParseError: true,
      use24HourTimeFormat: !uses12HourClock(),
    })
    return { ok: true, text }
  } catch (err) {
    const reason = String(err instanceof Error ? err.message : err).replace(/^Error:\s*/, '')
    return { ok: false, error: `is not a valid cron expression: ${reason}` }
  }
}

/** The UI's side of the hub's cron rule; throws a 400 HubError at `field` like the hub. */
export function checkCronText(field: string, expression: string): void {
  if (expression.trim() === '') throw badInput(field, 'needs a cron expression, or pick a preset')
  const description = describeCron(expression)
  if (!description.ok) throw badInput(field, description.error)
}
