// The hub's errors in the user's language: every reason the hub can emit has wording in English
// and German, and a German user reads a refusal in German, with its values.
import { afterEach, describe, expect, it } from 'vitest'
import { HubError, HUB_ERROR_REASONS } from '../../../hub/errors'
import { checkName, checkUsername } from '../../../hub/validation/fields'
import { ApiError } from '../api/client'
import { de } from '../i18n/catalogs/de'
import { setTranslateNow } from '../i18n/intl-locale'
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

  it('falls back to the hub’s message for a reason the UI does not know', () => {
    inGerman()
    expect(errorWords('SOMETHING_NEW', {}, 'name is odd')).toBe('name is odd')
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
