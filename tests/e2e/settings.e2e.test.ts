// The admin settings page (ARCHITECTURE.md section 17) in Debian's Chromium against the real
// hub, with a real MQTT broker and an emulated SunSpec inverter: an admin finds Settings in
// the menu, sets the house's location and holiday mode there, and reads the MQTT link and the
// PV inverter; a regular user has no such entry and is told the page is for admins. Taken at
// 375x812 and 1280x800, light and dark, into build/e2e-screenshots/; axe finds nothing
// serious, every control is big enough for a thumb, and nothing leaves the hub.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InverterEmulator } from '../../hub/pv/inverter-emulator'
import { pvSettings } from '../../hub/pv/settings'
import { startBroker, type TestBroker } from '../helpers/broker'
import { startHub, type TestHub } from '../helpers/hub'
import { mqttConfig } from '../helpers/mqtt-hub'
import { seriousViolations } from './axe'
import { foreignRequests, launchBrowser, screenshot } from './browser'
import { OVERFLOW_X, openApp, PHONE, VARIANTS } from './e2e-app'
import { TAP_TARGETS_TOO_SMALL } from './positions-helpers'

/** The page at its top, and (on a phone, where it is longer) scrolled to its end. */
async function pageShots(page: Page, name: string) {
  await page.evaluate('window.scrollTo(0, 0)')
  await screenshot(page, `${name}-top`)
  await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)')
  await screenshot(page, `${name}-end`)
}

