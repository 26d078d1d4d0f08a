// Issue 19's screens in Debian's Chromium against the real hub (TZ Europe/Berlin): schedules
// in holiday mode say they rest and when they would run; a run in progress counts down from
// the hub's estimate; "Run now" with unsaved changes asks; each blind's shading chip says whose
// command paused it, to an admin and to a regular user; the login page fetches no font. Each
// screen is taken at 375x812 and 1280x800, light and dark, into build/e2e-screenshots/; axe
// finds nothing serious, and nothing leaves the hub.
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
import { DESKTOP, OVERFLOW_X, openApp, PHONE, VARIANTS } from './e2e-app'
import { TAP_TARGETS_TOO_SMALL } from './positions-helpers'

const BERLIN = { lat: 52.52, lon: 13.405 }

async function gql<T>(t: TestHub, query: string, variables: Record<string, unknown> = {}) {
  const res = await t.gql<T>(query, variables, t.adminToken)
  if (!res.data) throw new Error(JSON.stringify(res.errors))
  return res.data
}

async function createBlind(t: TestHub, input: Record<string, unknown>): Promise<string> {
  const { blindCreate } = await gql<{ blindCreate: { id: string } }>(
    t,
    'mutation($input: BlindInput!) { blindCreate(input: $input) { id } }',
    { input },
  )
  return blindCreate.id
}

async function createAutomation(t: TestHub, input: Record<string, unknown>): Promise<string> {
  const { automationCreate } = await gql<{ automationCreate: { id: string } }>(
    t,
    'mutation($input: AutomationInput!) { automationCreate(input: $input) { id } }',
    { input },
  )
  return automationCreate.id
}

