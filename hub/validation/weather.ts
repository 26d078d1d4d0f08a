// The rules of weather sensors and of a blind's weather protection (ARCHITECTURE.md section 13),
// shared by the hub and the UI: each checker returns the normalised value or throws a 400
// HubError naming the field and the rule.
import { MAX_UNIT } from '../../firmware-protocol/address'
import { badInput } from '../errors'
import { checkIntegerIn, checkName } from './fields'

export type WeatherKind = 'WIND' | 'RAIN' | 'TEMPERATURE'
export const WEATHER_KINDS: readonly WeatherKind[] = ['WIND', 'RAIN', 'TEMPERATURE']

export const POLL_MIN_MS = 500
export const POLL_MAX_MS = 60_000
/** A wind sensor is read every second, rain and temperature every 10 s, unless set. */
export const DEFAULT_POLL_MS: Readonly<Record<WeatherKind, number>> = {
  WIND: 1000,
  RAIN: 10_000,
  TEMPERATURE: 10_000,
}
export const WIND_LIMIT_MIN = 1
export const WIND_LIMIT_MAX = 50
export const RELEASE_MIN_MINUTES = 1
export const RELEASE_MAX_MINUTES = 60
export const DEFAULT_RELEASE_MINUTES = 10
export const DEFAULT_SAFETY_POSITION = 100
const TOPIC_MAX_BYTES = 256

/** What an admin gives for a sensor: on the RS-485 bus, or an MQTT topic carrying a number. */
export interface WeatherSensorInput {
  name: string
  kind: WeatherKind
  /** A topic instead of a bus register; needs MQTT. */
  mqttTopic?: string | null
  unit?: number | null
  function?: number | null
  register?: number | null
  scale?: number | null
  signed?: boolean | null
  pollMs?: number | null
}

export type WeatherSource =
  | { kind: 'BUS'; unit: number; function: 3 | 4; register: number; scale: number; signed: boolean }
  | { kind: 'MQTT'; topic: string; scale: number }

export interface WeatherSensorSpec {
  name: string
  kind: WeatherKind
  source: WeatherSource
  pollMs: number
}

export function checkWeatherKind(field: string, value: string): WeatherKind {
  if (!(WEATHER_KINDS as readonly string[]).includes(value)) {
    throw badInput(field, `must be one of ${WEATHER_KINDS.join(', ')} (got "${value}")`, 'ONE_OF', {
      allowed: WEATHER_KINDS.join(', '),
    })
  }
  return value as WeatherKind
}

/** value = raw x scale: a finite number other than 0, such as 0.1 for tenths. */
export function checkScale(field: string, value: number): number {
  if (!Number.isFinite(value) || value === 0 || Math.abs(value) > 1000) {
    throw badInput(
      field,
      `must be a number other than 0, from -1000 to 1000 (got ${value})`,
      'NOT_ZERO_RANGE',
      { min: -1000, max: 1000 },
    )
  }
  return value
}