describe('the settings page, with MQTT and PV set up on the hub', () => {
  let t: TestHub
  let browser: Browser
  let broker: TestBroker
  let inverter: InverterEmulator
  let annaToken: string

  beforeAll(async () => {
    broker = await startBroker()
    inverter = new InverterEmulator({ serial: 'SET-1', startAt: Date.now(), speed: 1 })
    await inverter.start()
    t = await startHub({
      config: {
        mqtt: mqttConfig(broker.url, 'attic'),
        pv: pvSettings(`modbus-tcp://127.0.0.1:${inverter.address.port}?unit=1`),
      },
      pvPollMs: 200,
    })
    annaToken = (await t.createUser('anna')).token
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await t?.close()
    await inverter?.stop()
    await broker?.close()
  })

  it('is in an admin’s menu, and sets the house’s location and holiday mode', async () => {
    const { page, requests } = await openApp(browser, t, t.adminToken, '/', VARIANTS[2])
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Settings' })
      .click()
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      'House location',
      'Holiday mode',
      'Weather sensors',
      'Weather alarms',
      'Apple Home, Google Home, Alexa (Matter)',
      'Home Assistant (MQTT)',
      'Photovoltaics',
    ])

    const location = page.getByRole('region', { name: 'House location' })
    await location.getByText('The hub does not know where the house stands').waitFor()
    await location.getByLabel('Latitude (° north)').fill('52,52')
    await location.getByLabel('Longitude (° east)').fill('13.405')
    await location.getByRole('button', { name: 'Set location' }).click()
    await location.getByText('The house stands at 52.520° N, 13.405° E').waitFor()

    const holiday = page.getByRole('region', { name: 'Holiday mode' })
    await holiday.getByLabel('Look lived-in').selectOption('10')
    await holiday.getByRole('switch', { name: 'Holiday mode' }).click()
    await holiday.getByText(/^Holiday mode: schedules and shading paused since today/).waitFor()

    const saved = await t.gql<{
      houseLocation: { lat: number; lon: number }
      holiday: { enabled: boolean; randomOffsetMinutes: number }
    }>('{ houseLocation { lat lon } holiday { enabled randomOffsetMinutes } }', {}, t.adminToken)
    expect(saved.data).toEqual({
      houseLocation: { lat: 52.52, lon: 13.405 },
      holiday: { enabled: true, randomOffsetMinutes: 10 },
    })
    // Home says so to everyone, and the admin finds the way back here.
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Home' })
      .click()
    await page.getByRole('link', { name: 'Switch it off in Settings' }).click()
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    expect(foreignRequests(requests, t.url)).toEqual([])
    await page.context().close()
  })

  it.each(VARIANTS)(
    'reads the MQTT broker, the hub’s id and the inverter’s address, each online ($name)',
    async (variant) => {
      const { page, requests } = await openApp(browser, t, t.adminToken, '/settings', variant)
      const mqtt = page.getByRole('region', { name: 'Home Assistant (MQTT)' })
      await mqtt.getByText('Connected').waitFor()
      expect(await mqtt.getByText(broker.url).count()).toBe(1)
      expect(await mqtt.getByText('attic', { exact: true }).count()).toBe(1)
      const pv = page.getByRole('region', { name: 'Photovoltaics' })
      await pv.getByText('Online').waitFor()
      expect(
        await pv.getByText(`modbus-tcp://127.0.0.1:${inverter.address.port}?unit=1`).count(),
      ).toBe(1)
      await page
        .getByRole('region', { name: 'House location' })
        .getByText(/^The house stands/)
        .waitFor()
      expect(await page.evaluate(OVERFLOW_X)).toBe(0)
      if (variant.viewport === PHONE) {
        expect(await page.evaluate(TAP_TARGETS_TOO_SMALL)).toEqual([])
      }
      await pageShots(page, `settings-${variant.name}`)
      expect(await seriousViolations(page)).toEqual([])
      expect(foreignRequests(requests, t.url)).toEqual([])
      await page.context().close()
    },
  )

  it.each([VARIANTS[0], VARIANTS[3]])(
    'is not in a regular user’s menu, and tells her at /settings that it is for admins ($name)',
    async (variant) => {
      const { page } = await openApp(browser, t, annaToken, '/', variant)
      const menu = page.getByRole('navigation', { name: 'Main menu' })
      await menu.getByRole('link', { name: 'Home' }).waitFor()
      expect(await menu.getByRole('link', { name: 'Settings' }).count()).toBe(0)
      await page.goto(`${t.url}/settings`)
      await page.getByRole('alert').getByText('Admins only').waitFor()
      expect(await page.getByRole('heading', { level: 1, name: 'Settings' }).count()).toBe(0)
      // Nor does she get the inverter's address.
      const pv = await t.gql<{ pv: { address: string | null } }>(
        '{ pv { address } }',
        {},
        annaToken,
      )
      expect(pv.data!.pv.address).toBeNull()
      await page.context().close()
    },
  )
})

describe('the settings page of a hub without MQTT and PV', () => {
  let t: TestHub
  let browser: Browser

  beforeAll(async () => {
    t = await startHub({ config: { location: { lat: -33.8688, lon: 151.2093 } } })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await t?.close()
  })

  it.each([VARIANTS[0], VARIANTS[3]])(
    'says MQTT and PV are off and where they are set, and a location set on the hub is only shown ($name)',
    async (variant) => {
      const { page } = await openApp(browser, t, t.adminToken, '/settings', variant)
      const location = page.getByRole('region', { name: 'House location' })
      await location.getByText(/set on the hub/).waitFor()
      expect(await location.getByRole('button', { name: 'Change' }).count()).toBe(0)
      const mqtt = page.getByRole('region', { name: 'Home Assistant (MQTT)' })
      await mqtt.getByText(/^Off\./).waitFor()
      const pv = page.getByRole('region', { name: 'Photovoltaics' })
      await pv.getByText(/^Off\./).waitFor()
      const matter = page.getByRole('region', { name: 'Apple Home, Google Home, Alexa (Matter)' })
      await matter.getByText(/^Off\. Start the hub with LAMELLA_MATTER=1/).waitFor()
      await pageShots(page, `settings-off-${variant.name}`)
      expect(await seriousViolations(page)).toEqual([])
      await page.context().close()
    },
  )
})
