// Settings, Photovoltaics and weather protection in German (issue 22), in Debian's Chromium,
// against a real hub whose bus is a pseudo-terminal with the emulated board and its scripted
// weather unit, and which reads the emulated SunSpec inverter on 127.0.0.1 (as
// photovoltaics.e2e.test.ts starts it). For a user whose language is German: the settings page
// with every section and the sensor dialog, the photovoltaics page with its charts, and after
// a gust the red banner and the locked blind's chip on Home, each at phone size and on a
// desktop, light and dark. No English left on screen (tests/e2e/german-walk.ts), nothing
// cut off sideways, axe finds nothing serious; screenshots german-settings-*.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WeatherSample, WeatherScript } from '../../firmware-protocol/weather-script'
import { InverterEmulator } from '../../hub/pv/inverter-emulator'
import { pvSettings } from '../../hub/pv/settings'
import { startHubOnWire, type HubOnWire } from '../helpers/hub-on-wire'
import { seriousViolations } from './axe'
import { launchBrowser, SCREENSHOTS } from './browser'
import { createBlind, gql, openApp, VARIANTS } from './e2e-app'
import { englishOnScreen, expectAllGerman } from './german-walk'

const live: { sample: WeatherSample } = {
  sample: { wind: 3, rain: 0, temperatureC: 12, step: 'live' },
}
const script: WeatherScript = { name: 'live', at: () => live.sample, nextStepAfter: () => null }

/** The whole page, not only the viewport: settings and photovoltaics are long on a phone. */
async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true })
  await page.screenshot({
    path: join(SCREENSHOTS, `german-settings-${name}.png`),
    fullPage: true,
    animations: 'disabled',
  })
}

