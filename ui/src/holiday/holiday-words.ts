// Holiday mode in words, as Home's card and the settings page say it: "Holiday mode: schedules
// and shading paused since today 09:12", and the lived-in offsets offered.
import { holidayMessages } from './holiday.messages'
import { english, type Translate } from '../i18n/translate'
import { RANDOM_OFFSET_MAX_MINUTES } from '../../../hub/validation/shading'
import type { Holiday } from '../api/types'
import { formatWhen } from '../pages/automation/time-format'

const m = holidayMessages

/** The offsets offered, every 5 minutes, and the one set if it is another. */
export function offsetChoices(current: number): number[] {
  const steps = Array.from({ length: RANDOM_OFFSET_MAX_MINUTES / 5 + 1 }, (_, i) => i * 5)
  return steps.includes(current) ? steps : [...steps, current].sort((a, b) => a - b)
}

/** "Holiday mode: schedules and shading paused since today 09:12". */
export function holidayText(
  holiday: Holiday,
  timeZone: string | undefined,
  now = new Date(),
  t: Translate = english,
) {
  if (!holiday.enabled) return t(m.off)
  if (!holiday.since) return t(m.paused)
  const since = formatWhen(holiday.since, now, timeZone).replace(
    /^(Today|Yesterday|Heute|Gestern)/,
    (day) => day.toLowerCase(),
  )
  return t(m.pausedSince, { since })
}
