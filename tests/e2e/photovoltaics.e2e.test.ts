// Issue 13 item 4 in Debian's Chromium against the real hub (TZ Europe/Berlin) reading the
// emulated SunSpec inverter on 127.0.0.1 (a summer morning, an hour of sun a real minute):
// Home's card opens the photovoltaics page, which shows the live power, the curve drawn by the
// lazily loaded charts (with a gap where the inverter was away), the bars following each poll
// and the inverter's name plate, says "Not reachable since" once the
// inverter goes away, and says how to set it up on a hub without one. Nothing leaves the
// hub. Each state is taken on a phone and a desktop, light and dark, into build/e2e-screenshots/.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PvHistory } from '../../hub/pv/history'
import { InverterEmulator } from '../../hub/pv/inverter-emulator'
import { pvSettings } from '../../hub/pv/settings'
import { ADMIN_PASSWORD, startHub, type TestHub } from '../helpers/hub'
import { todayRange } from '../../ui/src/time/hub-day'
import { seriousViolations } from './axe'
import { SCREENSHOTS, foreignRequests, launchBrowser, logIn } from './browser'

const PHONE = { width: 375, height: 812 }
const DESKTOP = { width: 1280, height: 800 }
const VARIANTS = [
  { name: 'phone-light', viewport: PHONE, mode: 'light' },
  { name: 'phone-dark', viewport: PHONE, mode: 'dark' },
  { name: 'desktop-light', viewport: DESKTOP, mode: 'light' },
  { name: 'desktop-dark', viewport: DESKTOP, mode: 'dark' },
] as const
const SERIAL = 'E2E-0013'
/** The page's figures: "850 W", "3.42 kW". */
const POWER = /^\d+(\.\d+)? k?W$/

interface PvStatus {
  online: boolean
  powerW: number | null
  todayWh: number | null
  offlineSince: string | null
  error: string | null
}

