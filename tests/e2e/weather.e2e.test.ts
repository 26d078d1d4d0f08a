// Weather protection in Debian's Chromium against a real hub whose bus is a pseudo-terminal
// with the emulated board and its scripted weather unit (unit 10) on the other end: a gust
// over the terrace's limit brings the red banner to every page and a lock to the terrace's
// card without a reload, and its Down button's refusal (423) is a toast in plain words. Home's
// weather card (with a seeded day of wind), the Blinds page with the locked card, the blind
// dialog's weather protection, and Settings' weather sections and sensor dialog are taken at
// 375x812 and 1280x800, light and dark, into build/e2e-screenshots/weather-*; axe finds nothing
// serious, focus stays in the dialogs, and nothing leaves the hub.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WeatherSample, WeatherScript } from '../../firmware-protocol/weather-script'
import { WeatherStore } from '../../hub/db/weather'
import { startHubOnWire, type HubOnWire } from '../helpers/hub-on-wire'
import { seriousViolations } from './axe'
import { foreignRequests, launchBrowser, screenshot } from './browser'
import { createBlind, gql, OVERFLOW_X, openApp, PHONE, VARIANTS, type Variant } from './e2e-app'

const live: { sample: WeatherSample } = {
  sample: { wind: 3, rain: 0, temperatureC: 12, step: 'live' },
}
const script: WeatherScript = { name: 'live', at: () => live.sample, nextStepAfter: () => null }

const LOCK = 'query($id: ID!) { blind(id: $id) { weatherLock { kind } } }'
const BANNER = /^Wind alarm: \d+\.\d m\/s\. 2 blinds raised and locked until 10 minutes of calm$/

/** Whether focus is inside the open dialog after `presses` Tabs (and as many Shift+Tabs). */
async function focusStaysIn(page: Page, presses: number): Promise<boolean> {
  const inside = `!!document.activeElement?.closest('[role="dialog"], [role="alertdialog"]')`
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key)
      if (!(await page.evaluate(inside))) return false
    }
  }
  return true
}

