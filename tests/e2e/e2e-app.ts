// Opening the app in a browser already logged in (the token in the app's store), in a colour
// mode and at a size, with every request recorded; and the four sizes and modes every changed
// screen is taken at.
import type { Browser, Page } from 'playwright-core'
import type { TestHub } from '../helpers/hub'

export const PHONE = { width: 375, height: 812 }
export const DESKTOP = { width: 1280, height: 800 }
export const VARIANTS = [
  { name: 'phone-light', viewport: PHONE, mode: 'light' },
  { name: 'phone-dark', viewport: PHONE, mode: 'dark' },
  { name: 'desktop-light', viewport: DESKTOP, mode: 'light' },
  { name: 'desktop-dark', viewport: DESKTOP, mode: 'dark' },
] as const
export type Variant = (typeof VARIANTS)[number]

export async function openApp(
  browser: Browser,
  t: TestHub,
  token: string,
  path: string,
  variant: Pick<Variant, 'viewport' | 'mode'> = VARIANTS[0],
): Promise<{ page: Page; requests: string[] }> {
  const context = await browser.newContext({
    viewport: variant.viewport,
    locale: 'en-GB',
    timezoneId: 'Europe/Berlin',
  })
  // Scripts that run in the page are strings: the tests' TypeScript has no DOM.
  const authStore = JSON.stringify(JSON.stringify({ token }))
  await context.addInitScript(
    `localStorage.setItem('authStore', ${authStore}); localStorage.setItem('colorMode', '${variant.mode}')`,
  )
  const page = await context.newPage()
  const requests: string[] = []
  page.on('request', (r) => requests.push(r.url()))
  await page.goto(`${t.url}${path}`)
  return { page, requests }
}

/** How far the page reaches past the viewport's right edge (0: nothing is cut off). */
export const OVERFLOW_X = `Math.max(0, document.documentElement.scrollWidth - innerWidth)`
