// The automation pages in German: plural and formatted words (scene counts, time left, cron
// schedules in cronstrue's German, sun offsets), and the list and editor as a German reader
// sees them.
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { de } from '../../i18n/catalogs/de'
import { I18nProvider } from '../../i18n/I18nProvider'
import { setIntlLocale, setTranslateNow } from '../../i18n/intl-locale'
import { LANGUAGE_KEY } from '../../i18n/language'
import { english, translator } from '../../i18n/translate'
import { renderWithHub, setUpHubTests } from '../../test-support/hub-stub'
import { describeCron } from './cron-text'
import { automation, AutomationRoutes, stubAutomationHub } from './test-fixtures'
import { formatDuration } from './time-format'
import { formatTimeLeft } from './time-left'
import { triggerSummary } from './trigger-summary'

setUpHubTests()

describe('the automation words in German', () => {
  beforeEach(() => {
    setIntlLocale('de-DE')
    setTranslateNow(translator('de', de), 'de')
  })
  afterEach(() => {
    setIntlLocale(undefined)
    setTranslateNow(english, 'en')
  })

  it('says how long a run has left in German, with a decimal comma for short durations', () => {
    expect(formatTimeLeft(0)).toBe('endet gleich')
    expect(formatTimeLeft(40_000)).toBe('noch 40 s')
    expect(formatTimeLeft(12 * 60_000)).toBe('noch 12 min')
    expect(formatDuration(500)).toBe('0,5 s')
  })

  it('words a cron schedule in German through cronstrue, and the hub’s both-days rule too', () => {
    expect(describeCron('0 7 * * 1-5')).toEqual({
      ok: true,
      text: 'Um 07:00, Montag bis Freitag',
    })
    const both = describeCron('0 7 1 * 1')
    expect(both.ok && both.text.endsWith('(nur an Tagen, auf die beides zutrifft)')).toBe(true)
  })

  it.each([
    ['61 7 * * *', 'Das Feld „Minute“ enthält 61; erlaubt sind 0 bis 59.'],
    ['0 7 * * 1#6', 'Das Feld „Wochentag“ enthält „1#6“; das kann der Hub nicht lesen.'],
    ['*/90 * * * *', 'Der Schritt in „*/90“ (Feld „Minute“) muss 1 bis 59 sein.'],
    [
      '0 7 * *',
      'Hat 4 Felder; nötig sind 5 (Minute, Stunde, Tag im Monat, Monat, Wochentag) oder 6 mit den Sekunden vorn.',
    ],
    ['@daily', 'Kürzel wie @daily nimmt der Hub nicht: Schreib 0 0 * * *.'],
    ['0 7 31 2 *', 'Läuft nie: Den Tag im Monat 31 gibt es in den angegebenen Monaten nicht.'],
    [
      '0 7 31 2 1',
      'Läuft nie: Kein Datum passt zugleich zum Tag im Monat (31) und zum Wochentag (1).',
    ],
  ])('says in German why the hub refuses the schedule %j', (expression, words) => {
    expect(describeCron(expression)).toEqual({ ok: false, error: words })
  })

  it('sums up manual and sun triggers in German', () => {
    const sun = { cron: null, enabled: true } as const
    expect(triggerSummary({ ...sun, type: 'MANUAL', sunEvent: null, offsetMinutes: 0 })).toBe(
      'Manuell',
    )
    expect(triggerSummary({ ...sun, type: 'SUN', sunEvent: 'SUNSET', offsetMinutes: -30 })).toBe(
      'Sonnenuntergang \u221230 min',
    )
  })
})

describe('the automation pages for a German reader', () => {
  beforeEach(() => localStorage.setItem(LANGUAGE_KEY, 'de'))
  afterEach(() => localStorage.clear())

  it('lists an automation with its scene count in German, one Szene or several Szenen', async () => {
    const one = automation()
    const { scene, ...rest } = one
    const summary = (id: string, name: string, count: number) => ({
      ...rest,
      id,
      name,
      scene: Array.from({ length: count }, (_, i) => ({
        id: `${id}-${i}`,
        duration: scene[0]!.duration,
      })),
    })
    stubAutomationHub({ automationList: [summary('a-1', 'Abend', 1), summary('a-2', 'Morgen', 3)] })
    renderWithHub(
      <I18nProvider>
        <AutomationRoutes />
      </I18nProvider>,
      { path: '/automation' },
    )
    const list = await screen.findByRole('list', { name: 'Automatisierungen' })
    expect(screen.getByRole('heading', { level: 1, name: 'Automatisierung' })).toBeTruthy()
    const [abend, morgen] = within(list).getAllByRole('listitem')
    expect(abend!.textContent).toContain('· 1\u00a0Szene')
    expect(morgen!.textContent).toContain('· 3\u00a0Szenen')
    expect(within(morgen!).getByRole('button', { name: 'Morgen starten' })).toBeTruthy()
  })
})
