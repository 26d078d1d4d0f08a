// The automation pages in German (issue 22), in Debian's Chromium, for a user whose language is
// German: the list, a new automation's editor with a cron and then a sun trigger, an existing
// automation with its run history, and the two questions about unsaved changes (Run now, and
// leaving the editor), at phone size and on a desktop, light and dark. A walk fails on English
// left on screen (tests/e2e/german-walk.ts), on a page wider than the window, or on axe.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../bus/polling'
import { startHub, type TestHub } from '../helpers/hub'
import { launchBrowser, screenshot } from './browser'
import { BERLIN, createAutomation, gql, openApp, VARIANTS } from './e2e-app'
import { createGermanBlinds, expectAllGerman } from './german-walk'

describe('the automation pages in German', () => {
  let t: TestHub
  let browser: Browser
  let evening: string

  beforeAll(async () => {
    t = await startHub({ config: { location: BERLIN } })
    browser = await launchBrowser()
    const { kitchen } = await createGermanBlinds(t, { raffstore: { room: 'Wohnzimmer' } })
    await createAutomation(t, {
      name: 'Morgens öffnen',
      trigger: { type: 'CRON', cron: '0 7 * * 1-5' },
      scene: [{ name: 'Auf', type: 'POSITION', blindIds: [kitchen], position: 100 }],
    })
    await createAutomation(t, {
      name: 'Sonnenuntergang',
      trigger: { type: 'SUN', sunEvent: 'SUNSET', offsetMinutes: -30 },
      scene: [{ name: 'Zu', type: 'POSITION', blindIds: [kitchen], position: 0 }],
    })
    evening = await createAutomation(t, {
      name: 'Abendruhe',
      trigger: { type: 'MANUAL' },
      scene: [
        { name: 'Kurz warten', type: 'DELAY', duration: 100 },
        { name: 'Noch einmal warten', type: 'DELAY', duration: 100 },
      ],
    })
    // Two finished runs for the history.
    for (let i = 0; i < 2; i++) {
      await gql(t, 'mutation($id: ID!) { automationRun(id: $id) { id } }', { id: evening })
      await waitFor(
        'the run ended',
        async () => {
          const { automation } = await gql<{ automation: { lastRun: { status: string } } }>(
            t,
            'query($id: ID!) { automation(id: $id) { lastRun { status } } }',
            { id: evening },
          )
          return automation.lastRun.status !== 'RUNNING'
        },
        10_000,
        100,
      )
    }
    await gql(t, 'mutation { userLanguageSet(language: "de") { id } }')
  })
  afterAll(async () => {
    await browser?.close()
    await t?.close()
  })

  for (const variant of VARIANTS) {
    it(`shows the list, a new automation with cron and sun triggers, and an automation's run history in German (${variant.name})`, async () => {
      const { page } = await openApp(browser, t, t.adminToken, '/automation', variant)
      await page.getByRole('heading', { level: 1, name: 'Automatisierung' }).waitFor()
      await page.getByRole('list', { name: 'Automatisierungen' }).waitFor()
      await page.getByText('Um 07:00, Montag bis Freitag · 1\u00a0Szene').waitFor()
      await page.getByText('Sonnenuntergang −30 min · 1\u00a0Szene').waitFor()
      await page.getByText('Manuell · 2\u00a0Szenen').waitFor()
      await expectAllGerman(page)
      await screenshot(page, `german-automation-list-${variant.name}`)

      await page.getByRole('link', { name: 'Neue Automatisierung' }).click()
      await page.getByRole('heading', { level: 1, name: 'Neue Automatisierung' }).waitFor()
      await page.getByRole('radio', { name: 'Zeitplan (Cron)' }).check()
      await page.getByRole('button', { name: 'Werktags 07:00' }).click()
      await page.getByText('Um 07:00, Montag bis Freitag').waitFor()
      await page.getByText('Ganz offen').waitFor()
      await expectAllGerman(page)
      await screenshot(page, `german-automation-new-cron-${variant.name}`)

      // A schedule the hub refuses is said in German as it is typed, with its figures.
      const cron = page.getByRole('textbox', { name: 'Cron-Ausdruck' })
      await cron.fill('61 7 * * 1-5')
      await page.getByText('Das Feld „Minute“ enthält 61; erlaubt sind 0 bis 59.').waitFor()
      await expectAllGerman(page)
      await screenshot(page, `german-automation-bad-cron-${variant.name}`)
      await cron.fill('0 7 * * 1-5')
      await page.getByText('Um 07:00, Montag bis Freitag').waitFor()

      await page.getByRole('radio', { name: 'Sonnenaufgang oder \u2011untergang' }).check()
      await page.getByRole('spinbutton', { name: 'Versatz (Minuten)' }).fill('-20')
      await page.getByText('20 min vor Sonnenaufgang, jeden Tag.').waitFor()
      await page.getByRole('combobox', { name: 'Art' }).selectOption('BLIND_CONTROL')
      await page.getByRole('button', { name: 'Volle Fahrt' }).waitFor()
      await expectAllGerman(page)
      await screenshot(page, `german-automation-new-sun-${variant.name}`)
      await page.getByRole('button', { name: 'Volle Fahrt' }).scrollIntoViewIfNeeded()
      await screenshot(page, `german-automation-new-scene-${variant.name}`)

      // Leaving the new automation asks first.
      await page.getByRole('link', { name: 'Alle Automatisierungen' }).click()
      const leave = page.getByRole('alertdialog', { name: 'Ohne Speichern verlassen?' })
      await leave.waitFor()
      await expectAllGerman(page)
      await screenshot(page, `german-automation-leave-${variant.name}`)
      await page.getByRole('button', { name: 'Ohne Speichern verlassen' }).click()
      await page.getByRole('heading', { level: 1, name: 'Automatisierung' }).waitFor()

      await page.getByRole('link', { name: 'Abendruhe' }).click()
      await page.getByRole('heading', { level: 1, name: 'Abendruhe bearbeiten' }).waitFor()
      const history = page.getByRole('list', { name: 'Läufe, neueste zuerst' })
      await history.getByText('Von Hand gestartet').first().waitFor()
      expect(await history.getByRole('listitem').count()).toBe(2)
      await expectAllGerman(page)
      await screenshot(page, `german-automation-edit-${variant.name}`)

      // Run now with unsaved changes asks what to run.
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Abendruhe lang')
      await page.getByRole('button', { name: 'Jetzt starten' }).click()
      const question = page.getByRole('alertdialog', {
        name: 'Mit ungespeicherten Änderungen starten?',
      })
      await question.waitFor()
      const cut = await page.evaluate(`[...document.querySelectorAll('[role="alertdialog"] button')]
        .filter((b) => { const r = b.getBoundingClientRect(); return r.left < 0 || r.right > innerWidth })
        .map((b) => b.getAttribute('aria-label') || b.textContent)`)
      expect(cut).toEqual([])
      await expectAllGerman(page)
      await screenshot(page, `german-automation-run-unsaved-${variant.name}`)
      await question.getByRole('button', { name: 'Abbrechen' }).click()
      await question.waitFor({ state: 'detached' })
      await page.context().close()
    })
  }
})
