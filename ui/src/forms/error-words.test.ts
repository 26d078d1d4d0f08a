// The hub's errors in the user's language: every reason the hub can emit has wording in English
// and German, and a German user reads a refusal in German, with its values.
import { afterEach, describe, expect, it } from 'vitest'
import { HubError, HUB_ERROR_REASONS } from '../../../hub/errors'
import { checkIds, checkName, checkUsername } from '../../../hub/validation/fields'
import { checkLocationInput } from '../../../hub/validation/location'
import { checkShadingInput, checkTimeOfDay } from '../../../hub/validation/shading'
import { checkScale, checkSensorTopic, checkWindLimit } from '../../../hub/validation/weather'
import { ApiError } from '../api/client'
import { de } from '../i18n/catalogs/de'
import { setIntlLocale, setTranslateNow } from '../i18n/intl-locale'
import { english, translator } from '../i18n/translate'
import { errorWords } from './error-words'
import { errorMessages } from './errors.messages'
import { collectFieldErrors, errorMessage, fieldErrorFrom } from './field-errors'

afterEach(() => setTranslateNow(english, 'en'))

const inGerman = () => setTranslateNow(translator('de-DE', de), 'de')

describe('the hub’s error reasons', () => {
  it.each(HUB_ERROR_REASONS)('%s is worded in English and in German', (reason) => {
    expect(errorMessages[reason]?.en).toBeTruthy()
    expect(de[`error.${reason}`]).toBeTruthy()
  })
})

describe('an error shown to a German user', () => {
  it('words a field the hub’s checker refuses in German, with its limits', () => {
    inGerman()
    const errors = collectFieldErrors([
      () => checkName('name', 'x'.repeat(70)),
      () => checkUsername('username', 'ab'),
    ])
    expect(errors).toEqual({
      name: 'Höchstens 64 Zeichen.',
      username: 'Muss 3 bis 32 Zeichen lang sein.',
    })
  })

  it('words the hub’s answer by its reason and values, not its English message', () => {
    inGerman()
    const taken = new ApiError(
      'name: a blind called Küche already exists',
      409,
      'name',
      'NAME_TAKEN',
      {
        name: 'Küche',
      },
    )
    expect(fieldErrorFrom(taken)).toEqual({ name: 'Küche ist schon vergeben.' })
    const locked = new ApiError(
      'Too many failed logins; try again in 5 minutes',
      429,
      undefined,
      'TOO_MANY_ATTEMPTS',
      { minutes: 5 },
    )
    expect(errorMessage(locked)).toBe(
      'Zu viele fehlgeschlagene Anmeldungen; versuch es in 5 Minuten wieder.',
    )
  })

  it('words each rule of the hub’s checkers in German, with its figures in German numbers', () => {
    inGerman()
    const errors = collectFieldErrors([
      () => checkWindLimit('windLimit', 0.5),
      () => checkScale('scale', 0),
      () => checkSensorTopic('mqttTopic', 'haus/+/wind'),
      () => checkTimeOfDay('shadingResumeAt', '25:00'),
      () => checkIds('ids', []),
      () => checkShadingInput({ shadingEnabled: true }, { travelTimeKnown: true, tiltTimeMs: 0 }),
      () => checkLocationInput({ lat: 50 }),
    ])
    expect(errors).toEqual({
      windLimit: 'Muss eine Zahl von 1 bis 50 sein.',
      scale: 'Muss eine Zahl von -1.000 bis 1.000 sein, aber nicht 0.',
      mqttTopic: 'Muss genau ein Topic sein, ohne die Platzhalter + und #.',
      shadingResumeAt: 'Muss eine Uhrzeit von 00:00 bis 23:59 sein, etwa 07:30.',
      ids: 'Muss 1 bis 1.000 Einträge haben.',
      shadingEnabled: 'Braucht zuerst die Ausrichtung des Fensters und eine Beschattungsposition.',
      lon: 'Pflichtfeld, zusammen mit dem Breitengrad.',
    })
  })

  it('words the hub’s conflicts in German with the names and values they carry', () => {
    inGerman()
    const taken = new ApiError(
      'blindAddressUp: address 1:0 already belongs to blind Küche',
      409,
      'blindAddressUp',
      'ADDRESS_TAKEN',
      { address: '1:0', name: 'Küche' },
    )
    expect(fieldErrorFrom(taken)).toEqual({ blindAddressUp: '1:0 gehört schon zu Küche.' })
    const inUse = new ApiError(
      'Blinds still used by automations cannot be deleted: Küche in Morgens',
      409,
      'ids',
      'IN_USE',
      { by: 'Küche in Morgens' },
    )
    expect(errorMessage(inUse)).toBe('Wird noch von Automatisierungen genutzt: Küche in Morgens.')
    const lastAdmin = new ApiError('The last admin cannot be deleted', 409, 'ids', 'LAST_ADMIN', {})
    expect(errorMessage(lastAdmin)).toBe(
      'Der letzte Admin muss Admin bleiben; mach zuerst einen anderen Benutzer zum Admin.',
    )
  })

  it('chooses the plural by the figure: one day, 14 days', () => {
    inGerman()
    const range = (max: number) => errorWords('WITHIN_DAYS', { other: 'from', max }, 'to …')
    expect(range(1)).toBe('Muss nach dem Beginn liegen, höchstens 1 Tag später.')
    expect(range(14)).toBe('Muss nach dem Beginn liegen, höchstens 14 Tage später.')
  })

  it('falls back to the hub’s message for a reason the UI does not know', () => {
    inGerman()
    expect(errorWords('SOMETHING_NEW', {}, 'name is odd')).toBe('name is odd')
  })
})

