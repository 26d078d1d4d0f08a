// Issue 19's shell and shading screens in Debian's Chromium against the real hub: each
// blind's shading line says whose command paused it (a person, an automation, Home Assistant
// over MQTT through a real broker, a calibration), to an admin by name and to a regular user
// without other users' names; a desktop message never takes the account button's place; the
// login page fetches no font. Taken at 375x812 and 1280x800, light and dark, into
// build/e2e-screenshots/; axe finds nothing serious, and nothing leaves the hub.
import { join } from 'node:path'
import type { MqttClient } from 'mqtt'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../bus/polling'
import { brokerClient, startBroker, watchTopics, type TestBroker } from '../helpers/broker'
import { ADMIN_PASSWORD, startHub, type TestHub } from '../helpers/hub'
import { mqttConfig } from '../helpers/mqtt-hub'
import { seriousViolations } from './axe'
import { foreignRequests, launchBrowser, logIn, SCREENSHOTS, screenshot } from './browser'
import {
  BERLIN,
  createAutomation,
  createBlind,
  DESKTOP,
  gql,
  OVERFLOW_X,
  openApp,
  VARIANTS,
} from './e2e-app'

describe('whose command paused a blind’s shading, on its card', () => {
  let t: TestHub
  let browser: Browser
  let broker: TestBroker
  let ha: MqttClient
  let annaToken: string
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    broker = await startBroker()
    t = await startHub({
      config: { location: BERLIN, mqtt: mqttConfig(broker.url, 'house') },
    })
    browser = await launchBrowser()
    const facade = { facadeAzimuth: 180, shadePosition: 30, shadingEnabled: true }
    const blinds = [
      ['Kitchen', '1:0', 'Kitchen'],
      ['Bedroom', '1:2', 'Bedroom'],
      ['Study', '1:4', 'Upstairs'],
      ['Hall', '1:6', 'Hall'],
      ['Nursery', '1:8', 'Upstairs'],
    ] as const
    for (const [name, up, room] of blinds) {
      const coil = Number(up.split(':')[1])
      ids[name] = await createBlind(t, {
        name,
        room,
        blindAddressUp: up,
        blindAddressDown: `1:${coil + 1}`,
        travelTimeMs: 1000,
        ...facade,
      })
    }
    annaToken = (await t.createUser('anna', { blindIds: Object.values(ids) })).token
    // Kitchen: Anna's own command. Bedroom: the admin's. Study: an automation Anna may see
    // (all its blinds are hers). Hall: Home Assistant over MQTT. Nursery: a calibration.
    const move = (id: string, token: string) =>
      t.gql(
        'mutation($ids: [ID!]!) { blindMove(ids: $ids, direction: DOWN) { id } }',
        { ids: [id] },
        token,
      )
    await move(ids.Kitchen!, annaToken)
    await move(ids.Bedroom!, t.adminToken)
    const evening = await createAutomation(t, {
      name: 'Evening',
      trigger: { type: 'MANUAL' },
      scene: [{ name: 'Down', type: 'POSITION', blindIds: [ids.Study], position: 0 }],
    })
    await gql(t, 'mutation($id: ID!) { automationRun(id: $id) { id } }', { id: evening })
    ha = await brokerClient(broker.url, 'home-assistant')
    const seen = await watchTopics(ha, 'lamella/house/#')
    await seen.until('lamella/house/status', 'online')
    await ha.publishAsync(`lamella/house/blind/${ids.Hall}/set`, 'CLOSE', { qos: 1 })
    for (const d of ['DOWN', 'STOP']) {
      await gql(
        t,
        'mutation($id: ID!, $d: Direction!) { blindCalibrate(id: $id, direction: $d) { direction } }',
        {
          id: ids.Nursery,
          d,
        },
      )
    }
    await waitFor(
      'every blind paused and at rest',
      async () => {
        const { blindList } = await gql<{
          blindList: { motion: string; shading: { pausedUntil: string | null } }[]
        }>(t, '{ blindList { motion shading { pausedUntil } } }')
        return blindList.every((b) => b.motion === 'IDLE' && b.shading.pausedUntil !== null)
      },
      30_000,
      250,
    )
  }, 120_000)
  afterAll(async () => {
    await ha?.endAsync()
    await browser?.close()
    await t?.close()
    await broker?.close()
  })

  const chipOf = async (page: Page, name: string) => {
    const card = page.locator('.blind-card', { hasText: name })
    const chip = card.locator('.blind-shading')
    await chip.waitFor()
    return (await chip.textContent())!.replace(/ until .*$/, '')
  }

  it.each(VARIANTS)(
    'says to the admin who paused each blind, by name, as a line beside the sun, not a pill broken in two ($name)',
    async (variant) => {
      const { page, requests } = await openApp(browser, t, t.adminToken, '/blinds', variant)
      expect(await chipOf(page, 'Kitchen')).toBe('Paused by anna')
      expect(await chipOf(page, 'Bedroom')).toBe('Paused by you')
      expect(await chipOf(page, 'Study')).toBe('Paused by automation “Evening”')
      expect(await chipOf(page, 'Hall')).toBe('Paused by Home Assistant (MQTT)')
      expect(await chipOf(page, 'Nursery')).toBe('Paused by your calibration')
      // A pause is a line of text beside the sun, not a pill that would break in two on a
      // phone, and it stays inside its card.
      const chips =
        (await page.evaluate(`[...document.querySelectorAll('.shading-chip')].map((c) => {
        const card = c.closest('.blind-card').getBoundingClientRect()
        return {
          background: getComputedStyle(c).backgroundColor,
          inside: c.getBoundingClientRect().right <= card.right - 8,
        }
      })`)) as { background: string; inside: boolean }[]
      expect(chips).toHaveLength(5)
      for (const chip of chips)
        expect(chip).toEqual({ background: 'rgba(0, 0, 0, 0)', inside: true })
      expect(await page.evaluate(OVERFLOW_X)).toBe(0)
      await page.evaluate('window.scrollTo(0, 0)')
      await screenshot(page, `house-shading-chips-admin-${variant.name}`)
      for (const name of ['Hall', 'Study', 'Nursery']) {
        await page.locator('.blind-card', { hasText: name }).screenshot({
          path: join(SCREENSHOTS, `house-shading-chip-${name.toLowerCase()}-${variant.name}.png`),
        })
      }
      expect(await seriousViolations(page)).toEqual([])
      expect(foreignRequests(requests, t.url)).toEqual([])
      await page.context().close()
    },
  )

  it.each([VARIANTS[0], VARIANTS[3]])(
    'says to a regular user that she paused one, and who else, without other users’ names ($name)',
    async (variant) => {
      const { page } = await openApp(browser, t, annaToken, '/blinds', variant)
      expect(await chipOf(page, 'Kitchen')).toBe('Paused by you')
      expect(await chipOf(page, 'Bedroom')).toBe('Paused by another user')
      expect(await chipOf(page, 'Study')).toBe('Paused by automation “Evening”')
      expect(await chipOf(page, 'Nursery')).toBe('Paused by a calibration')
      await screenshot(page, `house-shading-chips-anna-${variant.name}`)
      await page.context().close()
    },
  )
})