/** A topic to subscribe to: no wildcards, since one sensor reads one topic. */
export function checkSensorTopic(field: string, value: string): string {
  const topic = value.trim()
  if (topic === '') throw badInput(field, 'must not be empty', 'EMPTY')
  if (new TextEncoder().encode(topic).length > TOPIC_MAX_BYTES) {
    throw badInput(field, `must be at most ${TOPIC_MAX_BYTES} bytes`, 'TOO_MANY_BYTES', {
      max: TOPIC_MAX_BYTES,
    })
  }
  if (/[#+]/.test(topic) || topic.includes('\0')) {
    throw badInput(field, 'must be one topic, without the wildcards + and #', 'MQTT_WILDCARD')
  }
  return topic
}

/** One sensor, each field by its rule; `mqttEnabled` says whether a topic can be read at all. */
export function checkWeatherSensorInput(
  input: WeatherSensorInput,
  mqttEnabled: boolean,
): WeatherSensorSpec {
  const name = checkName('name', input.name)
  const kind = checkWeatherKind('kind', input.kind)
  const pollMs = checkIntegerIn(
    'pollMs',
    input.pollMs ?? DEFAULT_POLL_MS[kind],
    POLL_MIN_MS,
    POLL_MAX_MS,
    ' ms',
  )
  const scale = input.scale == null ? 1 : checkScale('scale', input.scale)
  if (input.mqttTopic != null && input.mqttTopic.trim() !== '') {
    if (!mqttEnabled) {
      throw badInput(
        'mqttTopic',
        'needs MQTT: set LAMELLA_MQTT_URL, or read the sensor on the bus',
        'NEEDS_MQTT',
      )
    }
    return {
      name,
      kind,
      pollMs,
      source: { kind: 'MQTT', topic: checkSensorTopic('mqttTopic', input.mqttTopic), scale },
    }
  }
  if (input.unit == null) {
    throw badInput('unit', 'is required for a sensor on the bus (1 to 247)', 'REQUIRED')
  }
  const unit = checkIntegerIn('unit', input.unit, 1, MAX_UNIT)
  const fn = checkIntegerIn('function', input.function ?? 3, 3, 4)
  if (input.register == null) {
    throw badInput('register', 'is required for a sensor on the bus (0 to 65535)', 'REQUIRED')
  }
  const register = checkIntegerIn('register', input.register, 0, 65535)
  return {
    name,
    kind,
    pollMs,
    source: {
      kind: 'BUS',
      unit,
      function: fn as 3 | 4,
      register,
      scale,
      signed: input.signed ?? false,
    },
  }
}

/** m/s over which a blind goes to safety; one decimal. */
export function checkWindLimit(field: string, value: number): number {
  if (!Number.isFinite(value) || value < WIND_LIMIT_MIN || value > WIND_LIMIT_MAX) {
    throw badInput(
      field,
      `must be a wind speed from ${WIND_LIMIT_MIN} to ${WIND_LIMIT_MAX} m/s (got ${value})`,
      'NUMBER_RANGE',
      { min: WIND_LIMIT_MIN, max: WIND_LIMIT_MAX },
    )
  }
  return Math.round(value * 10) / 10
}

export function checkReleaseMinutes(field: string, value: number): number {
  return checkIntegerIn(field, value, RELEASE_MIN_MINUTES, RELEASE_MAX_MINUTES, ' minutes')
}

/** What a blind's input may say about weather protection; null or absent: not set. */
export interface WeatherProtectionInput {
  windLimit?: number | null
  rainProtect?: boolean | null
  frostProtect?: boolean | null
  safetyPosition?: number | null
}

export interface WeatherProtectionSpec {
  windLimit: number | null
  rainProtect: boolean
  frostProtect: boolean
  safetyPosition: number
}

export function checkWeatherProtection(input: WeatherProtectionInput): WeatherProtectionSpec {
  return {
    windLimit: input.windLimit == null ? null : checkWindLimit('windLimit', input.windLimit),
    rainProtect: input.rainProtect ?? false,
    frostProtect: input.frostProtect ?? false,
    safetyPosition: checkIntegerIn(
      'safetyPosition',
      input.safetyPosition ?? DEFAULT_SAFETY_POSITION,
      0,
      100,
    ),
  }
}

/** Sensors sold for this, with their usual settings; the unit is each transmitter's own. */
export interface WeatherPreset {
  id: string
  label: string
  kind: WeatherKind
  unit: number
  function: 3 | 4
  register: number
  scale: number
  signed: boolean
}

export const WEATHER_PRESETS: readonly WeatherPreset[] = [
  {
    id: 'anemometer',
    label: 'RS-485 anemometer (0.1 m/s)',
    kind: 'WIND',
    unit: 20,
    function: 3,
    register: 0,
    scale: 0.1,
    signed: false,
  },
  {
    id: 'rain',
    label: 'RS-485 rain sensor (0 dry, 1 rain)',
    kind: 'RAIN',
    unit: 21,
    function: 3,
    register: 0,
    scale: 1,
    signed: false,
  },
  {
    id: 'xy-md02',
    label: 'XY-MD02 temperature transmitter (0.1 °C)',
    kind: 'TEMPERATURE',
    unit: 22,
    function: 4,
    register: 1,
    scale: 0.1,
    signed: true,
  },
  {
    id: 'emulator-wind',
    label: "Lamella emulator's wind (unit 10)",
    kind: 'WIND',
    unit: 10,
    function: 3,
    register: 0,
    scale: 0.1,
    signed: false,
  },
  {
    id: 'emulator-rain',
    label: "Lamella emulator's rain (unit 10)",
    kind: 'RAIN',
    unit: 10,
    function: 3,
    register: 1,
    scale: 1,
    signed: false,
  },
  {
    id: 'emulator-temperature',
    label: "Lamella emulator's temperature (unit 10)",
    kind: 'TEMPERATURE',
    unit: 10,
    function: 3,
    register: 2,
    scale: 0.1,
    signed: true,
  },
]
