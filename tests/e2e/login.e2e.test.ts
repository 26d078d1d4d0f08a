import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_PASSWORD, startHub, type TestHub } from '../helpers/hub'
import { launchBrowser, openPage, screenshot } from './browser'

describe('logging in from a browser', () => {
  let t: TestHub
  let browser: Browser
  beforeAll(async () => {
    t = await startHub()
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await t?.close()
  })

  it('shows the server error for a wrong password, then signs in and stays signed in after a reload', async () => {
    const { page, requests } = await openPage(browser)
    await page.goto(`${t.url}/`)
    await page.getByLabel('Username').fill('admin')
    await page.getByLabel('Password').fill('not-the-password')
    await page.getByRole('button', { name: 'Log in' }).click()
    await expect
      // A wrong password costs a full scrypt on the hub: allow a loaded machine its time.
      .poll(() => page.getByRole('alert').textContent(), { timeout: 10_000 })
      .toBe('Wrong username or password')
    await screenshot(page, 'login-error')

    await page.getByLabel('Password').fill(ADMIN_PASSWORD)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByTestId('username').waitFor()
    expect(await page.getByTestId('username').textContent()).toBe('admin')
    const stored = await page.evaluate("JSON.parse(localStorage.getItem('authStore') ?? 'null')")
    expect(stored).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) })

    await page.reload()
    await page.getByTestId('username').waitFor()
    await screenshot(page, 'signed-in')

    // Offline means offline: the page asked nothing of any host but the hub.
    expect(requests.length).toBeGreaterThan(3)
    expect(requests.filter((url) => !url.startsWith(`${t.url}/`))).toEqual([])
  })

  it('sends the browser back to the login page when its token has been revoked', async () => {
    const { page } = await openPage(browser, { width: 375, height: 812 })
    await page.goto(`${t.url}/`)
    await page.evaluate(
      "localStorage.setItem('authStore', JSON.stringify({ token: 'revoked-or-made-up' }))",
    )
    await page.reload()
    await page.getByRole('button', { name: 'Log in' }).waitFor()
    expect(await page.evaluate("localStorage.getItem('authStore')")).toBeNull()
    await screenshot(page, 'login-phone')
  })
})