describe('a command a weather lock refused (423)', () => {
  // The language provider sets both: the words and the locale numbers and times are formatted in.
  const inGermanWithFigures = () => {
    inGerman()
    setIntlLocale('de-DE')
  }
  afterEach(() => setIntlLocale(undefined))
  const english =
    'Terrasse may only go to its safety position (100 % open): wind alarm, wind 14.2 m/s over the limit of 10 m/s; it may lift at 14:32.'
  const refused = (values: Record<string, string | number>) =>
    new ApiError(english, 423, undefined, 'WEATHER_LOCKED', { blindName: 'Terrasse', ...values })

  it('says in German what holds the blind, its figures and when it may lift, on the hub’s clock', () => {
    inGermanWithFigures()
    const wind = refused({
      alarm: 'WIND',
      value: 14.2,
      limit: 10,
      releaseAt: '2026-07-01T12:32:00Z',
    })
    expect(errorMessage(wind, 'Europe/Berlin')).toBe(
      'Terrasse darf während des Wetteralarms nur in seine Sicherheitsposition. ' +
        'Wind 14,2 m/s über der Grenze von 10 m/s; die Sperre kann um 14:32 enden.',
    )
  })

  it('words frost and a silent sensor with theirs', () => {
    inGermanWithFigures()
    const frost = new ApiError(english, 423, undefined, 'WEATHER_FROZEN', {
      blindName: 'Terrasse',
      alarm: 'FROST',
      value: -1.5,
    })
    expect(errorMessage(frost, 'Europe/Berlin')).toMatch(
      /^Terrasse bleibt bei Frost, wo er steht\. Frost: -1,5 °C nach Regen; /,
    )
    const silent = refused({ alarm: 'SENSOR', sensorState: 'SILENT' })
    expect(errorMessage(silent, 'Europe/Berlin')).toMatch(
      /Sicherheitsposition\. Der Windsensor hat seit 60 s keinen Messwert geliefert; /,
    )
  })

  it('is the hub’s own sentence in English, which carries the figures already', () => {
    expect(errorMessage(refused({ alarm: 'WIND', value: 14.2, limit: 10 }), 'Europe/Berlin')).toBe(
      english,
    )
  })
})

describe('an error shown to an English user', () => {
  it('is the hub’s own message, which names the rule exactly', () => {
    const err = new HubError(400, 'name must be at most 64 characters (got 70)', 'name', {
      reason: 'TOO_LONG',
      max: 64,
    })
    expect(errorMessage(err)).toBe('name must be at most 64 characters (got 70)')
    expect(collectFieldErrors([() => checkName('name', 'x'.repeat(70))])).toEqual({
      name: 'Must be at most 64 characters (got 70)',
    })
  })
})
