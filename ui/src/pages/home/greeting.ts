// The greeting on Home, by the browser's own clock.
import { english, type Translate } from '../../i18n/translate'
import { homeMessages as m } from './home.messages'

/** "Good morning" from five until noon, "Good afternoon" until six, "Good evening" after. */
export function greetingFor(now: Date, t: Translate = english): string {
  const hour = now.getHours()
  if (hour >= 5 && hour < 12) return t(m.goodMorning)
  if (hour >= 12 && hour < 18) return t(m.goodAfternoon)
  return t(m.goodEvening)
}
