// One line saying when an automation runs: "Manual", "At 07:00, Monday through Friday",
// "Sunrise +15 min".
import type { Trigger } from '../../api/types'
import { translateNow } from '../../i18n/intl-locale'
import { triggerSummaryMessages as m } from './automation.messages'
import { describeCron } from './cron-text'

export const SUN_EVENT_LABEL = { SUNRISE: m.sunrise, SUNSET: m.sunset } as const

/** "+15 min", "−30 min", or nothing for no offset. */
export function offsetText(minutes: number): string {
  if (minutes === 0) return ''
  // U+2212, the minus sign, reads better than a hyphen next to a number.
  return minutes > 0 ? `+${minutes} min` : `\u2212${-minutes} min`
}

export function triggerSummary(trigger: Trigger): string {
  const { t } = translateNow()
  switch (trigger.type) {
    case 'MANUAL':
      return t(m.manual)
    case 'CRON': {
      const cron = trigger.cron ?? ''
      const description = describeCron(cron)
      return description.ok ? description.text : t(m.schedule, { cron })
    }
    case 'SUN': {
      const event = t(SUN_EVENT_LABEL[trigger.sunEvent ?? 'SUNRISE'])
      const offset = offsetText(trigger.offsetMinutes)
      return offset ? `${event} ${offset}` : event
    }
  }
}
