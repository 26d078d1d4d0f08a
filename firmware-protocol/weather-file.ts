// A weather script read from a JSON file: a list of steps, each held until the next one starts,
// the last one held for ever. Every mistake is reported with the entry, its line and the field.
import type { WeatherSample, WeatherScript } from './weather-script'

/** One entry of the file: from `atS` seconds after the start on, this weather. */
export interface WeatherFileStep {
  atS: number
  wind: number
  rain: 0 | 1
  temperatureC: number
}

/** A weather file that cannot be used; the message says where and why. */
export class WeatherFileError extends Error {
  override readonly name = 'WeatherFileError'
}

const FIELDS = ['atS', 'wind', 'rain', 'temperatureC'] as const
/** What the sensor unit's registers can carry: wind x10 unsigned, temperature x10 signed. */
const MAX_WIND = 6553.5
const MIN_TEMPERATURE_C = -3276.8
const MAX_TEMPERATURE_C = 3276.7

/**
 * The script a weather file holds. `text` is the file's content, `name` how to call it in
 * errors and lines (its path). Throws a WeatherFileError naming the entry, its line and the
 * field for anything it cannot use.
 */
export function parseWeatherFile(text: string, name: string): WeatherScript {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new WeatherFileError(`${name} is not valid JSON: ${jsonProblem(text, error as Error)}`)
  }
  if (!Array.isArray(parsed) || parsed.length === 0) {
    throw new WeatherFileError(
      `${name} must hold a JSON list of steps such as [{ "atS": 0, "wind": 3.5, "rain": 0, "temperatureC": 12 }]`,
    )
  }
  const lines = entryLines(text)
  const steps: WeatherFileStep[] = []
  parsed.forEach((entry: unknown, index) => {
    const where = `${name}, entry ${index + 1} (line ${lines[index] ?? '?'})`
    const step = checkStep(entry, where)
    const before = steps.at(-1)
    if (!before && step.atS !== 0) {
      throw new WeatherFileError(`${where}: "atS" of the first entry must be 0 (got ${step.atS})`)
    }
    if (before && step.atS <= before.atS) {
      throw new WeatherFileError(
        `${where}: "atS" must be later than the entry before, at ${before.atS} s (got ${step.atS})`,
      )
    }
    steps.push(step)
  })
  return stepScript(name, steps)
}

function stepScript(name: string, steps: readonly WeatherFileStep[]): WeatherScript {
  const indexAt = (elapsedMs: number): number => {
    let index = 0
    while (index + 1 < steps.length && steps[index + 1]!.atS * 1000 <= elapsedMs) index++
    return index
  }
  return {
    name,
    at(elapsedMs): WeatherSample {
      const index = indexAt(elapsedMs)
      const { wind, rain, temperatureC } = steps[index]!
      return { wind, rain, temperatureC, step: `entry ${index + 1}` }
    },
    nextStepAfter(elapsedMs) {
      const next = steps[indexAt(elapsedMs) + 1]
      return next ? next.atS * 1000 : null
    },
  }
}

function checkStep(entry: unknown, where: string): WeatherFileStep {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    throw new WeatherFileError(
      `${where}: must be an object with "atS", "wind", "rain" and "temperatureC"`,
    )
  }
  const fields = entry as Record<string, unknown>
  const unknown = Object.keys(fields).find((key) => !(FIELDS as readonly string[]).includes(key))
  if (unknown !== undefined) {
    throw new WeatherFileError(
      `${where}: unknown field "${unknown}"; an entry holds "atS", "wind", "rain" and "temperatureC"`,
    )
  }
  const number = (field: string, min: number, max: number, unit: string): number => {
    const value = fields[field]
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
      const range = max === Infinity ? `${min} ${unit} or more` : `from ${min} to ${max} ${unit}`
      const got = value === undefined ? 'it is missing' : `got ${JSON.stringify(value)}`
      throw new WeatherFileError(`${where}: "${field}" must be a number ${range} (${got})`)
    }
    return value
  }
  const atS = number('atS', 0, Infinity, 's')
  const wind = number('wind', 0, MAX_WIND, 'm/s')
  const temperatureC = number('temperatureC', MIN_TEMPERATURE_C, MAX_TEMPERATURE_C, 'degC')
  const rain = fields.rain
  if (rain !== 0 && rain !== 1) {
    const got = rain === undefined ? 'it is missing' : `got ${JSON.stringify(rain)}`
    throw new WeatherFileError(`${where}: "rain" must be 0 (dry) or 1 (raining) (${got})`)
  }
  return { atS, wind, rain, temperatureC }
}

/** The parser's complaint, with the line and column where it has a position but no line. */
function jsonProblem(text: string, error: Error): string {
  const position = /at position (\d+)/.exec(error.message)
  if (!position || /\bline \d/.test(error.message)) return error.message
  const before = text.slice(0, Number(position[1]))
  const line = before.split('\n').length
  const column = before.length - before.lastIndexOf('\n')
  return `${error.message} (line ${line}, column ${column})`
}

/** The line (from 1) on which each element of the top-level list starts. */
function entryLines(text: string): number[] {
  const lines: number[] = []
  let line = 1
  let depth = 0
  let inString = false
  let expectEntry = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!
    if (char === '\n') line++
    if (inString) {
      if (char === '\\') i++
      else if (char === '"') inString = false
      continue
    }
    if (/\s/.test(char)) continue
    if (expectEntry) {
      lines.push(line)
      expectEntry = false
    }
    if (char === '"') inString = true
    else if (char === '[' || char === '{') expectEntry = ++depth === 1
    else if (char === ']' || char === '}') depth--
    else if (char === ',' && depth === 1) expectEntry = true
  }
  return lines
}
