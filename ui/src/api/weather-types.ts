// The shapes of weather protection as the hub's GraphQL API answers them (ARCHITECTURE.md
// section 13); the kinds are the hub's own types, so the two cannot drift.
import type { WeatherAlarmKind } from '../../../hub/realtime/events'
import type { WeatherKind, WeatherSensorInput } from '../../../hub/validation/weather'

export type { WeatherAlarmKind, WeatherKind, WeatherSensorInput }

/**
 * Why weather protection holds a blind now (GraphQL `WeatherLock`, without `since` and `kinds`,
 * which no screen shows: a blind's query stays within its tenth of the hub's field limit).
 */
export interface WeatherLock {
  /** The weightiest cause. */
  kind: WeatherAlarmKind
  /** When it may lift if things stay as they are; null while its cause lasts. */
  releaseAt: string | null
  /** In words, with the value and the limit (English). */
  reason: string
  /** WIND: the wind now (m/s); FROST: the temperature (°C); null for the others. */
  value: number | null
  /** WIND: the blind's wind limit (m/s). */
  limit: number | null
  /** SENSOR: why the wind sensor holds the blind. */
  sensorState: 'NO_SENSOR' | 'WAITING' | 'SILENT' | null
}

export interface WeatherSensor {
  id: string
  name: string
  kind: WeatherKind
  source: 'BUS' | 'MQTT'
  unit: number | null
  function: number | null
  register: number | null
  scale: number
  signed: boolean
  pollMs: number
  mqttTopic: string | null
  /** The latest good reading; null before the first. */
  value: number | null
  updatedAt: string | null
  /** A good reading within the last 60 s. */
  online: boolean
  error: string | null
}

export interface WeatherAlarm {
  id: string
  kind: WeatherAlarmKind
  since: string
  endedAt: string | null
  releaseAt: string | null
  /** WIND: the strongest wind (m/s); FROST: the lowest temperature; else null. */
  peak: number | null
  /** The blinds it holds (or held) that the viewer may see. */
  blindIds: string[]
  overriddenBy: string | null
}

export interface Weather {
  /** Admins only; empty for others. */
  sensors: WeatherSensor[]
  wind: number | null
  gust: number | null
  raining: boolean | null
  temperature: number | null
  windReleaseMinutes: number
  rainReleaseMinutes: number
  /** The alarms holding now. */
  alarms: WeatherAlarm[]
}

/** One minute of the weather's history. */
export interface WeatherMinute {
  at: string
  windMean: number | null
  windMax: number | null
  rain: boolean | null
  temperature: number | null
}

/** A blind a run's step left out because a lock refused it. */
export interface RunSkip {
  sceneIndex: number
  blindId: string
  reason: string
}
