// A command a weather lock refused (the hub's 423), in the reader's language with the figures
// the hub's English message carries: what holds the blind, the wind and its limit or the
// temperature, and when the lock may lift. English keeps the hub's own message, which says the
// same.
import type { WeatherAlarmKind, WeatherLock } from '../api/weather-types'
import type { Translate } from '../i18n/translate'
import { lockReason } from './weather-words'

const KINDS: readonly string[] = ['WIND', 'RAIN', 'FROST', 'SENSOR'] satisfies WeatherAlarmKind[]
const SENSOR_STATES: readonly string[] = ['NO_SENSOR', 'WAITING', 'SILENT']

/** The lock a 423's values describe, or null when they describe none. */
function lockOf(values: Readonly<Record<string, string | number>>): WeatherLock | null {
  const { alarm, value, limit, releaseAt, sensorState } = values
  if (typeof alarm !== 'string' || !KINDS.includes(alarm)) return null
  return {
    kind: alarm as WeatherAlarmKind,
    reason: '',
    value: typeof value === 'number' ? value : null,
    limit: typeof limit === 'number' ? limit : null,
    releaseAt: typeof releaseAt === 'string' ? releaseAt : null,
    sensorState:
      typeof sensorState === 'string' && SENSOR_STATES.includes(sensorState)
        ? (sensorState as WeatherLock['sensorState'])
        : null,
  }
}

/**
 * What holds the blind and when it may lift, for the sentence after "Terrasse darf … nur in
 * seine Sicherheitsposition."; null in English (the hub's message says it) or without a lock.
 */
export function lockRefusalWords(
  values: Readonly<Record<string, string | number>>,
  t: Translate,
  language: string,
  timeZone: string | undefined,
): string | null {
  const lock = lockOf(values)
  return language === 'en' || lock === null ? null : lockReason(lock, t, language, timeZone)
}
