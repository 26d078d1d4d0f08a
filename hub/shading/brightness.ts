// How bright the sun shines, from the PV array: the 5-minute mean of its AC power as a
// percentage of what the array would give under a clear sky now. Pure: samples come in, the
// caller says what time it is.
//
// The clear-sky estimate is hub/pv/clear-sky.ts's Haurwitz irradiance (W/m² on a horizontal
// plane, from the sun's altitude) times the array's "effective peak": the most power per
// 1000 W/m² of clear-sky irradiance the array has given in any 5-minute mean of the last 14
// days of pv_samples (and since). We do not know the array's size, tilt or orientation, and
// the inverter does not tell its rating reliably, so we learn it: clouds only ever lower the
// ratio, so its maximum is what a clear sky gives. This is honest rather than exact: an array
// tilted south gives more than the horizontal model predicts at low sun, so in the morning and
// evening the estimate is too high and the brightness reads low (shading then leans to leave
// the blind open), and the first clear hour after installation teaches the peak. A plain
// "maximum 5-minute mean" without the irradiance would read a December noon as dull next to
// the June peak; dividing by the clear-sky irradiance fixes that. Below 5° of altitude the
// model is too rough to learn from, and brightness is not known (null) there.
import { sunPosition, type Location } from '../engine/sun'
import { clearSkyIrradiance } from '../pv/clear-sky'

const MEAN_WINDOW_MS = 5 * 60_000
/** Samples from pv_samples this old and newer teach the effective peak. */
export const LEARN_WINDOW_MS = 14 * 24 * 60 * 60_000
/** Below this altitude (degrees) the clear-sky model neither teaches nor answers. */
const MIN_MODEL_ALTITUDE = 5

export interface PowerSample {
  at: number
  powerW: number
}

/** The effective peak (W per 1000 W/m²) of 5-minute means in 1-minute samples, or 0. */
function effectivePeak(samples: PowerSample[], location: Location): number {
  let peak = 0
  const window: PowerSample[] = []
  let sum = 0
  for (const s of samples) {
    window.push(s)
    sum += s.powerW
    while (window[0]!.at <= s.at - MEAN_WINDOW_MS) sum -= window.shift()!.powerW
    // A mean only over a whole window: the first minutes after a gap say too little.
    if (window.length < 5) continue
    peak = Math.max(peak, perKiloWatt(sum / window.length, s.at, location))
  }
  return peak
}

function perKiloWatt(powerW: number, at: number, location: Location): number {
  const altitude = sunPosition(at, location).elevation
  if (altitude < MIN_MODEL_ALTITUDE) return 0
  return (powerW * 1000) / clearSkyIrradiance(altitude)
}

export class PvBrightness {
  private readonly recent: PowerSample[] = []
  private peak = 0

  /** Where the house stands: the sun's elevation there scales the clear-sky estimate. */
  constructor(private readonly location: () => Location | undefined) {}

  /** What pv_samples taught (at start, and again now and then). */
  learn(samples: PowerSample[]): void {
    const location = this.location()
    if (location) this.peak = Math.max(this.peak, effectivePeak(samples, location))
  }

  /** Forgets the peak, before learning again from the last 14 days (an array changed). */
  reset(): void {
    this.peak = 0
  }

  /** One reading of the inverter (null: offline or no value). */
  add(at: number, powerW: number | null): void {
    if (powerW === null || !Number.isFinite(powerW)) return
    this.recent.push({ at, powerW: Math.max(0, powerW) })
    this.drop(at)
    // Live readings teach too, once they span most of a window.
    const mean = this.mean(at)
    const location = this.location()
    if (mean !== null && location) this.peak = Math.max(this.peak, perKiloWatt(mean, at, location))
  }

  /** The mean power over the last 5 minutes, or null while readings cover less than 4 of them. */
  mean(now: number): number | null {
    this.drop(now)
    const first = this.recent[0]
    if (!first || now - first.at < MEAN_WINDOW_MS - 60_000) return null
    return this.recent.reduce((sum, s) => sum + s.powerW, 0) / this.recent.length
  }

  /** Percent of the clear-sky estimate, or null while it cannot be told. */
  brightness(now: number): number | null {
    const mean = this.mean(now)
    const location = this.location()
    if (mean === null || this.peak <= 0 || !location) return null
    const altitude = sunPosition(now, location).elevation
    if (altitude < MIN_MODEL_ALTITUDE) return null
    const clearSkyW = (this.peak * clearSkyIrradiance(altitude)) / 1000
    return (100 * mean) / clearSkyW
  }

  private drop(now: number): void {
    while (this.recent.length && this.recent[0]!.at <= now - MEAN_WINDOW_MS) this.recent.shift()
  }
}
