// The frame around the pages in Debian's Chromium: the phone layout, colour mode, the service
// worker, a revoked session, and accessibility as axe-core sees it.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_PASSWORD, createBlind, startHub, type TestHub } from '../helpers/hub'
import { seriousViolations } from './axe'
import { foreignRequests, launchBrowser, logIn, openPage, screenshot } from './browser'

const PHONE = { width: 375, height: 812 }

describe('the app shell in a browser', () => {
  let t: TestHub
  let browser: Browser
  beforeAll(async () => {
    t = await startHub()
    await createBlind(t, 'Kitchen', '1:0', '1:1', 20000)
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await t?.close()
  })

  it('shows a 58 px bottom bar on a phone that switches pages and replaces history', async () => {
    const { page, requests } = await openPage(browser, PHONE)
    await logIn(page, t.url, 'admin', ADMIN_PASSWORD)
    const bar = page.getByRole('navigation', { name: 'Main menu' })
    const box = await bar.boundingBox()
    expect(box?.height).toBe(58)
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBe(PHONE.height)
    expect(await bar.getByRole('link').allTextContents()).toEqual([
      'Home',
      'Blinds',
      'Automation',
      'Users',
      'Settings',
    ])
    const historyBefore = await page.evaluate('history.length')
    await bar.getByRole('link', { name: 'Blinds' }).click()
    await page.getByRole('heading', { name: 'Blinds', level: 1 }).waitFor()
    expect(page.url()).toBe(`${t.url}/blinds`)
    expect(await bar.getByRole('link', { name: 'Blinds' }).getAttribute('aria-current')).toBe(
      'page',
    )
    await bar.getByRole('link', { name: 'Automation' }).click()
    await page.getByRole('heading', { name: 'Automation', level: 1 }).waitFor()
    expect(await page.evaluate('history.length')).toBe(historyBefore)
    await screenshot(page, 'automation-phone')
    expect(foreignRequests(requests, t.url)).toEqual([])
    await page.context().close()
  })

  it('keeps dark mode across a reload', async () => {
    const { page } = await openPage(browser, PHONE)
    await logIn(page, t.url, 'admin', ADMIN_PASSWORD)
    await page.getByRole('button', { name: 'Account: admin' }).click()
    await page.getByRole('button', { name: 'Dark colour mode' }).click()
    expect(await page.evaluate('document.documentElement.dataset.theme')).toBe('dark')
    await page.reload()
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor()
    expect(await page.evaluate('document.documentElement.dataset.theme')).toBe('dark')
    expect(await page.evaluate("localStorage.getItem('colorMode')")).toBe('dark')
    const background = await page.evaluate('getComputedStyle(document.body).backgroundColor')
    expect(background).not.toBe('rgb(243, 244, 248)')
    await screenshot(page, 'home-phone-dark')
    await page.context().close()
  })

  it('registers a service worker whose scope ends in /dist/', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${t.url}/`)
    // The app's pages lie outside the worker's scope, so `ready` never resolves there: ask for
    // the registration instead, once it has been made after the load event.
    await expect
      .poll(() =>
        page.evaluate(
          'navigator.serviceWorker.getRegistrations().then((r) => r.map((x) => x.scope))',
        ),
      )
      .toEqual([`${t.url}/dist/`])
    // A new registration has no worker for a moment, while its script is still being fetched.
    await expect
      .poll(() =>
        page.evaluate(
          "navigator.serviceWorker.getRegistration('/dist/').then((r) => (r?.active ?? r?.waiting ?? r?.installing)?.scriptURL ?? null)",
        ),
      )
      .toBe(`${t.url}/dist/sw.js`)
    await page.context().close()
  })

  it('sends the browser back to the login page when its session is revoked elsewhere', async () => {
    const { page } = await openPage(browser, PHONE)
    await logIn(page, t.url, 'admin', ADMIN_PASSWORD)
    const token = (await page.evaluate(
      "JSON.parse(localStorage.getItem('authStore')).token",
    )) as string
    // Logging out with the same token from elsewhere revokes it; the open page must notice.
    const res = await t.gql<{ logout: boolean }>('mutation { logout }', {}, token)
    expect(res.data).toEqual({ logout: true })
    await page.getByRole('button', { name: 'Log in' }).waitFor({ timeout: 15_000 })
    expect(await page.evaluate("localStorage.getItem('authStore')")).toBeNull()
    await page.context().close()
  })

  it('works from the keyboard alone, with a visible focus ring on each control', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${t.url}/`)
    const focused = () =>
      page.evaluate(
        `(() => { const e = document.activeElement; return e.getAttribute('aria-label') ?? e.getAttribute('name') ?? e.textContent.trim() })()`,
      ) as Promise<string>
    /** Presses Tab until the control named `name` has the focus. */
    const tabTo = async (name: string) => {
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab')
        if ((await focused()) === name) return
      }
      throw new Error(`Tab never reached ${name}`)
    }
    await tabTo('username')
    await page.keyboard.type('admin')
    await tabTo('password')
    await page.keyboard.type(ADMIN_PASSWORD)
    await page.keyboard.press('Enter')
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor()

    await tabTo('Blinds')
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Blinds', level: 1 }).waitFor()
    await tabTo('Up Kitchen')
    const ring = (await page.evaluate(
      `(() => { const s = getComputedStyle(document.activeElement); return [s.outlineStyle, parseFloat(s.outlineWidth)] })()`,
    )) as [string, number]
    expect(ring[0]).not.toBe('none')
    expect(ring[1]).toBeGreaterThanOrEqual(2)
    await page.keyboard.press('Enter')
    await page.getByText('Moving up').first().waitFor()
    await tabTo('Stop Kitchen')
    await page.keyboard.press('Enter')
    await page.getByText('Moving up').first().waitFor({ state: 'detached' })
    await page.context().close()
  })

  it('passes axe-core without serious violations on every page, light and dark', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${t.url}/`)
    await page.getByRole('button', { name: 'Log in' }).waitFor()
    const found: string[] = (await seriousViolations(page)).map((v) => `login: ${v}`)
    await logIn(page, t.url, 'admin', ADMIN_PASSWORD)
    for (const mode of ['light', 'dark']) {
      await page.evaluate(`localStorage.setItem('colorMode', '${mode}')`)
      for (const path of ['/', '/blinds', '/automation', '/automation/create', '/users']) {
        await page.goto(`${t.url}${path}`)
        await page.getByRole('heading', { level: 1 }).first().waitFor()
        await page.waitForLoadState('networkidle')
        found.push(...(await seriousViolations(page)).map((v) => `${mode} ${path}: ${v}`))
      }
    }
    expect(found).toEqual([])
    await page.context().close()
  })
})

describe('a hub whose clock has not been set since boot', () => {
  let t: TestHub
  let browser: Browser
  beforeAll(async () => {
    t = await startHub({ ntpSynchronized: () => false })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await t?.close()
  })

  it('tells the household on Home that schedules are paused', async () => {
    const { page } = await openPage(browser, PHONE)
    await logIn(page, t.url, 'admin', ADMIN_PASSWORD)
    await page.getByText(/clock is not synchronised/i).waitFor()
    await screenshot(page, 'home-phone-clock-warning')
    await page.context().close()
  })
})