describe('settings, photovoltaics and weather protection in German', () => {
  let emulator: InverterEmulator
  let wired: HubOnWire
  let browser: Browser

  beforeAll(async () => {
    emulator = new InverterEmulator({
      serial: 'E2E-DE-22',
      startAt: Date.parse('2026-06-21T09:00:00Z'),
      speed: 60,
    })
    await emulator.start()
    wired = await startHubOnWire(
      { pv: pvSettings(`modbus-tcp://127.0.0.1:${emulator.address.port}`) },
      { pvPollMs: 1000 },
      { weather: { script } },
    )
    const { t } = wired
    const terrace = await createBlind(t, {
      name: 'Terrasse',
      blindAddressUp: '1:0',
      blindAddressDown: '1:1',
      travelTimeUpMs: 3000,
      travelTimeDownMs: 3000,
      windLimit: 10,
    })
    await createBlind(t, {
      name: 'Küche',
      blindAddressUp: '1:4',
      blindAddressDown: '1:5',
      travelTimeUpMs: 3000,
      travelTimeDownMs: 3000,
    })
    await gql(t, 'mutation($id: ID!) { setFavoriteBlind(id: $id) }', { id: terrace })
    for (const [name, kind, register, scale, signed] of [
      ['Windmesser', 'WIND', 0, 0.1, false],
      ['Regensensor', 'RAIN', 1, 1, false],
      ['Thermometer', 'TEMPERATURE', 2, 0.1, true],
    ] as const) {
      await gql(
        t,
        'mutation($input: WeatherSensorInput!) { weatherSensorCreate(input: $input) { id } }',
        { input: { name, kind, unit: 10, function: 3, register, scale, signed, pollMs: 500 } },
      )
    }
    await gql(t, 'mutation { houseLocationSet(lat: 52.52, lon: 13.405) { lat } }')
    await gql(t, 'mutation { userLanguageSet(language: "de") { id } }')
    browser = await launchBrowser()
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await wired?.close()
    await emulator?.stop()
  })

  for (const variant of VARIANTS) {
    it(`shows every section of the settings page and the sensor dialog in German (${variant.name})`, async () => {
      const { t } = wired
      const { page } = await openApp(browser, t, t.adminToken, '/settings', variant)
      await page.getByRole('heading', { level: 1, name: 'Einstellungen' }).waitFor()
      await page.getByText('Das Haus steht bei 52,520° N, 13,405° O').waitFor()
      await page.getByRole('list', { name: 'Wettersensoren' }).getByText('Windmesser').waitFor()
      await page.getByRole('heading', { name: 'Letzte Alarme' }).waitFor()
      await page.getByRole('heading', { name: 'Photovoltaik' }).waitFor()
      await page.getByText('Online', { exact: true }).first().waitFor()
      await expectAllGerman(page)
      await screenshot(page, `settings-${variant.name}`)

      await page.getByRole('button', { name: 'Wettersensor hinzufügen' }).click()
      const dialog = page.getByRole('dialog', { name: 'Wettersensor hinzufügen' })
      await dialog.waitFor()
      expect(await englishOnScreen(page)).toEqual([])
      expect(await seriousViolations(page)).toEqual([])
      await page.screenshot({
        path: join(SCREENSHOTS, `german-settings-sensor-dialog-${variant.name}.png`),
        animations: 'disabled',
      })
      await page.context().close()
    })
  }

  for (const variant of VARIANTS) {
    it(`shows the photovoltaics page with its charts in German (${variant.name})`, async () => {
      const { t } = wired
      const { page } = await openApp(browser, t, t.adminToken, '/photovoltaics', variant)
      await page.getByRole('heading', { level: 1, name: 'Photovoltaik' }).waitFor()
      await page.locator('.pv-chart-canvas canvas').first().waitFor()
      await page.getByText(/^Spitze \d.* um \d\d:\d\d\. Heute bisher \d/).waitFor()
      await page.getByText(/^Bester Tag .* in 30 Tagen\.$/).waitFor()
      await page.getByRole('list', { name: 'Strings (MPP-Tracker)' }).waitFor()
      expect(await page.getByText(/^Aktualisiert (gerade eben|vor \d+ s)$/).count()).toBe(1)
      await expectAllGerman(page)
      await screenshot(page, `photovoltaics-${variant.name}`)
      await page.context().close()
    })
  }

  it('brings the alarm banner and the terrace’s lock chip to Home in German after a gust', async () => {
    const { t } = wired
    live.sample = { ...live.sample, wind: 16 }
    for (const variant of VARIANTS) {
      const { page } = await openApp(browser, t, t.adminToken, '/', variant)
      await page.getByRole('heading', { level: 1, name: 'Start' }).waitFor()
      const banner = page.locator('.weather-banner')
      await expect
        .poll(() => banner.textContent(), { timeout: 15_000 })
        .toMatch(
          /^Windalarm: \d+,\d m\/s\. 1 Rollladen hochgefahren und gesperrt, bis es 10 Minuten ruhig ist$/,
        )
      const chip = page.getByText('Gesperrt: Windalarm')
      await chip.waitFor()
      // The wind now and the terrace's limit, in German numbers, as the English reason has them.
      expect(await chip.locator('xpath=..').getAttribute('title')).toMatch(
        /^Wind \d+(,\d)? m\/s über der Grenze von 10 m\/s; die Sperre/,
      )
      await expectAllGerman(page)
      await screenshot(page, `weather-home-${variant.name}`)

      // The terrace's dialog says the same in words under its lock.
      await page.goto(`${t.url}/blinds`)
      const card = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'Terrasse' }) })
      await card.getByRole('button', { name: 'Terrasse bearbeiten' }).click()
      const dialog = page.getByRole('dialog', { name: 'Terrasse bearbeiten' })
      await dialog.getByText('Wetterschutz').first().click()
      const reason = dialog.locator('.weather-lock-reason')
      await reason.scrollIntoViewIfNeeded()
      expect(await reason.textContent()).toMatch(
        /^Wind \d+(,\d)? m\/s über der Grenze von 10 m\/s; die Sperre endet, wenn es lange genug ruhig war \(Freigabezeit\)\.$/,
      )
      await expectAllGerman(page)
      expect(await seriousViolations(page)).toEqual([])
      await screenshot(page, `weather-dialog-${variant.name}`)
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached' })

      await page.goto(`${t.url}/settings`)
      const history = page.getByRole('list', { name: 'Letzte Alarme, neueste zuerst' })
      await history.getByText(/^Wind · Spitze \d+,\d m\/s/).waitFor()
      await expectAllGerman(page)
      await screenshot(page, `weather-settings-${variant.name}`)
      await page.context().close()
    }
  }, 180_000)
})
