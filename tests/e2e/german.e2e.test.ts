// The UI in German (issue 22), in Debian's Chromium: the login page for a German browser, and for
// a user whose language is German (kept on her, so an English browser shows German too) Home,
// the account menu and the error screen, at phone size and on a desktop, light and dark. A walk
// fails on English left on screen (tests/e2e/german-walk.ts).
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHub, type TestHub } from '../helpers/hub'
import { seriousViolations } from './axe'
import { launchBrowser, screenshot } from './browser'
import { createAutomation, gql, openApp, OVERFLOW_X, PHONE, VARIANTS } from './e2e-app'
import { createGermanBlinds, englishOnScreen } from './german-walk'

describe('the UI in German', () => {
  let t: TestHub
  let browser: Browser

  beforeAll(async () => {
    t = await startHub()
    browser = await launchBrowser()
    const { kitchen } = await createGermanBlinds(t)
    const morning = await createAutomation(t, {
      name: 'Morgens öffnen',
      trigger: { type: 'CRON', cron: '0 7 * * *' },
      scene: [{ name: 'Auf', type: 'POSITION', blindIds: [kitchen], position: 100 }],
    })
    await gql(t, 'mutation($id: ID!) { setFavoriteBlind(id: $id) }', { id: kitchen })
    await gql(t, 'mutation($id: ID!) { setFavoriteAutomation(id: $id) }', { id: morning })
    await gql(t, 'mutation { userLanguageSet(language: "de") { id } }')
  })
  afterAll(async () => {
    await browser?.close()
    await t?.close()
  })

  it('greets a German browser on the login page in German', async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'de-DE' })
    const page = await context.newPage()
    await page.goto(`${t.url}/`)
    await page.getByRole('button', { name: 'Anmelden' }).waitFor()
    expect(await page.evaluate('document.documentElement.lang')).toBe('de')
    expect(await englishOnScreen(page)).toEqual([])
    await screenshot(page, 'german-login-phone')
    // A refused login in German: its wording loads only now, not with the first page.
    await page.getByLabel('Benutzername').fill('admin')
    await page.getByLabel('Passwort').fill('not-the-password')
    await page.getByRole('button', { name: 'Anmelden' }).click()
    await page.getByText('Falscher Benutzername oder falsches Passwort.').waitFor()
    expect(await englishOnScreen(page)).toEqual([])
    await context.close()
  })

  for (const variant of VARIANTS) {
    it(`shows Home, the account menu and the error screen in German (${variant.name})`, async () => {
      // The browser is English (en-GB): the language kept on the user wins.
      const { page } = await openApp(browser, t, t.adminToken, '/', variant)
      await page.getByRole('heading', { level: 1, name: 'Start' }).waitFor()
      await page.getByText('Küche').first().waitFor()
      await page.getByText('Morgens öffnen').first().waitFor()
      expect(await englishOnScreen(page)).toEqual([])
      expect(await page.evaluate(OVERFLOW_X)).toBe(0)
      expect(await seriousViolations(page)).toEqual([])
      await screenshot(page, `german-home-${variant.name}`)

      await page.getByRole('button', { name: 'Konto: admin' }).click()
      await page.getByRole('group', { name: 'Sprache' }).waitFor()
      expect(await englishOnScreen(page)).toEqual([])
      await screenshot(page, `german-account-menu-${variant.name}`)

      await page.goto(`${t.url}/nirgendwo`)
      await page.getByText('Nicht gefunden').waitFor()
      expect(await englishOnScreen(page)).toEqual([])
      expect(await page.evaluate(OVERFLOW_X)).toBe(0)
      await screenshot(page, `german-not-found-${variant.name}`)
      await page.context().close()
    })
  }

  it('sends the German catalog to a German reader only: an English one downloads no German', async () => {
    /**
     * The scripts a browser fetched or keeps in its service worker's cache that carry German
     * words ("Rollläden" is in the German catalog and nowhere else).
     */
    const germanScripts = async (token: string) => {
      const { page } = await openApp(browser, t, token, '/', VARIANTS[0])
      const german: string[] = []
      page.on('response', async (response) => {
        if (!response.url().endsWith('.js')) return
        const body = await response.text().catch(() => '')
        if (body.includes('Rollläden')) german.push(response.url())
      })
      await page.reload()
      await page.getByTestId('username').first().waitFor()
      for (const path of ['/blinds', '/automation', '/settings']) {
        await page.goto(`${t.url}${path}`)
        await page.getByRole('heading', { level: 1 }).waitFor()
      }
      // The worker (scope /dist/) is active once its precache is complete.
      await expect
        .poll(
          () =>
            page.evaluate(
              "navigator.serviceWorker.getRegistration('/dist/').then((r) => r?.active?.state ?? null)",
            ),
          { timeout: 30_000 },
        )
        .toBe('activated')
      const cached = (await page.evaluate(`(async () => {
        const found = []
        for (const name of await caches.keys()) {
          const cache = await caches.open(name)
          for (const request of await cache.keys()) {
            if (!request.url.endsWith('.js')) continue
            const body = await (await cache.match(request)).text()
            if (body.includes('Rollläden')) found.push('cached ' + request.url)
          }
        }
        return found
      })()`)) as string[]
      await page.context().close()
      return [...german, ...cached]
    }
    const resident = await t.createUser('resident-en')
    expect(await germanScripts(resident.token)).toEqual([])
    expect((await germanScripts(t.adminToken)).length).toBeGreaterThan(0)
  })

  it('switches back to English at once from the account menu, without a reload', async () => {
    const { page } = await openApp(browser, t, t.adminToken, '/', VARIANTS[2])
    await page.getByRole('heading', { level: 1, name: 'Start' }).waitFor()
    await page.evaluate('window.__notReloaded = true')
    await page.getByRole('button', { name: 'Konto: admin' }).click()
    await page.getByRole('button', { name: 'English' }).click()
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor()
    expect(await page.evaluate('window.__notReloaded')).toBe(true)
    await page.getByRole('button', { name: 'Deutsch' }).click()
    await page.getByRole('heading', { level: 1, name: 'Start' }).waitFor()
    await page.context().close()
  })
})
