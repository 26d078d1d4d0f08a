import { describe, expect, it, vi } from 'vitest'
import {
  builtInWeather,
  isWeatherScriptName,
  nextWeatherLineAfter,
  type WeatherSample,
  type WeatherScript,
} from './weather-script'

const SECOND = 1000
const MINUTE = 60 * SECOND
/** Every 100 ms, the granularity of a sensor read every second with room to spare. */
const STEP_MS = 100

/** The samples of `script` every 100 ms from `fromMs` up to (not including) `toMs`. */
function samples(script: WeatherScript, fromMs: number, toMs: number): [number, WeatherSample][] {
  const out: [number, WeatherSample][] = []
  for (let t = fromMs; t < toMs; t += STEP_MS) out.push([t, script.at(t)])
  return out
}

/** The spans (start, length in ms) during which the wind blew above `limit`. */
function spansAbove(script: WeatherScript, limit: number, toMs: number): [number, number][] {
  const spans: [number, number][] = []
  let start: number | null = null
  for (const [t, sample] of samples(script, 0, toMs + STEP_MS)) {
    if (sample.wind > limit && start === null) start = t
    if (sample.wind <= limit && start !== null) {
      spans.push([start, t - start])
      start = null
    }
  }
  return spans
}

describe('the calm script', () => {
  const calm = builtInWeather('calm')

  it('blows between 1 and 3 m/s and never above 5, dry at 12 degC, for an hour', () => {
    const winds = samples(calm, 0, 60 * MINUTE).map(([, s]) => s.wind)
    expect(Math.max(...winds)).toBeLessThanOrEqual(3)
    expect(Math.min(...winds)).toBeGreaterThanOrEqual(1)
    expect(Math.max(...winds) - Math.min(...winds)).toBeGreaterThan(1)
    for (const [, sample] of samples(calm, 0, 10 * MINUTE)) {
      expect(sample).toMatchObject({ rain: 0, temperatureC: 12, step: 'calm' })
    }
  })

  it('has one step only, so lines come once a minute', () => {
    expect(calm.nextStepAfter(0)).toBeNull()
    expect(nextWeatherLineAfter(calm, 0)).toBe(MINUTE)
    expect(nextWeatherLineAfter(calm, 61 * SECOND)).toBe(2 * MINUTE)
  })
})

describe('the gusty script', () => {
  const gusty = builtInWeather('gusty')

  it('gusts above 14 m/s once a minute, for at least 2 s and about 5 s, from 20 s into the minute', () => {
    const gusts = spansAbove(gusty, 14, 10 * MINUTE)
    expect(gusts).toHaveLength(10)
    gusts.forEach(([start, length], minute) => {
      expect(start).toBeGreaterThanOrEqual(minute * MINUTE + 20 * SECOND)
      expect(start).toBeLessThan(minute * MINUTE + 21 * SECOND)
      expect(length).toBeGreaterThanOrEqual(2 * SECOND)
      expect(length).toBeLessThanOrEqual(5 * SECOND)
    })
  })

  it('blows 4-8 m/s between the gusts, dry at 16 degC', () => {
    const between = samples(gusty, 0, 10 * MINUTE).filter(([, s]) => s.step === 'breeze')
    expect(between.length).toBeGreaterThan(5000)
    for (const [, sample] of between) {
      expect(sample.wind).toBeGreaterThanOrEqual(4)
      expect(sample.wind).toBeLessThanOrEqual(8)
      expect(sample).toMatchObject({ rain: 0, temperatureC: 16 })
    }
  })

  it('marks the gust as a step of its own, so a line marks its start and its end', () => {
    expect(gusty.at(19_999).step).toBe('breeze')
    expect(gusty.at(20_000).step).toBe('gust')
    expect(gusty.at(25_000).step).toBe('breeze')
    expect(gusty.nextStepAfter(0)).toBe(20_000)
    expect(gusty.nextStepAfter(20_000)).toBe(25_000)
    expect(gusty.nextStepAfter(25_000)).toBe(80_000)
    expect(nextWeatherLineAfter(gusty, 25_000)).toBe(MINUTE)
    expect(nextWeatherLineAfter(gusty, MINUTE)).toBe(80_000)
  })
})

describe('the storm script', () => {
  const storm = builtInWeather('storm')

  it('rains throughout at 8 degC', () => {
    for (const [, sample] of samples(storm, 0, 10 * MINUTE)) {
      expect(sample).toMatchObject({ rain: 1, temperatureC: 8 })
    }
  })

  it('rises from about 10 m/s to about 20 m/s within the first minute and stays there', () => {
    expect(storm.at(0).wind).toBeCloseTo(10, 5)
    const rising = samples(storm, 0, MINUTE).map(([, s]) => s.wind)
    expect(Math.min(...rising)).toBeGreaterThanOrEqual(9)
    const meanOf = (from: number) =>
      samples(storm, from, from + 7 * SECOND).reduce((sum, [, s]) => sum + s.wind, 0) / 70
    expect(meanOf(0)).toBeLessThan(meanOf(28 * SECOND))
    expect(meanOf(28 * SECOND)).toBeLessThan(meanOf(53 * SECOND))
    for (const [, sample] of samples(storm, MINUTE, 10 * MINUTE)) {
      expect(sample.wind).toBeGreaterThanOrEqual(19)
      expect(sample.wind).toBeLessThanOrEqual(21)
      expect(sample.step).toBe('storm')
    }
    expect(storm.at(59_999).step).toBe('rising')
    expect(storm.nextStepAfter(0)).toBe(MINUTE)
    expect(storm.nextStepAfter(MINUTE)).toBeNull()
  })
})

describe('every built-in script', () => {
  it.each(['calm', 'gusty', 'storm'] as const)(
    'gives %s the same weather for the same time, without Math.random',
    (name) => {
      const random = vi.spyOn(Math, 'random')
      const script = builtInWeather(name)
      const first = samples(script, 0, 2 * MINUTE)
      expect(samples(builtInWeather(name), 0, 2 * MINUTE)).toEqual(first)
      expect(random).not.toHaveBeenCalled()
      random.mockRestore()
    },
  )

  it('takes a time before the start as the start', () => {
    for (const name of ['calm', 'gusty', 'storm'] as const) {
      expect(builtInWeather(name).at(-5000)).toEqual(builtInWeather(name).at(0))
    }
  })

  it('knows its names and no others', () => {
    expect(['calm', 'gusty', 'storm', 'windy', 'weather.json'].map(isWeatherScriptName)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ])
  })
})
