// Debian's Chromium driven by playwright-core, with every request recorded so a test can
// prove that nothing leaves the hub.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { projectRoot } from '../../hub/paths'

export const SCREENSHOTS = join(projectRoot, 'build', 'e2e-screenshots')

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  })
}

export async function openPage(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
): Promise<{ page: Page; requests: string[] }> {
  const context = await browser.newContext({ viewport })
  const page = await context.newPage()
  const requests: string[] = []
  page.on('request', (r) => requests.push(r.url()))
  return { page, requests }
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true })
  // Transitions finished: a chevron caught half-turned looked like a stray glyph.
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), animations: 'disabled' })
}

/** Logs in through the login page and waits for the app's menu. */
export async function logIn(page: Page, baseUrl: string, username: string, password: string) {
  await page.goto(`${baseUrl}/`)
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor()
}

/** Requests that went to any host but the hub: offline means this stays empty. */
export function foreignRequests(requests: readonly string[], baseUrl: string): string[] {
  return requests.filter((url) => !url.startsWith(`${baseUrl}/`) && !url.startsWith('data:'))
}

/** Follows an entry of the main menu, as a user clicks it. */
export async function openMenu(page: Page, label: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: label, exact: true })
    .click()
  await page.getByRole('heading', { level: 1, name: label }).waitFor()
}
