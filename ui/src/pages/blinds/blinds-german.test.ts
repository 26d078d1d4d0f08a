// The Blinds and Users pages' counted and formatted words in German: plural forms, numbers with a
// decimal comma, the shading chip's weekday and time in the hub's zone, compass points.
import { describe, expect, it } from 'vitest'
import { de } from '../../i18n/catalogs/de'
import { translator } from '../../i18n/translate'
import { facingText, shadingStateText } from '../../shading/shading-words'
import { usersMessages } from '../users/users.messages'
import { blindsMessages } from './blinds.messages'
import { protectionSummary } from './weather-form'

const t = translator('de', de)
const en = translator('en', null)

describe('the Blinds and Users pages in German', () => {
  it('count blinds, users and admins with German plural forms', () => {
    expect(t(blindsMessages.count, { count: 1 })).toBe('1 Rollladen')
    expect(t(blindsMessages.count, { count: 3 })).toBe('3 Rollläden')
    expect(en(blindsMessages.count, { count: 1 })).toBe('1 blind')
    expect(t(usersMessages.adminCount, { count: 2 })).toBe('2 Admins')
    expect(t(usersMessages.userCount, { count: 1 })).toBe('1 Benutzer')
    expect(t(blindsMessages.removeFirst, { count: 2 })).toContain('überall')
    expect(en(blindsMessages.removeFirst, { count: 2 })).toBe('— remove it from them first.')
  })

  it('sum up weather protection with a decimal comma, nouns capitalised', () => {
    const values = {
      windLimit: '12.5',
      safetyPosition: '100',
      rainProtect: true,
      frostProtect: true,
    }
    expect(protectionSummary(values, t)).toBe('Wind über 12,5 m/s, Regen, Frost')
    expect(protectionSummary(values)).toBe('Wind over 12.5 m/s, rain, frost')
    expect(protectionSummary({ ...values, windLimit: '', frostProtect: false }, t)).toBe('Regen')
    expect(
      protectionSummary({ ...values, windLimit: '', rainProtect: false, frostProtect: false }, t),
    ).toBe('Aus')
  })

  it('say which way a window faces and until when shading is paused, German weekday', () => {
    expect(facingText(225, t)).toBe('Fenster zeigt nach 225°, Südwesten')
    const paused = {
      active: false,
      reason: 'PAUSED' as const,
      since: null,
      pausedUntil: '2026-06-25T05:00:00Z',
      pausedBy: { kind: 'USER' as const, you: true, name: 'anna' },
    }
    const evening = Date.parse('2026-06-24T18:00:00Z')
    // "Do" or "Do." by the ICU data at hand; Thursday 07:00 in Berlin either way.
    expect(shadingStateText(paused, 'Europe/Berlin', evening, t, 'de-DE')).toMatch(
      /^Von dir pausiert bis Do\.?\u00a007:00$/,
    )
  })
})
