// The charts' data in uPlot's shape (columns of x and y), kept apart from the chart code so it
// is tested without a canvas: today's curve with breaks where samples are missing, and the
// days' bars with today's the live figure.
//
// Where the curve breaks is decided here, from the samples alone: the hub keeps a sample for
// each minute it read the inverter (the minute under way included) and none for a minute it
// did not (the inverter away, the hub off), and the page adds each live push, a null power for
// one that says the inverter is away. uPlot draws a null as a gap (spanGaps is off).
import type { PvDay, PvSample } from '../../api/types'

/**
 * Samples further apart than this leave a break in the line: two minutes or more with no
 * reading (the minutes are 1 apart, the live pushes 10 s). A single missing minute is joined:
 * at a day's scale it is under a pixel wide.
 */
export const CURVE_GAP_MS = 2 * 60_000

/** [x: unix seconds, power W (null: a break)], a null put in each gap over CURVE_GAP_MS. */
export function curveColumns(samples: readonly PvSample[]): [number[], (number | null)[]] {
  const xs: number[] = []
  const ys: (number | null)[] = []
  let previous: number | null = null
  for (const sample of samples) {
    const t = Date.parse(sample.at)
    if (Number.isNaN(t) || (previous !== null && t <= previous)) continue
    if (previous !== null && t - previous > CURVE_GAP_MS) {
      xs.push((previous + t) / 2000)
      ys.push(null)
    }
    xs.push(t / 1000)
    ys.push(sample.powerW)
    previous = t
  }
  return [xs, ys]
}

/** The shortest stretch of time today's curve spans, so its first minutes are not a dot. */
export const CURVE_MIN_SPAN_S = 10 * 60

/** The x range of today's curve in unix seconds: its first sample to now, at least 10 minutes. */
export function curveRange(xs: readonly number[], nowMs: number): [number, number] {
  const end = Math.max(nowMs / 1000, xs[xs.length - 1] ?? 0)
  const start = Math.min(xs[0] ?? end, end - CURVE_MIN_SPAN_S)
  return [start, end]
}

/**
 * The days with today's energy as the inverter last said (`todayWh` of `pv`, kept live by each
 * push), so today's bar is always "Energy today". `today` is YYYY-MM-DD in the hub's zone; a
 * list that ends on another day (the day has turned since it was asked for) is left as it is.
 */
export function withTodayEnergy(
  days: readonly PvDay[],
  today: string | null,
  todayWh: number | null,
): readonly PvDay[] {
  const last = days[days.length - 1]
  if (!last || last.day !== today || todayWh === null || last.wh === todayWh) return days
  return [...days.slice(0, -1), { day: last.day, wh: todayWh }]
}

/** [x: the day's index, energy Wh]. */
export function barColumns(days: readonly PvDay[]): [number[], number[]] {
  return [days.map((_, i) => i), days.map((d) => d.wh)]
}

/** Which bars get a date under them: every `step`-th counted back from the last (today). */
export function labelledBars(count: number, plotWidthPx: number, labelWidthPx = 56): number[] {
  const fit = Math.max(1, Math.floor(plotWidthPx / labelWidthPx))
  const step = Math.max(1, Math.ceil(count / fit))
  const indexes: number[] = []
  for (let i = count - 1; i >= 0; i -= step) indexes.unshift(i)
  return indexes
}
