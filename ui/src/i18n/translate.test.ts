// Wording a message: plural forms by Intl.PluralRules of the language, numbers in its notation,
// placeholders filled, and English when a catalog lacks the message.
import { describe, expect, it } from 'vitest'
import { defineMessages } from './messages'
import { translate } from './translate'

const m = defineMessages('test', {
  blinds: { one: '# blind', other: '# blinds' },
  blindsOrNone: { zero: 'No blinds', one: '# blind', other: '# blinds' },
  speed: 'Wind {speed} m/s',
  hello: 'Hello {name}',
})

const german = {
  'test.blinds': { one: '# Rollladen', other: '# Rollläden' },
  'test.blindsOrNone': { zero: 'Keine Rollläden', one: '# Rollladen', other: '# Rollläden' },
  'test.speed': 'Wind {speed} m/s',
}

describe('plural forms', () => {
  it.each([
    [0, '0 blinds', '0 Rollläden'],
    [1, '1 blind', '1 Rollladen'],
    [2, '2 blinds', '2 Rollläden'],
    [5, '5 blinds', '5 Rollläden'],
  ])('for %i read "%s" in English and "%s" in German', (count, english, deutsch) => {
    expect(translate('en', null, m.blinds, { count })).toBe(english)
    expect(translate('de', german, m.blinds, { count })).toBe(deutsch)
  })

  it('use the zero form for none, when a message has one', () => {
    expect(translate('en', null, m.blindsOrNone, { count: 0 })).toBe('No blinds')
    expect(translate('de', german, m.blindsOrNone, { count: 0 })).toBe('Keine Rollläden')
    expect(translate('de', german, m.blindsOrNone, { count: 1 })).toBe('1 Rollladen')
  })

  it('write a large count in the language’s notation', () => {
    expect(translate('en-GB', null, m.blinds, { count: 1200 })).toBe('1,200 blinds')
    expect(translate('de-DE', german, m.blinds, { count: 1200 })).toBe('1.200 Rollläden')
  })
})

describe('placeholders', () => {
  it('take numbers in the language’s notation', () => {
    expect(translate('en-GB', null, m.speed, { speed: 14.2 })).toBe('Wind 14.2 m/s')
    expect(translate('de-DE', german, m.speed, { speed: 14.2 })).toBe('Wind 14,2 m/s')
  })

  it('fall back to the English beside the code for a message the catalog lacks', () => {
    expect(translate('de', german, m.hello, { name: 'Ada' })).toBe('Hello Ada')
  })
})
