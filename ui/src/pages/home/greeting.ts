// The greeting on Home, by the house's clock (the hub's time zone).
import { english, type Translate } from '../../i18n/translate'
import { homeMessages as m } from './home.messages'
import { hourIn } from '../../time/hub-day'

/**
 * "Good morning" from five until noon, "Good afternoon" until six, "Good evening" after, on the
 * house's clocks (the hub's time zone), not the browser's.
 */
export function greetingFor(
  now: Date,
  timeZone: string | undefined,
  t: Translate = english,
): string {
  const hour = hourIn(now, timeZone)
  if (hour >= 5 && hour < 12) return t(m.goodMorning)
  if (hour >= 12 && hour < 18) return t(m.goodAfternoon)
  return t(m.goodEvening)
}