describe('weather protection in the browser, with a scripted anemometer on the wire', () => {
  let wired: HubOnWire
  let browser: Browser
  let terrace: string
  let skylight: string

  const lockOf = async (id: string) =>
    (await gql<{ blind: { weatherLock: { kind: string } | null } }>(wired.t, LOCK, { id })).blind
      .weatherLock

  beforeAll(async () => {
    wired = await startHubOnWire({ deadTimeMs: 200 }, {}, { weather: { script } })
    const { t } = wired
    const blind = (name: string, up: string, down: string, more = {}) =>
      createBlind(t, {
        name,
        blindAddressUp: up,
        blindAddressDown: down,
        travelTimeUpMs: 3000,
        travelTimeDownMs: 3000,
        ...more,
      })
    terrace = await blind('Terrace', '1:0', '1:1', { windLimit: 10 })
    await blind('Awning', '1:2', '1:3', { windLimit: 12, rainProtect: true, frostProtect: true })
    await blind('Kitchen', '1:4', '1:5')
    // Rain and frost only: a dry, mild day holds it for neither (a late sensor answer once read
    // the wind as rain and rain as the temperature, and locked it on a starting hub).
    skylight = await blind('Skylight', '1:6', '1:7', { rainProtect: true, frostProtect: true })
    for (const [name, kind, register, scale, signed] of [
      ['Anemometer', 'WIND', 0, 0.1, false],
      ['Rain', 'RAIN', 1, 1, false],
      ['Thermometer', 'TEMPERATURE', 2, 0.1, true],
    ] as const) {
      await gql(
        t,
        'mutation($input: WeatherSensorInput!) { weatherSensorCreate(input: $input) { id } }',
        { input: { name, kind, unit: 10, function: 3, register, scale, signed, pollMs: 500 } },
      )
    }
    // A day of wind for the chart: a breeze that rises in the afternoon.
    const now = Date.now()
    const minute = Math.floor(now / 60_000) * 60_000
    new WeatherStore(t.database.db, () => now).addMinutes(
      Array.from({ length: 24 * 12 }, (_, i) => {
        const at = minute - (24 * 60 - i * 5) * 60_000
        const mean = 3 + 3 * Math.sin((i / (24 * 12)) * Math.PI) + Math.sin(i / 5) ** 2
        const gust = mean * (1.5 + 0.4 * Math.sin(i / 3) ** 2)
        return { at, windMean: mean, windMax: gust, rain: false, temperature: 11 }
      }),
    )
    // Calm and dry, every sensor read: no alarm holds before the gust.
    const alarms = async () =>
      (await gql<{ weather: { alarms: unknown[] } }>(t, '{ weather { alarms { kind } } }')).weather
        .alarms.length
    const deadline = Date.now() + 20_000
    while ((await alarms()) > 0) {
      if (Date.now() > deadline)
        throw new Error(
          'an alarm holds before the gust: ' +
            JSON.stringify(
              await gql(
                t,
                '{ weather { alarms { kind peak } } blindList { name weatherLock { reason } } }',
              ),
            ),
        )
      await new Promise((r) => setTimeout(r, 100))
    }
    browser = await launchBrowser()
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await wired?.close()
  })

  it('brings the banner and the terrace’s lock live with a gust, and a refused Down says why', async () => {
    const { page, requests } = await openApp(browser, wired.t, wired.t.adminToken, '/blinds')
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Terrace' }) })
    await card.getByRole('button', { name: 'Down Terrace' }).waitFor()
    expect(await page.locator('.weather-banner').count()).toBe(0)

    live.sample = { ...live.sample, wind: 16 }
    const banner = page.locator('.weather-banner')
    await expect.poll(() => banner.textContent(), { timeout: 15_000 }).toMatch(BANNER)
    await card.getByText('Locked: wind alarm').waitFor()
    const kitchen = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Kitchen' }) })
    expect(await kitchen.getByText(/Locked/).count()).toBe(0)
    expect(await lockOf(skylight)).toBeNull()

    await card.getByRole('button', { name: 'Down Terrace' }).click()
    const toast = page.locator('.toast-error')
    await toast.waitFor()
    expect(await toast.textContent()).toMatch(
      /^Terrace may only go to its safety position \(100 % open\): wind alarm, wind \d+(\.\d)? m\/s over the limit of 10 m\/s/,
    )
    expect(foreignRequests(requests, wired.t.url)).toEqual([])
    await page.context().close()
  })

  it('counts only a regular user’s own blinds in the banner, and shows her the weather card', async () => {
    const anna = await wired.t.createUser('anna', { blindIds: [terrace] })
    const { page } = await openApp(browser, wired.t, anna.token, '/', VARIANTS[3])
    await expect
      .poll(() => page.locator('.weather-banner').textContent(), { timeout: 15_000 })
      .toMatch(/^Wind alarm: \d+\.\d m\/s\. 1 blind raised and locked until 10 minutes of calm$/)
    await page.getByRole('region', { name: 'Weather' }).getByText('Wind now').waitFor()
    await page.context().close()
  })

  it.each(VARIANTS)(
    'shows the weather on every screen, clear and accessible ($name)',
    async (variant) => {
      expect(await lockOf(terrace)).toEqual({ kind: 'WIND' })
      await shots(variant)
    },
  )

  async function shots(variant: Variant) {
    const name = (what: string) => `weather-${what}-${variant.name}`
    const { page, requests } = await openApp(browser, wired.t, wired.t.adminToken, '/', variant)
    // Home: the banner over the greeting, and the weather card with the day's wind.
    const weather = page.getByRole('region', { name: 'Weather' })
    await weather.locator('.uplot').waitFor()
    expect(await page.locator('.weather-banner').textContent()).toMatch(BANNER)
    expect(await page.evaluate(OVERFLOW_X)).toBe(0)
    await screenshot(page, name('home'))
    await page.evaluate(`document.querySelector('.weather-card').scrollIntoView()`)
    await screenshot(page, name('home-card'))
    expect(await seriousViolations(page)).toEqual([])

    // The banner leaves the account menu and the bottom bar free.
    const bannerBox = (await page.locator('.weather-banner').boundingBox())!
    for (const other of ['.account-button', '.bottom-bar']) {
      const box = await page.locator(other).first().boundingBox()
      if (!box || box.height === 0) continue
      const overlaps =
        bannerBox.x < box.x + box.width &&
        box.x < bannerBox.x + bannerBox.width &&
        bannerBox.y < box.y + box.height &&
        box.y < bannerBox.y + bannerBox.height
      expect(overlaps, `the banner covers ${other}`).toBe(false)
    }

    // Blinds: the terrace's card with its lock.
    await page.goto(`${wired.t.url}/blinds`)
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Terrace' }) })
    await card.getByText('Locked: wind alarm').waitFor()
    await card.scrollIntoViewIfNeeded()
    await screenshot(page, name('blinds'))
    expect(await seriousViolations(page)).toEqual([])

    // The terrace's dialog, its weather protection open.
    await card.getByRole('button', { name: 'Edit Terrace' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Terrace' })
    await dialog.getByText('Weather protection').click()
    await dialog.getByLabel('Wind limit (m/s)').scrollIntoViewIfNeeded()
    expect(await dialog.getByLabel('Wind limit (m/s)').inputValue()).toBe('10')
    await screenshot(page, name('dialog'))
    expect(await seriousViolations(page)).toEqual([])
    expect(await focusStaysIn(page, 40)).toBe(true)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })

    // Settings: the sensors, the release times and the alarms; then a sensor's dialog.
    await page.goto(`${wired.t.url}/settings`)
    const sensors = page.getByRole('region', { name: 'Weather sensors' })
    await sensors
      .getByText(/^Online · \d/)
      .first()
      .waitFor()
    await sensors.scrollIntoViewIfNeeded()
    await screenshot(page, name('settings'))
    await page.getByRole('region', { name: 'Weather alarms' }).scrollIntoViewIfNeeded()
    await screenshot(page, name('settings-alarms'))
    expect(await page.evaluate(OVERFLOW_X)).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    await sensors.getByRole('button', { name: 'Edit Anemometer' }).click()
    const sensorDialog = page.getByRole('dialog', { name: 'Edit Anemometer' })
    await sensorDialog.getByLabel('Unit').waitFor()
    await screenshot(page, name('sensor-dialog'))
    expect(await seriousViolations(page)).toEqual([])
    expect(await focusStaysIn(page, 25)).toBe(true)
    await page.keyboard.press('Escape')
    if (variant.viewport === PHONE) expect(await page.evaluate(OVERFLOW_X)).toBe(0)
    expect(foreignRequests(requests, wired.t.url)).toEqual([])
    await page.context().close()
  }
})
