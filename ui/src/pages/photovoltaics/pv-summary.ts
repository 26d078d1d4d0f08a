// What the charts show, in a sentence each: read by screen readers and shown under each chart's
// title, so the figures a glance at the picture gives are there in text too.
import type { PvDay, PvSample } from '../../api/types'
import { clockTime, dayLabel } from '../../time/hub-day'
import { english, type Translate } from '../../i18n/translate'
import { formatEnergy, formatPower } from './pv-format'
import { pvMessages as m } from './pv.messages'

/** The sample with the most power (the first of equals); null when none produced. */
export function peakOf(samples: readonly PvSample[]): PvSample | null {
  let peak: PvSample | null = null
  for (const sample of samples) {
    if (sample.powerW !== null && sample.powerW > 0 && sample.powerW > (peak?.powerW ?? 0)) {
      peak = sample
    }
  }
  return peak
}

/** "Peak 4.21 kW at 13:05. 23.4 kWh so far today." */
export function todaySummary(
  samples: readonly PvSample[],
  todayWh: number | null,
  timeZone: string | undefined,
  t: Translate = english,
): string {
  const peak = peakOf(samples)
  const total = todayWh === null ? '' : ` ${t(m.soFarToday, { energy: formatEnergy(todayWh) })}`
  if (!peak) return `${t(m.noProductionToday)}${total}`
  const time = clockTime(peak.at, timeZone)
  return `${t(m.peakAt, { power: formatPower(peak.powerW), time })}${total}`
}

/** The day with the most energy (the latest of equals); null when none produced. */
export function bestDayOf(days: readonly PvDay[]): PvDay | null {
  let best: PvDay | null = null
  for (const day of days) if (day.wh > 0 && day.wh >= (best?.wh ?? 0)) best = day
  return best
}

/** "Best day Tue 3 Jun, 23.4 kWh. 412 kWh in 30 days." */
export function energySummary(days: readonly PvDay[], t: Translate = english): string {
  const best = bestDayOf(days)
  const count = days.length
  if (!best) return t(m.noProductionDays, { count })
  const total = days.reduce((sum, d) => sum + d.wh, 0)
  const bestDay = t(m.bestDay, { day: dayLabel(best.day), energy: formatEnergy(best.wh) })
  return `${bestDay} ${t(m.totalInDays, { count, energy: formatEnergy(total) })}`
}
