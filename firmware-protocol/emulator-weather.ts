// The weather sensor unit of the emulated bus: one Modbus RTU transmitter with wind, rain and
// temperature in three registers, read by 0x03 or 0x04, its values from a weather script.
import { registerReadRefusal } from './emulator-registers'
import { registerValue, registerWord, type RegisterFormat } from './register-value'
import { checkRange } from './rtu-frame'
import { MAX_RTU_UNIT, type ReadRegistersRequest, type Request, type Response } from './rtu-types'
import type { WeatherSample, WeatherScript } from './weather-script'

/** Where the sensor unit answers unless told otherwise: clear of relay units 1-4. */
export const DEFAULT_WEATHER_UNIT = 10

/** Register 0: wind in m/s x10, unsigned (142 is 14.2 m/s). */
export const WIND_REGISTER = 0
/** Register 1: rain, 0 dry or 1 raining. */
export const RAIN_REGISTER = 1
/** Register 2: temperature in degC x10, signed (0xFFCE is -5.0 degC). */
export const TEMPERATURE_REGISTER = 2
const REGISTER_COUNT = 3

/** How to read each register, as a hub sets its sensors up for this unit. */
export const WEATHER_REGISTER_FORMATS = {
  wind: { signed: false, scale: 0.1 },
  rain: { signed: false, scale: 1 },
  temperature: { signed: true, scale: 0.1 },
} as const satisfies Record<string, RegisterFormat>

export interface WeatherSensorOptions {
  /** Its unit address, 1-247; default 10. */
  unit?: number
  script: WeatherScript
  /** When the script starts, by the board's clock; default when the board is made. */
  startedAt?: number
}

/**
 * The three register words that carry a sample: wind x10, rain, temperature x10 signed. A value
 * beyond what a register holds reads as its end (0 to 6553.5 m/s, -3276.8 to 3276.7 degC), as a
 * transmitter saturates at the end of its range.
 */
export function weatherRegisters(sample: WeatherSample): [number, number, number] {
  const { wind, temperature } = WEATHER_REGISTER_FORMATS
  return [
    registerWord(clamp(sample.wind, 0, 6553.5), wind),
    sample.rain === 1 ? 1 : 0,
    registerWord(clamp(sample.temperatureC, -3276.8, 3276.7), temperature),
  ]
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value))
}

export class WeatherSensorUnit {
  readonly unit: number
  readonly script: WeatherScript
  readonly startedAt: number

  constructor(
    options: WeatherSensorOptions,
    private readonly now: () => number,
  ) {
    this.unit = options.unit ?? DEFAULT_WEATHER_UNIT
    checkRange('weather unit', this.unit, 1, MAX_RTU_UNIT)
    this.script = options.script
    this.startedAt = options.startedAt ?? now()
  }

  /** Time since the script started, by the board's clock. */
  elapsedMs(): number {
    return this.now() - this.startedAt
  }

  /**
   * The weather the unit reports `elapsedMs` after the start (default now), as its registers
   * carry it: wind and temperature to 0.1.
   */
  reading(elapsedMs = this.elapsedMs()): WeatherSample {
    const sample = this.script.at(elapsedMs)
    const [wind, rain, temperature] = weatherRegisters(sample)
    return {
      wind: registerValue(wind, WEATHER_REGISTER_FORMATS.wind),
      rain: rain === 1 ? 1 : 0,
      temperatureC: registerValue(temperature, WEATHER_REGISTER_FORMATS.temperature),
      step: sample.step,
    }
  }

  /**
   * The answer to a request for this unit: its registers for 0x03 and 0x04 (the same for
   * both); exception 0x03 for a quantity of 0 or above 125, 0x02 for a read past register 2,
   * 0x01 for any other function (it has no coils to read or write).
   */
  execute(request: Request): Response {
    const refusal = registerReadRefusal(this.unit, request, REGISTER_COUNT)
    if (refusal) return refusal
    const { fn, address, quantity } = request as ReadRegistersRequest
    const registers = weatherRegisters(this.script.at(this.elapsedMs()))
    return {
      unit: this.unit,
      fn,
      registers: registers.slice(address, address + quantity),
    }
  }
}
