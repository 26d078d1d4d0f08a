// Weather protection in the UI's words: the banner's sentence per alarm, the short lock on a
// blind's card, and the figures (m/s, °C). Each sentence is written whole per case, not glued
// from fragments, so a translation can word it its own way later.
import { rainWords } from './weather.messages'
import { english, type Translate } from '../i18n/translate'
import { intlLocale } from '../i18n/intl-locale'
import type { Blind } from '../api/types'
import type { Weather, WeatherAlarm, WeatherAlarmKind, WeatherLock } from '../api/weather-types'
import { clockTime } from '../time/hub-day'

const number = (value: number, digits = 1) =>
  new Intl.NumberFormat(intlLocale(), {
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  }).format(value)

/** "14.2 m/s", or "—" without a reading. */
export const windText = (value: number | null) => (value === null ? '—' : `${number(value)} m/s`)
/** "3.5 °C", or "—" without a reading. */
export const temperatureText = (value: number | null) =>
  value === null ? '—' : `${number(value)} °C`
export const rainText = (raining: boolean | null, t: Translate = english) =>
  raining === null ? '—' : t(raining ? rainWords.raining : rainWords.dry)

const blinds = (n: number) => (n === 1 ? '1 blind' : `${n} blinds`)

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
): string {
  const n = alarm.blindIds.length
  const until = alarm.releaseAt ? clockTime(alarm.releaseAt, timeZone) : null
  const raised = allRaised(alarm, list)
  const locked = raised ? 'raised and locked' : 'sent to safety and locked'
  switch (alarm.kind) {
    case 'WIND': {
      const head = `Wind alarm: ${windText(alarm.peak ?? weather.wind)}.`
      if (n === 0) return head
      return until
        ? `${head} ${blinds(n)} ${locked} until ${until}`
        : `${head} ${blinds(n)} ${locked} until ${weather.windReleaseMinutes} minutes of calm`
    }
    case 'RAIN':
      if (n === 0) return 'Rain alarm.'
      return until
        ? `Rain alarm: ${blinds(n)} ${locked} until ${until}`
        : `Rain alarm: ${blinds(n)} ${locked} until ${weather.rainReleaseMinutes} minutes without rain`
    case 'FROST':
      if (n === 0) return 'Frost.'
      return until
        ? `Frost: ${blinds(n)} held where ${n === 1 ? 'it stands' : 'they stand'} until ${until}`
        : `Frost: ${blinds(n)} held where ${n === 1 ? 'it stands' : 'they stand'} until 2 hours at 4 °C or more`
    case 'SENSOR':
      if (n === 0) return 'Wind sensor silent.'
      return until
        ? `Wind sensor silent: ${blinds(n)} ${locked} until ${until}`
        : `Wind sensor silent: ${blinds(n)} ${locked} until it reads again`
  }
}

const LOCK_WORDS: Record<WeatherAlarmKind, string> = {
  WIND: 'Locked: wind alarm',
  RAIN: 'Locked: rain alarm',
  SENSOR: 'Locked: wind sensor silent',
  FROST: 'Held: frost',
}

/** The short words on a locked blind's card: "Locked: wind alarm", "Held: frost". */
export const lockWords = (lock: WeatherLock) => LOCK_WORDS[lock.kind]

/** The full reason, for the card's description: "Wind 14.2 m/s over … ; it may lift at 14:32." */
export function lockReason(lock: WeatherLock): string {
  const text = lock.reason.charAt(0).toUpperCase() + lock.reason.slice(1)
  return text.endsWith('.') ? text : `${text}.`
}

const ALARM_NAMES: Record<WeatherAlarmKind, string> = {
  WIND: 'Wind',
  RAIN: 'Rain',
  FROST: 'Frost',
  SENSOR: 'Wind sensor silent',
}

/** The kind of an alarm as a list names it. */
export const alarmName = (kind: WeatherAlarmKind) => ALARM_NAMES[kind]

/** An alarm's peak in words: the strongest wind, the coldest frost; '' for the others. */
export function peakText(alarm: Pick<WeatherAlarm, 'kind' | 'peak'>): string {
  if (alarm.peak === null) return ''
  if (alarm.kind === 'WIND') return windText(alarm.peak)
  if (alarm.kind === 'FROST') return temperatureText(alarm.peak)
  return ''
}
