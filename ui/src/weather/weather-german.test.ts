// Weather protection's sentences in German: the banner counts Rollläden with their plural, writes
// m/s with a decimal comma, and a lock's reason is worded in German from its kind and when it may
// lift (the hub's own reason is English only).
import { afterEach, describe, expect, it } from 'vitest'
import { de } from '../i18n/catalogs/de'
import { setIntlLocale } from '../i18n/intl-locale'
import { translator } from '../i18n/translate'
import { testBlind } from '../test-support/blinds'
import { testAlarm, testWeather } from './test-weather'
import { alarmSentence, lockReason, lockWords } from './weather-words'

const t = translator('de', de)
const blinds = ['b1', 'b2', 'b3'].map((id) => testBlind({ id, name: id }))

describe('weather protection in German', () => {
  afterEach(() => setIntlLocale(undefined))

  it('counts one Rollladen and several Rollläden, with a decimal comma', () => {
    setIntlLocale('de-DE')
    const weather = testWeather()
    const three = testAlarm({ kind: 'WIND', peak: 14.2, blindIds: ['b1', 'b2', 'b3'] })
    expect(alarmSentence(three, weather, blinds, 'Europe/Berlin', t)).toBe(
      'Windalarm: 14,2 m/s. 3 Rollläden hochgefahren und gesperrt, bis es 10 Minuten ruhig ist',
    )
    const one = testAlarm({ kind: 'FROST', peak: 1.2, blindIds: ['b1'] })
    expect(alarmSentence(one, weather, blinds, 'Europe/Berlin', t)).toBe(
      'Frost: 1 Rollladen bleibt, wo er steht, bis es 2 Stunden lang 4 °C oder wärmer ist',
    )
  })

  it('words a lock and its reason in German, with the time in the hub’s zone', () => {
    setIntlLocale('de-DE')
    const lock = {
      kind: 'WIND' as const,
      since: '2026-07-01T12:00:00.000Z',
      releaseAt: '2026-07-01T12:32:00.000Z',
      reason: 'wind 14.2 m/s over the limit of 12 m/s; it may lift at 14:32',
      kinds: ['WIND' as const],
    }
    expect(lockWords(lock, t)).toBe('Gesperrt: Windalarm')
    expect(lockReason(lock, t, 'de', 'Europe/Berlin')).toBe(
      'Windalarm; die Sperre kann um 14:32 enden.',
    )
    expect(lockReason(lock)).toBe('Wind 14.2 m/s over the limit of 12 m/s; it may lift at 14:32.')
  })
})
