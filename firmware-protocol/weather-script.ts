// Scripted weather for the emulated sensor unit: wind, rain and temperature as a function of
// the time since the start. Three built-in scripts (calm, gusty, storm) and a script read from
// a JSON file of steps. Deterministic: the same elapsed time always gives the same weather.

export interface WeatherSample {
  /** Wind speed in m/s, 0 or more. */
  wind: number
  /** 1 while it rains, else 0. */
  rain: 0 | 1
  temperatureC: number
  /** The part of the script this falls in (`breeze`, `gust`, `entry 3`); lines mark its changes. */
  step: string
}

export interface WeatherScript {
  /** `calm`, `gusty`, `storm`, or the file the script was read from. */
  readonly name: string
  /** The weather `elapsedMs` after the start; a time before the start counts as the start. */
  at(elapsedMs: number): WeatherSample
  /** The first moment after `elapsedMs` at which the step changes; null if it never does again. */
  nextStepAfter(elapsedMs: number): number | null
}

export const WEATHER_SCRIPT_NAMES = ['calm', 'gusty', 'storm'] as const
export type WeatherScriptName = (typeof WEATHER_SCRIPT_NAMES)[number]

export function isWeatherScriptName(text: string): text is WeatherScriptName {
  return (WEATHER_SCRIPT_NAMES as readonly string[]).includes(text)
}

/** The built-in script of that name. */
export function builtInWeather(name: WeatherScriptName): WeatherScript {
  return BUILT_IN[name]
}

const SECOND_MS = 1000
const MINUTE_MS = 60 * SECOND_MS

/** A wave of `amplitude` around 0 with a period of `periodS` seconds. */
function wave(elapsedMs: number, amplitude: number, periodS: number, phase = 0): number {
  return amplitude * Math.sin((2 * Math.PI * elapsedMs) / (periodS * SECOND_MS) + phase)
}

/** Two waves of periods that never line up: a breeze that varies without repeating soon. */
function breeze(elapsedMs: number, mean: number, swing: number): number {
  return mean + wave(elapsedMs, swing * 0.7, 13) + wave(elapsedMs, swing * 0.3, 5, 2)
}

/** 1-3 m/s, dry, 12 degC. */
const calm: WeatherScript = {
  name: 'calm',
  at: (elapsedMs) => {
    const t = Math.max(0, elapsedMs)
    return { wind: breeze(t, 2, 1), rain: 0, temperatureC: 12, step: 'calm' }
  },
  nextStepAfter: () => null,
}

/** In every minute, the gust blows from 20 s to 25 s. */
const GUST_STARTS_MS = 20 * SECOND_MS
const GUST_MS = 5 * SECOND_MS
/** Time the gust takes to rise from the breeze to its peak, and to fall back. */
const GUST_RAMP_MS = 500

/**
 * 4-8 m/s, dry, 16 degC; once a minute, from 20 s to 25 s, a gust that rises within 0.5 s to
 * 15.2-16.8 m/s, blows for 4 s and falls back within 0.5 s (above 14 m/s for more than 4 s).
 */
const gusty: WeatherScript = {
  name: 'gusty',
  at: (elapsedMs) => {
    const t = Math.max(0, elapsedMs)
    const base = breeze(t, 6, 2)
    const intoGust = (t % MINUTE_MS) - GUST_STARTS_MS
    if (intoGust < 0 || intoGust >= GUST_MS) {
      return { wind: base, rain: 0, temperatureC: 16, step: 'breeze' }
    }
    const peak = 16 + wave(t, 0.8, 1.3)
    const rise = Math.min(1, intoGust / GUST_RAMP_MS, (GUST_MS - intoGust) / GUST_RAMP_MS)
    return { wind: base + (peak - base) * rise, rain: 0, temperatureC: 16, step: 'gust' }
  },
  nextStepAfter: (elapsedMs) => {
    const t = Math.max(0, elapsedMs)
    const minute = Math.floor(t / MINUTE_MS) * MINUTE_MS
    const changes = [GUST_STARTS_MS, GUST_STARTS_MS + GUST_MS, MINUTE_MS + GUST_STARTS_MS]
    return minute + changes.find((at) => minute + at > t)!
  },
}

const STORM_RISE_MS = MINUTE_MS

/**
 * Raining at 8 degC; the wind rises from 10 m/s to 20 m/s in the first minute and blows at
 * 20 m/s from then on, give or take 1 m/s all along.
 */
const storm: WeatherScript = {
  name: 'storm',
  at: (elapsedMs) => {
    const t = Math.max(0, elapsedMs)
    const rising = t < STORM_RISE_MS
    const wind = 10 + 10 * Math.min(1, t / STORM_RISE_MS) + wave(t, 1, 7)
    return { wind, rain: 1, temperatureC: 8, step: rising ? 'rising' : 'storm' }
  },
  nextStepAfter: (elapsedMs) => (elapsedMs < STORM_RISE_MS ? STORM_RISE_MS : null),
}

const BUILT_IN: Readonly<Record<WeatherScriptName, WeatherScript>> = { calm, gusty, storm }

/**
 * When the next line about the weather is due after `elapsedMs`: at the next whole minute
 * since the start, or at the next change of step if that comes first.
 */
export function nextWeatherLineAfter(script: WeatherScript, elapsedMs: number): number {
  const nextMinute = (Math.floor(Math.max(0, elapsedMs) / MINUTE_MS) + 1) * MINUTE_MS
  return Math.min(nextMinute, script.nextStepAfter(elapsedMs) ?? Infinity)
}
