// Dates, times and numbers in the chosen language and always in the house's time zone, never
// the browser's (the tests' browser runs in UTC, en-US).
import { afterEach, describe, expect, it } from 'vitest'
import { formatWhen } from '../pages/automation/time-format'
import { formatPower } from '../pages/photovoltaics/pv-format'
import { clockTime } from '../time/hub-day'
import { windText } from '../weather/weather-words'
import { setIntlLocale } from './intl-locale'

afterEach(() => setIntlLocale(undefined))

// Thursday 12 March 2026, 06:00 UTC: 07:00 in Berlin, 11:30 in Kolkata.
const AT = '2026-03-12T06:00:00Z'
const A_WEEK_BEFORE = new Date('2026-03-05T12:00:00Z')

describe('formats in the chosen language and the house’s zone', () => {
  it('in German: “Do., 12. März, 07:00” in Berlin, 14,2 m/s and 3,20 kW', () => {
    setIntlLocale('de-DE')
    expect(formatWhen(AT, A_WEEK_BEFORE, 'Europe/Berlin')).toBe('Do., 12. März, 07:00')
    expect(clockTime(AT, 'Asia/Kolkata')).toBe('11:30')
    expect(formatWhen(AT, new Date('2026-03-11T12:00:00Z'), 'Europe/Berlin')).toBe('Morgen 07:00')
    expect(windText(14.2)).toBe('14,2 m/s')
    expect(formatPower(3200)).toBe('3,20 kW')
  })

  it('in English: “Thu 12 Mar, 07:00” in Berlin, 14.2 m/s and 3.20 kW', () => {
    setIntlLocale('en-GB')
    expect(formatWhen(AT, A_WEEK_BEFORE, 'Europe/Berlin')).toBe('Thu 12 Mar, 07:00')
    expect(clockTime(AT, 'Asia/Kolkata')).toBe('11:30')
    expect(formatWhen(AT, new Date('2026-03-11T12:00:00Z'), 'Europe/Berlin')).toBe('Tomorrow 07:00')
    expect(windText(14.2)).toBe('14.2 m/s')
    expect(formatPower(3200)).toBe('3.20 kW')
  })
})
