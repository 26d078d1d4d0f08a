// Opening the app in a browser already logged in (the token in the app's store), in a colour
// mode and at a size, with every request recorded; the four sizes and modes every changed
// screen is taken at; and the admin's GraphQL calls that set a hub up for a screen.
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

export const BERLIN = { lat: 52.52, lon: 13.405 }

export async function gql<T>(t: TestHub, query: string, variables: Record<string, unknown> = {}) {
  const res = await t.gql<T>(query, variables, t.adminToken)
  if (!res.data) throw new Error(JSON.stringify(res.errors))
  return res.data
}

export async function createBlind(t: TestHub, input: Record<string, unknown>): Promise<string> {
  const { blindCreate } = await gql<{ blindCreate: { id: string } }>(
    t,
    'mutation($input: BlindInput!) { blindCreate(input: $input) { id } }',
    { input },
  )
  return blindCreate.id
}

export async function createAutomation(
  t: TestHub,
  input: Record<string, unknown>,
): Promise<string> {
  const { automationCreate } = await gql<{ automationCreate: { id: string } }>(
    t,
    'mutation($input: AutomationInput!) { automationCreate(input: $input) { id } }',
    { input },
  )
  return automationCreate.id
}