/** Waits until the hub reports the inverter as `test` wants. */
async function pvWhen(t: TestHub, test: (pv: PvStatus) => boolean): Promise<PvStatus> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const res = await t.gql<{ pv: PvStatus }>(
      '{ pv { online powerW todayWh offlineSince error } }',
      {},
      t.adminToken,
    )
    const pv = res.data!.pv
    if (test(pv)) return pv
    if (Date.now() > deadline) throw new Error(`the inverter stayed ${JSON.stringify(pv)}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** A logged-in page in a browser in UTC, in `mode`, recording every request it makes. */
async function openApp(
  browser: Browser,
  t: TestHub,
  path: string,
  viewport: { width: number; height: number } = PHONE,
  mode: 'light' | 'dark' = 'light',
): Promise<{ page: Page; requests: string[] }> {
  const context = await browser.newContext({ viewport, locale: 'en-GB', timezoneId: 'UTC' })
  // Scripts that run in the page are strings: the tests' TypeScript has no DOM.
  const authStore = JSON.stringify(JSON.stringify({ token: t.adminToken }))
  await context.addInitScript(
    `localStorage.setItem('authStore', ${authStore}); localStorage.setItem('colorMode', '${mode}')`,
  )
  const page = await context.newPage()
  const requests: string[] = []
  page.on('request', (r) => requests.push(r.url()))
  await page.goto(`${t.url}${path}`)
  return { page, requests }
}

/** The whole page, not only the viewport: the page is long on a phone. */
async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })
}

/**
 * The hours before the test as the hub would have kept them: a sample a minute, through the
 * hub's own store, of the emulator's sun at the same pace up to its start (from 3 h before
 * now, or from the hub's midnight if that is later), so today's curve has a morning; and none
 * for the 25 minutes from 80 minutes before now, when the inverter was away: a gap in the curve.
 */
function seedMorning(t: TestHub, emulator: InverterEmulator, startAt: number): void {
  const minute = 60_000
  const now = Math.floor(Date.now() / minute) * minute
  const midnight = Date.parse(todayRange(new Date(), 'Europe/Berlin').from)
  const away = (at: number) => at >= now - 80 * minute && at < now - 55 * minute
  const history = new PvHistory(t.database.db)
  for (let at = Math.max(midnight, now - 3 * 3_600_000); at < now; at += minute) {
    if (away(at)) continue
    const powerW = emulator.powerW(startAt - (now - at))
    history.add(at, powerW, powerW / 0.96)
  }
  history.finish()
  history.write()
  history.committed()
}

const chartsCode = (requests: readonly string[]) =>
  requests.filter((u) => /\/PvCharts-[^/]*\.js$/.test(u))

describe('the photovoltaics page with an inverter on the network', () => {
  let emulator: InverterEmulator
  let t: TestHub
  let browser: Browser
  beforeAll(async () => {
    const startAt = Date.parse('2026-06-21T07:00:00Z')
    emulator = new InverterEmulator({ serial: SERIAL, startAt, speed: 60 })
    await emulator.start()
    t = await startHub({
      config: { pv: pvSettings(`modbus-tcp://127.0.0.1:${emulator.address.port}`) },
      pvPollMs: 1000,
    })
    seedMorning(t, emulator, startAt)
    await pvWhen(t, (pv) => pv.online && (pv.powerW ?? 0) > 0)
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await t?.close()
    await emulator?.stop()
  })

  it('leads from the card on Home to the live power and today’s curve, asking no other host', async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'en-GB' })
    const page = await context.newPage()
    const requests: string[] = []
    page.on('request', (r) => requests.push(r.url()))
    await logIn(page, t.url, 'admin', ADMIN_PASSWORD)

    const card = page.getByRole('link', { name: /^Solar power/ })
    await card.waitFor()
    expect(await card.locator('.pv-card-power').textContent()).toMatch(POWER)
    expect(await card.textContent()).toMatch(/Producing · Today \d/)
    // Home carries none of the charts' code.
    expect(chartsCode(requests)).toEqual([])
    // The page is not in the menu.
    const menu = page.getByRole('navigation', { name: 'Main menu' })
    expect(await menu.getByRole('link', { name: 'Photovoltaics' }).count()).toBe(0)

    await card.click()
    await page.getByRole('heading', { level: 1, name: 'Photovoltaics' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/photovoltaics')
    const power = page.locator('.pv-power')
    expect(await power.textContent()).toMatch(POWER)
    expect(await page.locator('.pv-state').textContent()).toBe('Producing')
    expect(await page.getByText(/^Updated (just now|\d+ s ago)/).count()).toBe(1)
    await page.getByText(SERIAL).waitFor()
    expect(await page.getByText('Lamella Emulated inverter').count()).toBe(1)
    expect(await page.getByRole('list', { name: 'Strings (MPPT trackers)' }).count()).toBe(1)

    // The curve: drawn once the charts' code arrived, and said in words.
    await page.locator('.pv-chart-canvas canvas').first().waitFor()
    expect(chartsCode(requests)).toHaveLength(1)
    expect(await page.getByText(/^Peak \d.* at \d\d:\d\d\. \d.* so far today\.$/).count()).toBe(1)
    expect(await page.getByText(/^Best day .*\. .* in 30 days\.$/).count()).toBe(1)

    // Live: the emulator's sun climbs a minute a second, and each poll is pushed.
    const before = await power.textContent()
    // A script that runs in the page is a string: the tests' TypeScript has no DOM.
    await page.waitForFunction(
      `document.querySelector('.pv-power')?.textContent !== ${JSON.stringify(before)}`,
      undefined,
      { timeout: 15_000 },
    )
    expect(await power.textContent()).toMatch(POWER)

    // The bars follow each poll as well: today, the only day with energy on this new hub, is
    // the best day, and its bar (the 30 days' total) is "Energy today" as that grows.
    const energyToday = await page.locator('.pv-energy').first().textContent()
    await page.waitForFunction(
      `(() => {
        const today = document.querySelector('.pv-energy')?.textContent
        const best = [...document.querySelectorAll('.pv-chart-summary')]
          .map((p) => p.textContent)
          .find((text) => text.startsWith('Best day'))
        return today !== ${JSON.stringify(energyToday)} &&
          best?.endsWith(', ' + today + '. ' + today + ' in 30 days.')
      })()`,
      undefined,
      { timeout: 15_000 },
    )

    expect(await seriousViolations(page)).toEqual([])
    expect(foreignRequests(requests, t.url)).toEqual([])
    await context.close()
  })

  it.each(VARIANTS)('is shown with its card on Home ($name)', async ({ name, viewport, mode }) => {
    const { page } = await openApp(browser, t, '/', viewport, mode)
    await page.getByRole('link', { name: /^Solar power/ }).waitFor()
    await screenshot(page, `pv-home-${name}`)
    await page.goto(`${t.url}/photovoltaics`)
    await page.locator('.pv-chart-canvas canvas').nth(1).waitFor()
    await screenshot(page, `pv-live-${name}`)
    await page.context().close()
  })

  it('says since when the inverter is not reachable once it goes away, and recovers', async () => {
    const { page, requests } = await openApp(browser, t, '/photovoltaics')
    await page.locator('.pv-power').getByText(POWER).waitFor()
    await emulator.stop()
    const pv = await pvWhen(t, (p) => !p.online)
    const banner = page.locator('.pv-offline')
    await banner.waitFor({ timeout: 15_000 })
    const hubClock = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Berlin',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(pv.offlineSince!))
    expect(await banner.locator('strong').textContent()).toBe(
      `Not reachable since Today ${hubClock}`,
    )
    expect(await banner.locator('code').textContent()).toBe(pv.error)
    expect(pv.error).toMatch(/ECONNREFUSED/)
    expect(await page.locator('.pv-power').textContent()).toBe('—')
    expect(await page.locator('.pv-state').textContent()).toBe('Not reachable')
    expect(await seriousViolations(page)).toEqual([])

    for (const { name, viewport, mode } of VARIANTS) {
      const shot = await openApp(browser, t, '/photovoltaics', viewport, mode)
      await shot.page.locator('.pv-offline').waitFor()
      await shot.page.locator('.pv-chart-canvas canvas').nth(1).waitFor()
      await screenshot(shot.page, `pv-offline-${name}`)
      await shot.page.context().close()
    }

    await emulator.start()
    await page.locator('.pv-state').getByText('Producing').waitFor({ timeout: 15_000 })
    expect(await banner.count()).toBe(0)
    expect(await page.locator('.pv-power').textContent()).toMatch(POWER)
    expect(foreignRequests(requests, t.url)).toEqual([])
    await page.context().close()
  })
})

describe('the photovoltaics page on a hub without an inverter', () => {
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

  it('shows no card on Home, and says how to turn it on', async () => {
    const { page, requests } = await openApp(browser, t, '/')
    await page.getByText('Relay bus online').waitFor()
    await page.waitForLoadState('networkidle')
    expect(await page.getByRole('link', { name: /Solar power/ }).count()).toBe(0)

    await page.goto(`${t.url}/photovoltaics`)
    await page.getByRole('heading', { name: 'No inverter is set up' }).waitFor()
    await page.getByText('LAMELLA_PV=modbus-tcp://HOST[:PORT][?unit=N]').waitFor()
    expect(chartsCode(requests)).toEqual([])
    expect(await seriousViolations(page)).toEqual([])
    expect(foreignRequests(requests, t.url)).toEqual([])
    await page.context().close()

    for (const { name, viewport, mode } of VARIANTS) {
      const shot = await openApp(browser, t, '/photovoltaics', viewport, mode)
      await shot.page.getByRole('heading', { name: 'No inverter is set up' }).waitFor()
      await screenshot(shot.page, `pv-not-configured-${name}`)
      await shot.page.context().close()
    }
  })
})
