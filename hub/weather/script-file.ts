// A weather script by name or from a JSON file of steps, for both emulators: `lamella emulator
// --weather` and the hub's built-in board (LAMELLA_WEATHER). The error names what was given.
import { readFileSync } from 'node:fs'
import { parseWeatherFile } from '../../firmware-protocol/weather-file'
import {
  builtInWeather,
  isWeatherScriptName,
  type WeatherScript,
} from '../../firmware-protocol/weather-script'

export function loadWeatherScript(text: string, label = '--weather'): WeatherScript {
  if (isWeatherScriptName(text)) return builtInWeather(text)
  let content: string
  try {
    content = readFileSync(text, 'utf8')
  } catch (error) {
    throw new Error(
      `${label} must be calm, gusty, storm or a JSON file of steps; cannot read "${text}": ${(error as Error).message}`,
      { cause: error },
    )
  }
  return parseWeatherFile(content, text)
}