const BUS_ERROR =
  'The relay bus is offline: no answer from unit 1 after 3 tries (timeout 250 ms); check the RS-485 adapter, its wiring and the board power supply.'

describe('the shell', () => {
  let t: TestHub
  let browser: Browser

  beforeAll(async () => {
    t = await startHub()
    await createBlind(t, {
      name: 'Kitchen',
      blindAddressUp: '1:0',
      blindAddressDown: '1:1',
      travelTimeMs: 20_000,
    })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await t?.close()
  })

  it.each([800, 500])(
    'keeps a desktop message off the account button, in a window %i px high',
    async (height) => {
      const { page } = await openApp(browser, t, t.adminToken, '/blinds', {
        viewport: { width: 1280, height },
        mode: 'light',
      })
      // Every move fails with a long bus error, as the hub says it while the bus is down.
      await page.route('**/graphql', async (route) => {
        const body = JSON.parse(route.request().postData() ?? '{}') as { operationName?: string }
        if (body.operationName !== 'blindMove') return route.continue()
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({
            data: null,
            errors: [{ message: BUS_ERROR, extensions: { code: 503 } }],
          }),
        })
      })
      await page.getByRole('button', { name: 'Up Kitchen' }).click()
      await page.locator('.toast').getByText(BUS_ERROR).waitFor()
      await screenshot(page, `house-toast-desktop-${height}`)
      // The account button shows whole, in the window, and nothing lies over its middle.
      const account = (await page.evaluate(`(() => {
        const button = [...document.querySelectorAll('.account-button')]
          .find((b) => b.getClientRects().length > 0)
        const r = button.getBoundingClientRect()
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
        return { inWindow: r.top >= 0 && r.bottom <= innerHeight, onTop: button.contains(hit) }
      })()`)) as { inWindow: boolean; onTop: boolean }
      expect(account).toEqual({ inWindow: true, onTop: true })
      // The menu's last entry is still reachable.
      const settings = page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Settings' })
      await settings.scrollIntoViewIfNeeded()
      expect(await settings.isVisible()).toBe(true)
      await page.context().close()
    },
  )

  it('is not fetched for the login page, and once, its Latin part only, for Home', async () => {
    const context = await browser.newContext({ viewport: DESKTOP })
    const page = await context.newPage()
    const fonts: string[] = []
    page.on('request', (r) => {
      if (r.resourceType() === 'font') fonts.push(new URL(r.url()).pathname)
    })
    await page.goto(`${t.url}/`)
    await page.getByRole('button', { name: 'Log in' }).waitFor()
    // Everything the login page asks for has come.
    await page.waitForLoadState('networkidle')
    expect(fonts).toEqual([])
    await screenshot(page, 'house-login-desktop')

    await logIn(page, t.url, 'admin', ADMIN_PASSWORD)
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor()
    await page.waitForLoadState('networkidle')
    expect(fonts).toHaveLength(1)
    expect(fonts[0]).toMatch(/inter-latin-wght-normal.*\.woff2$/)
    await context.close()
  })
})
