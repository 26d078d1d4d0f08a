// Weather protection's sentences in German: the banner counts Rollläden with their plural, writes
// m/s with a decimal comma, and a lock's reason is worded in German from its kind, its figures
// and when it may lift (the hub's own reason is English only).
import { afterEach, describe, expect, it } from 'vitest'
import { de } from '../i18n/catalogs/de'
import { setIntlLocale } from '../i18n/intl-locale'
import { translator } from '../i18n/translate'
import { testBlind } from '../test-support/blinds'
import { testAlarm, testLock, testWeather } from './test-weather'
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

  it('words a lock and its reason in German, with its figures and the time in the hub’s zone', () => {
    setIntlLocale('de-DE')
    const lock = testLock({
      releaseAt: '2026-07-01T12:32:00.000Z',
      reason: 'wind 14.2 m/s over the limit of 12 m/s; it may lift at 14:32',
      value: 14.2,
      limit: 12,
    })
    expect(lockWords(lock, t)).toBe('Gesperrt: Windalarm')
    expect(lockReason(lock, t, 'de', 'Europe/Berlin')).toBe(
      'Wind 14,2 m/s über der Grenze von 12 m/s; die Sperre kann um 14:32 enden.',
    )
    expect(lockReason(lock)).toBe('Wind 14.2 m/s over the limit of 12 m/s; it may lift at 14:32.')
  })

  it.each([
    [
      'wind under the limit, not yet calm long enough',
      testLock({ value: 8.5, limit: 12 }),
      'Wind jetzt 8,5 m/s, unter der Grenze von 12 m/s, aber noch nicht lange genug ruhig; die Sperre endet, wenn es lange genug ruhig war (Freigabezeit).',
    ],
    [
      'frost with its temperature',
      testLock({ kind: 'FROST', value: -1.5, limit: null }),
      'Frost: -1,5 °C nach Regen; die Sperre endet nach 2 Stunden bei 4 °C oder wärmer, oder wenn ein Admin sie aufhebt.',
    ],
    [
      'no wind sensor',
      testLock({
        kind: 'SENSOR',
        value: null,
        limit: null,
        sensorState: 'NO_SENSOR',
      }),
      'Kein Windsensor eingerichtet; die Sperre endet, sobald der Windsensor wieder misst.',
    ],
    [
      'a wind sensor not read yet',
      testLock({
        kind: 'SENSOR',
        value: null,
        limit: null,
        sensorState: 'WAITING',
      }),
      'Wartet auf den ersten Messwert des Windsensors; die Sperre endet, sobald der Windsensor wieder misst.',
    ],
    [
      'a silent wind sensor',
      testLock({
        kind: 'SENSOR',
        value: null,
        limit: null,
        sensorState: 'SILENT',
      }),
      'Der Windsensor hat seit 60 s keinen Messwert geliefert; die Sperre endet, sobald der Windsensor wieder misst.',
    ],
    [
      'rain',
      testLock({ kind: 'RAIN', value: null, limit: null }),
      'Regenalarm; die Sperre endet, wenn es lange genug nicht geregnet hat (Freigabezeit).',
    ],
  ])('words a lock by %s in German, like the hub’s English reason', (_, lock, words) => {
    setIntlLocale('de-DE')
    expect(lockReason(lock, t, 'de', 'Europe/Berlin')).toBe(words)
  })
})
