// What the charts show, in a sentence each: read by screen readers and shown under each chart's
// title, so the figures a glance at the picture gives are there in text too.
import type { PvDay, PvSample } from '../../api/types'
import { clockTime, dayLabel } from '../../time/hub-day'
import { formatEnergy, formatPower } from './pv-format'

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
): string {
  const peak = peakOf(samples)
  const total = todayWh === null ? '' : ` ${formatEnergy(todayWh)} so far today.`
  if (!peak) return `No production yet today.${total}`
  return `Peak ${formatPower(peak.powerW)} at ${clockTime(peak.at, timeZone)}.${total}`
}

/** The day with the most energy (the latest of equals); null when none produced. */
export function bestDayOf(days: readonly PvDay[]): PvDay | null {
  let best: PvDay | null = null
  for (const day of days) if (day.wh > 0 && day.wh >= (best?.wh ?? 0)) best = day
  return best
}

/** "Best day Tue 3 Jun, 23.4 kWh. 412 kWh in 30 days." */
export function energySummary(days: readonly PvDay[]): string {
  const best = bestDayOf(days)
  const span = `${days.length} ${days.length === 1 ? 'day' : 'days'}`
  if (!best) return `No production in the last ${span}.`
  const total = days.reduce((sum, d) => sum + d.wh, 0)
  return `Best day ${dayLabel(best.day)}, ${formatEnergy(best.wh)}. ${formatEnergy(total)} in ${span}.`
}