describe('schedules, runs and Run now in the browser', () => {
  let t: TestHub
  let browser: Browser
  let morning: string
  let evening: string
  let lounge: string

  beforeAll(async () => {
    t = await startHub({ config: { location: BERLIN } })
    browser = await launchBrowser()
    lounge = await createBlind(t, {
      name: 'Lounge',
      blindAddressUp: '1:0',
      blindAddressDown: '1:1',
      travelTimeMs: 20_000,
      room: 'Living room',
    })
    morning = await createAutomation(t, {
      name: 'Morning',
      trigger: { type: 'CRON', cron: '0 7 * * *' },
      scene: [{ name: 'Open', type: 'POSITION', blindIds: [lounge], position: 100 }],
    })
    await createBlind(t, {
      name: 'Living room window left',
      blindAddressUp: '2:0',
      blindAddressDown: '2:1',
      travelTimeMs: 30_000,
      tiltTimeMs: 1500,
      room: 'Living room',
    })
    evening = await createAutomation(t, {
      name: 'Evening lights',
      trigger: { type: 'MANUAL' },
      scene: [
        { name: 'Down', type: 'BLIND_CONTROL', duration: 32_000, blindAddresses: ['1:1', '2:1'] },
        { name: 'Wait', type: 'DELAY', duration: 60_000 },
        { name: 'Half', type: 'POSITION', blindIds: [lounge], position: 50 },
      ],
    })
    await createAutomation(t, {
      name: 'Dusk',
      trigger: { type: 'SUN', sunEvent: 'SUNSET', offsetMinutes: 15 },
      scene: [{ name: 'Close', type: 'POSITION', blindIds: [lounge], position: 0 }],
    })
  })
  afterAll(async () => {
    await browser?.close()
    await t?.close()
  })

  it.each(VARIANTS)(
    'says in holiday mode that each schedule rests and when it would run, in the list and the editor ($name)',
    async (variant) => {
      await gql(t, 'mutation { holidaySet(enabled: true) { enabled } }')
      const { page, requests } = await openApp(browser, t, t.adminToken, '/automation', variant)
      const list = page.getByRole('list', { name: 'Automations' })
      await list
        .getByText(/Paused: holiday mode · would run/)
        .first()
        .waitFor()
      const rows = await list.locator('.schedule-paused').allTextContents()
      expect(rows).toHaveLength(2)
      for (const row of rows) expect(row).toMatch(/^Paused: holiday mode · would run .*\d\d:\d\d$/)
      expect(await list.getByText('Never run').count()).toBe(0)
      expect(await page.evaluate(OVERFLOW_X)).toBe(0)
      await screenshot(page, `house-automation-list-holiday-${variant.name}`)

      await page.getByRole('link', { name: 'Morning' }).click()
      const status = page.getByRole('region', { name: 'Status' })
      await status.getByText(/^Paused: holiday mode · would run .*07:00$/).waitFor()
      expect(await status.getByText('Not scheduled').count()).toBe(0)
      expect(await page.evaluate(OVERFLOW_X)).toBe(0)
      await screenshot(page, `house-automation-editor-holiday-${variant.name}`)
      if (variant.viewport === PHONE) {
        expect(await page.evaluate(TAP_TARGETS_TOO_SMALL)).toEqual([])
      }
      expect(await seriousViolations(page)).toEqual([])
      expect(foreignRequests(requests, t.url)).toEqual([])
      await page.context().close()
      await gql(t, 'mutation { holidaySet(enabled: false) { enabled } }')
    },
  )

  it('counts a run down from the hub’s estimate for the way its blind has to go', async () => {
    // Known to be open, at once: a calibration run up, stopped at the top.
    for (const d of ['UP', 'STOP']) {
      await gql(
        t,
        'mutation($id: ID!, $d: Direction!) { blindCalibrate(id: $id, direction: $d) { direction } }',
        {
          id: lounge,
          d,
        },
      )
    }
    const partOpen = await createAutomation(t, {
      name: 'Part open',
      trigger: { type: 'MANUAL' },
      // 100 % to 40 %: 12 s of a 20 s travel. A full run, the most it could take, is 22 s.
      scene: [{ name: 'Lower', type: 'POSITION', blindIds: [lounge], position: 40 }],
    })
    // Every page open first, so each shows the run while it lasts.
    const pages = []
    for (const variant of VARIANTS) {
      const { page } = await openApp(browser, t, t.adminToken, '/automation', variant)
      await page.getByRole('link', { name: 'Part open' }).waitFor()
      pages.push({ page, variant })
    }
    await gql(t, 'mutation($id: ID!) { automationRun(id: $id) { id } }', { id: partOpen })
    for (const { page, variant } of pages) {
      const row = page.locator('li', { has: page.getByRole('link', { name: 'Part open' }) })
      const left = row.locator('.time-left')
      await left.waitFor()
      const seconds = Number((await left.textContent())?.match(/^(\d+) s left$/)?.[1])
      expect(seconds).toBeGreaterThan(0)
      expect(seconds).toBeLessThanOrEqual(12)
      await screenshot(page, `house-run-in-progress-${variant.name}`)
    }
    for (const { page } of pages) await page.context().close()
    await waitFor(
      'the run ended',
      async () => {
        const { automation } = await gql<{ automation: { lastRun: { status: string } } }>(
          t,
          'query($id: ID!) { automation(id: $id) { lastRun { status } } }',
          { id: partOpen },
        )
        return automation.lastRun.status !== 'RUNNING'
      },
      30_000,
      250,
    )
  })

  it.each(VARIANTS)(
    'asks before Run now runs the saved version while the editor holds changes ($name)',
    async (variant) => {
      const { page, requests } = await openApp(
        browser,
        t,
        t.adminToken,
        `/automation/${morning}`,
        variant,
      )
      const name = page.getByRole('textbox', { name: 'Name', exact: true })
      await name.waitFor()
      await name.fill('Morning light')
      await page.getByRole('button', { name: 'Run now' }).click()
      const question = page.getByRole('alertdialog', { name: 'Run with unsaved changes?' })
      await question.waitFor()
      expect(await question.getByRole('button').allTextContents()).toEqual([
        '',
        'Cancel',
        'Run saved version',
        'Save and run',
      ])
      // Every answer shows whole, inside the window.
      const cut = await page.evaluate(`[...document.querySelectorAll('[role="alertdialog"] button')]
        .filter((b) => { const r = b.getBoundingClientRect(); return r.left < 0 || r.right > innerWidth })
        .map((b) => b.getAttribute('aria-label') || b.textContent)`)
      expect(cut).toEqual([])
      await screenshot(page, `house-run-unsaved-${variant.name}`)
      expect(await seriousViolations(page)).toEqual([])
      // Focus stays in the question.
      for (let i = 0; i < 5; i++) await page.keyboard.press('Tab')
      expect(await page.evaluate(`!!document.activeElement.closest('[role="alertdialog"]')`)).toBe(
        true,
      )
      await page.keyboard.press('Escape')
      await question.waitFor({ state: 'detached' })
      expect(foreignRequests(requests, t.url)).toEqual([])
      await page.context().close()
    },
  )

  it.each(VARIANTS.filter((v) => v.viewport === PHONE))(
    'keeps the phone editor’s scene types and blind chips whole and inside the card ($name)',
    async (variant) => {
      const { page } = await openApp(browser, t, t.adminToken, `/automation/${evening}`, variant)
      await page.getByRole('textbox', { name: 'Name', exact: true }).waitFor()
      const scenes = page.locator('.scene-card')
      await scenes.nth(2).waitFor()
      for (const [i, part] of ['a', 'b', 'c'].entries()) {
        await scenes.nth(i).screenshot({
          path: join(SCREENSHOTS, `house-editor-scene-${part}-${variant.name}.png`),
        })
      }
      expect(await page.evaluate(OVERFLOW_X)).toBe(0)
      // Each scene type's select shows its whole choice; no chip or field touches the edge of
      // the box it sits in.
      const clipped = await page.evaluate(`(() => {
        const textWidth = (el, text) => {
          const probe = document.createElement('span')
          probe.style.font = getComputedStyle(el).font
          probe.style.position = 'absolute'
          probe.style.whiteSpace = 'nowrap'
          probe.textContent = text
          document.body.append(probe)
          const width = probe.getBoundingClientRect().width
          probe.remove()
          return width
        }
        return [...document.querySelectorAll('.scene-card')].flatMap((card) => {
          const select = card.querySelector('select')
          const option = select.options[select.selectedIndex].textContent
          // The text, its left padding and the arrow (about 28 px) must fit.
          const cut = textWidth(select, option) + 12 + 28 > select.getBoundingClientRect().width
          const touching = [...card.querySelectorAll('.toggle-pill, select, input')]
            .filter((c) => c.getClientRects().length > 0)
            .filter((c) => {
              const box = (c.closest('.address-list') ?? card).getBoundingClientRect()
              return box.right - c.getBoundingClientRect().right < 8
            })
          return [...(cut ? ['type select of ' + card.querySelector('legend').textContent] : []),
            ...touching.map((c) => (c.getAttribute('aria-label') || c.textContent.trim()) + ' at the edge')]
        })
      })()`)
      expect(clipped).toEqual([])
      await page.context().close()
    },
  )
})

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
    'says to the admin who paused each blind, by name, on a card that does not wrap the chip ($name)',
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
