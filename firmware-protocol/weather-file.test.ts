import { describe, expect, it } from 'vitest'
import { parseWeatherFile, WeatherFileError } from './weather-file'
import { nextWeatherLineAfter } from './weather-script'

const FILE = `[
  { "atS": 0, "wind": 3, "rain": 0, "temperatureC": 12 },
  { "atS": 30, "wind": 15.5, "rain": 0, "temperatureC": 11.5 },
  { "atS": 45, "wind": 4, "rain": 1, "temperatureC": -2.5 }
]`

describe('a weather file', () => {
  const script = parseWeatherFile(FILE, 'gust.json')

  it('holds each step until the next one starts, and the last one for ever', () => {
    expect(script.name).toBe('gust.json')
    expect(script.at(0)).toEqual({ wind: 3, rain: 0, temperatureC: 12, step: 'entry 1' })
    expect(script.at(29_999)).toEqual(script.at(0))
    expect(script.at(30_000)).toEqual({ wind: 15.5, rain: 0, temperatureC: 11.5, step: 'entry 2' })
    expect(script.at(45_000)).toEqual({ wind: 4, rain: 1, temperatureC: -2.5, step: 'entry 3' })
    expect(script.at(10 * 3_600_000)).toEqual(script.at(45_000))
  })

  it('tells when the next step starts, and that none does after the last', () => {
    expect(script.nextStepAfter(0)).toBe(30_000)
    expect(script.nextStepAfter(30_000)).toBe(45_000)
    expect(script.nextStepAfter(45_000)).toBeNull()
    expect(nextWeatherLineAfter(script, 45_000)).toBe(60_000)
  })

  it('may hold a single step', () => {
    const still = parseWeatherFile('[{"atS":0,"wind":0,"rain":1,"temperatureC":0}]', 'still.json')
    expect(still.at(99_000)).toEqual({ wind: 0, rain: 1, temperatureC: 0, step: 'entry 1' })
    expect(still.nextStepAfter(0)).toBeNull()
  })
})

describe('a weather file it cannot use', () => {
  const entry = (fields: string) =>
    `[\n  { "atS": 0, "wind": 3, "rain": 0, "temperatureC": 12 },\n  ${fields}\n]`

  it.each([
    ['{ "atS": 0 }', 'w.json must hold a JSON list of steps such as [{ "atS": 0'],
    ['[]', 'w.json must hold a JSON list of steps'],
    [entry('7'), 'w.json, entry 2 (line 3): must be an object with "atS", "wind", "rain"'],
    [
      entry('{ "atS": 10, "wind": 3, "rain": 0, "temperature": 12 }'),
      'w.json, entry 2 (line 3): unknown field "temperature"; an entry holds "atS", "wind", "rain" and "temperatureC"',
    ],
    [
      entry('{ "atS": 10, "rain": 0, "temperatureC": 12 }'),
      'w.json, entry 2 (line 3): "wind" must be a number from 0 to 6553.5 m/s (it is missing)',
    ],
    [
      entry('{ "atS": 10, "wind": -1, "rain": 0, "temperatureC": 12 }'),
      '"wind" must be a number from 0 to 6553.5 m/s (got -1)',
    ],
    [
      entry('{ "atS": 10, "wind": "3", "rain": 0, "temperatureC": 12 }'),
      '"wind" must be a number from 0 to 6553.5 m/s (got "3")',
    ],
    [
      entry('{ "atS": 10, "wind": 3, "rain": 2, "temperatureC": 12 }'),
      'w.json, entry 2 (line 3): "rain" must be 0 (dry) or 1 (raining) (got 2)',
    ],
    [
      entry('{ "atS": 10, "wind": 3, "rain": true, "temperatureC": 12 }'),
      '"rain" must be 0 (dry) or 1 (raining) (got true)',
    ],
    [
      entry('{ "atS": 10, "wind": 3, "rain": 0, "temperatureC": -4000 }'),
      '"temperatureC" must be a number from -3276.8 to 3276.7 degC (got -4000)',
    ],
    [
      entry('{ "atS": 0, "wind": 3, "rain": 0, "temperatureC": 12 }'),
      'w.json, entry 2 (line 3): "atS" must be later than the entry before, at 0 s (got 0)',
    ],
    [
      entry('{ "atS": -1, "wind": 3, "rain": 0, "temperatureC": 12 }'),
      '"atS" must be a number 0 s or more (got -1)',
    ],
    [
      '[\n\n  { "atS": 5, "wind": 3, "rain": 0, "temperatureC": 12 }\n]',
      'w.json, entry 1 (line 3): "atS" of the first entry must be 0 (got 5)',
    ],
  ])('refuses %j, saying where and what is wrong', (text, message) => {
    const parse = () => parseWeatherFile(text, 'w.json')
    expect(parse).toThrow(WeatherFileError)
    expect(parse).toThrow(message)
  })

  it('refuses text that is not JSON, saying on which line the parser stumbled', () => {
    const parse = () => parseWeatherFile('[\n  { "atS": 0, "wind": 3 "rain": 0 }\n]', 'w.json')
    expect(parse).toThrow(WeatherFileError)
    // Newer Node versions say the line themselves, without the comma.
    expect(parse).toThrow(/^w\.json is not valid JSON: .*\(line 2,? column 25\)$/)
  })

  it('counts lines past strings that hold brackets and commas', () => {
    const text = `[
  { "atS": 0, "wind": 3, "rain": 0, "temperatureC": 12 },
  { "atS": 10, "wind": 3, "rain": 0, "temperatureC": 12, "note": "[gust, \\"big\\"]" }
]`
    expect(() => parseWeatherFile(text, 'w.json')).toThrow(
      'w.json, entry 2 (line 3): unknown field "note"',
    )
  })
})
