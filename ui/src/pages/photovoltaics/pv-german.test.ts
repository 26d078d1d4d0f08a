// The inverter's figures and the charts' sentences in German: plural days, German numbers and
// dates (Intl in de-DE), "vor 12 s" rather than "12 s ago".
import { afterEach, describe, expect, it } from 'vitest'
import { de } from '../../i18n/catalogs/de'
import { setIntlLocale } from '../../i18n/intl-locale'
import { translator } from '../../i18n/translate'
import { formatAgo, formatEnergy } from './pv-format'
import { energySummary, todaySummary } from './pv-summary'

const t = translator('de', de)

describe('the photovoltaics page’s words in German', () => {
  afterEach(() => setIntlLocale(undefined))

  it('says how long ago in German', () => {
    expect([500, 12_000, 61_000, 7_300_000].map((ms) => formatAgo(ms, t))).toEqual([
      'gerade eben',
      'vor 12 s',
      'vor 1 min',
      'vor 2 h',
    ])
  })

  it('writes energy with a decimal comma and the best day with a German date', () => {
    setIntlLocale('de-DE')
    expect(formatEnergy(12_345)).toBe('12,3 kWh')
    const days = [
      { day: '2026-06-02', wh: 12_000 },
      { day: '2026-06-03', wh: 23_400 },
    ]
    expect(energySummary(days, t)).toBe('Bester Tag Mi., 3. Juni, 23,4 kWh. 35,4 kWh in 2 Tagen.')
    expect(energySummary([{ day: '2026-06-03', wh: 0 }], t)).toBe('Kein Ertrag am letzten Tag.')
  })

  it('names today’s peak and the energy so far in German', () => {
    setIntlLocale('de-DE')
    const samples = [{ at: '2026-06-03T11:05:00Z', powerW: 4210, dcPowerW: null }]
    expect(todaySummary(samples, 12_300, 'Europe/Berlin', t)).toBe(
      'Spitze 4,21 kW um 13:05. Heute bisher 12,3 kWh.',
    )
    expect(todaySummary([], null, 'Europe/Berlin', t)).toBe('Heute noch kein Ertrag.')
  })
})
