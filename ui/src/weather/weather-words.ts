// Weather protection in the UI's words: the banner's sentence per alarm, the short lock on a
// blind's card, and the figures (m/s, °C). Each sentence is written whole per case, not glued
// from fragments, so each language words it its own way (weather.messages.ts).
import {
  alarmMessages,
  alarmNameMessages,
  lockMessages,
  lockReasonMessages,
  rainWords,
} from './weather.messages'
import { english, type Translate } from '../i18n/translate'
import { localNumber } from '../i18n/intl-locale'
import type { Blind } from '../api/types'
import type { Weather, WeatherAlarm, WeatherAlarmKind, WeatherLock } from '../api/weather-types'
import { clockTime } from '../time/hub-day'

const number = (value: number) => localNumber(value, { digits: 1 })

/** "14.2 m/s", or "—" without a reading. */
export const windText = (value: number | null) => (value === null ? '—' : `${number(value)} m/s`)
/** "3.5 °C", or "—" without a reading. */
export const temperatureText = (value: number | null) =>
  value === null ? '—' : `${number(value)} °C`
export const rainText = (raining: boolean | null, t: Translate = english) =>
  raining === null ? '—' : t(raining ? rainWords.raining : rainWords.dry)

/** Whether every blind the alarm holds goes fully up: "raised", else "sent to safety". */
function allRaised(alarm: WeatherAlarm, list: readonly Blind[] | undefined) {
  return alarm.blindIds.every(
    (id) => (list?.find((b) => b.id === id)?.safetyPosition ?? 100) === 100,
  )
}

/**
 * The banner's sentence for one alarm holding now, counting only the viewer's blinds, e.g.
 * "Wind alarm: 14.2 m/s. 6 blinds raised and locked until 10 minutes of calm".
 */
export function alarmSentence(
  alarm: WeatherAlarm,
  weather: Pick<Weather, 'wind' | 'windReleaseMinutes' | 'rainReleaseMinutes'>,
  list: readonly Blind[] | undefined,
  timeZone: string | undefined,
  t: Translate = english,
): string {
  const m = alarmMessages
  const count = alarm.blindIds.length
  const until = alarm.releaseAt ? clockTime(alarm.releaseAt, timeZone) : null
  const raised = allRaised(alarm, list)
  switch (alarm.kind) {
    case 'WIND': {
      const wind = windText(alarm.peak ?? weather.wind)
      if (count === 0) return t(m.wind, { wind })
      if (until) return t(raised ? m.windRaisedUntil : m.windSafetyUntil, { count, wind, until })
      const minutes = weather.windReleaseMinutes
      return t(raised ? m.windRaisedCalm : m.windSafetyCalm, { count, wind, minutes })
    }
    case 'RAIN':
      if (count === 0) return t(m.rain)
      if (until) return t(raised ? m.rainRaisedUntil : m.rainSafetyUntil, { count, until })
      return t(raised ? m.rainRaisedDry : m.rainSafetyDry, {
        count,
        minutes: weather.rainReleaseMinutes,
      })
    case 'FROST':
      if (count === 0) return t(m.frost)
      return until ? t(m.frostUntil, { count, until }) : t(m.frostWarm, { count })
    case 'SENSOR':
      if (count === 0) return t(m.sensor)
      if (until) return t(raised ? m.sensorRaisedUntil : m.sensorSafetyUntil, { count, until })
      return t(raised ? m.sensorRaisedReads : m.sensorSafetyReads, { count })
  }
}

/** The short words on a locked blind's card: "Locked: wind alarm", "Held: frost". */
export const lockWords = (lock: WeatherLock, t: Translate = english) => t(lockMessages[lock.kind])

/**
 * The full reason, for the card's description: the hub's "Wind 14.2 m/s over … ; it may lift at
 * 14:32." in English; in another language worded here from the lock's kind and when it may lift
 * (the hub words its reason in English only).
 */
export function lockReason(
  lock: WeatherLock,
  t: Translate = english,
  language = 'en',
  timeZone?: string,
): string {
  if (language !== 'en') {
    const m = lockReasonMessages
    const cause = lockCause(lock, t)
    if (lock.releaseAt) return t(m.liftsAt, { cause, time: clockTime(lock.releaseAt, timeZone) })
    return t(m[`lifts${lock.kind}`], { cause })
  }
  const text = lock.reason.charAt(0).toUpperCase() + lock.reason.slice(1)
  return text.endsWith('.') ? text : `${text}.`
}

/** What holds the blind, with its figures: "Wind 14,2 m/s über der Grenze von 12 m/s". */
function lockCause(lock: WeatherLock, t: Translate): string {
  const m = lockReasonMessages
  const { value, limit } = lock
  if (lock.kind === 'WIND' && value !== null && limit !== null) {
    // The wind as the banner says it (16,0 m/s), the limit as the blind's dialog (10 m/s).
    const words = { wind: windText(value), limit: `${localNumber(limit, { maxDigits: 1 })} m/s` }
    return t(value > limit ? m.windOver : m.windUnder, words)
  }
  if (lock.kind === 'FROST' && value !== null) {
    return t(m.frostAt, { temperature: temperatureText(value) })
  }
  if (lock.kind === 'SENSOR' && lock.sensorState) return t(m[`sensor${lock.sensorState}`])
  return t(m[lock.kind])
}

/** The kind of an alarm as a list names it. */
export const alarmName = (kind: WeatherAlarmKind, t: Translate = english) =>
  t(alarmNameMessages[kind])

/** An alarm's peak in words: the strongest wind, the coldest frost; '' for the others. */
export function peakText(alarm: Pick<WeatherAlarm, 'kind' | 'peak'>): string {
  if (alarm.peak === null) return ''
  if (alarm.kind === 'WIND') return windText(alarm.peak)
  if (alarm.kind === 'FROST') return temperatureText(alarm.peak)
  return ''
}
