// Issue 12 item 5 in Debian's Chromium against the real hub (TZ Europe/Berlin): Home tells an
// admin whether Home Assistant reaches the hub over MQTT, with a broker on 127.0.0.1 or a port
// where nothing listens, and tells a regular user nothing of it. Issue 19 item 5: a run pressed
// in Home Assistant shows in the run history as such. Each screen is taken on a phone and a
// desktop, light and dark, into build/e2e-screenshots/.
import { createServer } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brokerClient, startBroker, watchTopics, type TestBroker } from '../helpers/broker'
import { createBlind, startHub, type TestHub } from '../helpers/hub'
import { mqttConfig } from '../helpers/mqtt-hub'
import { seriousViolations } from './axe'
import { launchBrowser, screenshot } from './browser'
import { quietPeriod } from '../helpers/quiet'

const PHONE = { width: 375, height: 812 }
const DESKTOP = { width: 1280, height: 800 }
const VARIANTS = [
  { name: 'phone-light', viewport: PHONE, mode: 'light' },
  { name: 'phone-dark', viewport: PHONE, mode: 'dark' },
  { name: 'desktop-light', viewport: DESKTOP, mode: 'light' },
  { name: 'desktop-dark', viewport: DESKTOP, mode: 'dark' },
] as const
const HUB_ZONE = 'Europe/Berlin'
const DOWN = "Home Assistant and other hubs cannot reach this hub's blinds"

interface Link {
  connected: boolean
  since: string | null
  error: string | null
}

/** A port on 127.0.0.1 that was free a moment ago: nothing listens there. */
async function deadPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** Waits until the hub reports its MQTT link as `test` wants. */
async function linkWhen(t: TestHub, test: (link: Link) => boolean): Promise<Link> {
  const deadline = Date.now() + 15_000
  for (;;) {
    const res = await t.gql<{ hubStatus: { mqtt: Link } }>(
      '{ hubStatus { mqtt { connected since error } } }',
      {},
      t.adminToken,
    )
    const link = res.data!.hubStatus.mqtt
    if (test(link)) return link
    if (Date.now() > deadline) throw new Error(`the MQTT link stayed ${JSON.stringify(link)}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** Home, logged in with `token`, in a browser in UTC with 24-hour times. */
async function openHome(
  browser: Browser,
  t: TestHub,
  token: string,
  viewport: { width: number; height: number } = PHONE,
  mode: 'light' | 'dark' = 'light',
): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'en-GB', timezoneId: 'UTC' })
  // Scripts that run in the page are strings: the tests' TypeScript has no DOM.
  const authStore = JSON.stringify(JSON.stringify({ token }))
  await context.addInitScript(
    `localStorage.setItem('authStore', ${authStore}); localStorage.setItem('colorMode', '${mode}')`,
  )
  const page = await context.newPage()
  await page.goto(`${t.url}/`)
  await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor()
  await page.getByText('Relay bus online').waitFor()
  return page
}

/** A hub with a blind both the admin and a regular user have starred, and her token. */
async function household(url: string): Promise<{ t: TestHub; annaToken: string }> {
  const t = await startHub({ config: { mqtt: mqttConfig(url, 'upstairs') } })
  const kitchen = await createBlind(t, 'Kitchen', '1:0', '1:1', 20000)
  const { token } = await t.createUser('anna', { blindIds: [kitchen] })
  for (const who of [t.adminToken, token]) {
    await t.gql('mutation($id: ID!) { setFavoriteBlind(id: $id) }', { id: kitchen }, who)
  }
  return { t, annaToken: token }
}

describe('a hub whose MQTT broker is not there', () => {
  let t: TestHub
  let annaToken: string
  let broker: string
  let link: Link
  let browser: Browser
  beforeAll(async () => {
    broker = `mqtt://127.0.0.1:${await deadPort()}`
    ;({ t, annaToken } = await household(broker))
    link = await linkWhen(t, (l) => l.since !== null)
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await t?.close()
  })

  it('warns an admin on Home since when, in the hub’s time zone, with the error in details', async () => {
    expect(link.connected).toBe(false)
    const page = await openHome(browser, t, t.adminToken)
    await page.getByText(DOWN).waitFor()
    const hubClock = new Intl.DateTimeFormat('en-GB', {
      timeZone: HUB_ZONE,
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(link.since!))
    const banner = page.locator('.mqtt-notice')
    expect(await banner.locator('p').textContent()).toBe(
      `${DOWN}. Its MQTT link has been down since Today ${hubClock}; the blinds still work ` +
        'from here, and the hub keeps trying to reconnect.',
    )
    const raw = banner.locator('code')
    expect(await raw.isVisible()).toBe(false)
    const details = banner.getByText('Details', { exact: true })
    expect((await details.boundingBox())!.height).toBeGreaterThanOrEqual(44)
    await details.click()
    expect(await raw.textContent()).toBe(link.error)
    expect(link.error).toMatch(/ECONNREFUSED/)
    expect(await page.getByText(/^Home Assistant \(MQTT\) disconnected/).textContent()).toBe(
      `Home Assistant (MQTT) disconnected · ${broker} · hub upstairs`,
    )
    // The blinds still work from here.
    expect(await page.getByRole('button', { name: 'Up Kitchen' }).isDisabled()).toBe(false)
    expect(await seriousViolations(page)).toEqual([])
    await page.context().close()
  })

  it('tells a regular user nothing of MQTT on Home', async () => {
    const page = await openHome(browser, t, annaToken)
    await page.getByRole('button', { name: 'Up Kitchen' }).waitFor()
    expect(await page.getByText(/Home Assistant|MQTT/).count()).toBe(0)
    expect(await page.locator('.banner').count()).toBe(0)
    await page.context().close()
  })

  it.each(VARIANTS)('is shown on Home ($name)', async ({ name, viewport, mode }) => {
    const page = await openHome(browser, t, t.adminToken, viewport, mode)
    await page.getByText(DOWN).waitFor()
    await page.locator('.mqtt-notice').getByText('Details', { exact: true }).click()
    await screenshot(page, `mqtt-home-disconnected-${name}`)
    await page.context().close()
  })
})

describe('a hub connected to its MQTT broker', () => {
  let broker: TestBroker
  let t: TestHub
  let annaToken: string
  let browser: Browser
  beforeAll(async () => {
    broker = await startBroker()
    ;({ t, annaToken } = await household(broker.url))
    await linkWhen(t, (l) => l.connected)
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await t?.close()
    await broker?.close()
  })

  it('shows an admin on Home that Home Assistant is connected, and a regular user nothing', async () => {
    const admin = await openHome(browser, t, t.adminToken)
    const line = admin.getByText(/^Home Assistant \(MQTT\) connected/)
    await line.waitFor()
    expect(await line.textContent()).toBe(
      `Home Assistant (MQTT) connected · ${broker.url} · hub upstairs`,
    )
    expect(await admin.locator('.banner').count()).toBe(0)
    expect(await seriousViolations(admin)).toEqual([])
    await admin.context().close()

    const anna = await openHome(browser, t, annaToken)
    await anna.getByRole('button', { name: 'Up Kitchen' }).waitFor()
    expect(await anna.getByText(/Home Assistant|MQTT/).count()).toBe(0)
    await anna.context().close()
  })

  it.each(VARIANTS)('is shown on Home ($name)', async ({ name, viewport, mode }) => {
    const page = await openHome(browser, t, t.adminToken, viewport, mode)
    await page.getByText(/^Home Assistant \(MQTT\) connected/).waitFor()
    await screenshot(page, `mqtt-home-connected-${name}`)
    await page.context().close()
  })

  describe('a run pressed in Home Assistant', () => {
    let automationId: string
    beforeAll(async () => {
      const created = await t.gql<{ automationCreate: { id: string } }>(
        'mutation($input: AutomationInput!) { automationCreate(input: $input) { id } }',
        {
          input: {
            name: 'Evening',
            trigger: { type: 'MANUAL' },
            scene: [{ name: 'Wait', type: 'DELAY', duration: 100 }],
          },
        },
        t.adminToken,
      )
      automationId = created.data!.automationCreate.id
      // One run from here, then one pressed in Home Assistant: the newest is Home Assistant's.
      await t.gql(
        'mutation($id: ID!) { automationRun(id: $id) { id } }',
        { id: automationId },
        t.adminToken,
      )
      const ha = await brokerClient(broker.url, 'home-assistant')
      const base = `lamella/upstairs/automation/${automationId}`
      const seen = await watchTopics(ha, `${base}/+`)
      await seen.until(`${base}/state`, 'idle')
      await quietPeriod(300, "the hub's subscription to the run topic settles on the broker")
      await ha.publishAsync(`${base}/run`, 'PRESS', { qos: 1 })
      await seen.until(`${base}/last_run`, (p) => p.includes('"mqtt"') && p.includes('SUCCEEDED'))
      await ha.endAsync()
    })

    async function runHistory(viewport = PHONE, mode: 'light' | 'dark' = 'light') {
      const page = await openHome(browser, t, t.adminToken, viewport, mode)
      await page.goto(`${t.url}/automation/${automationId}`)
      const runs = page.getByRole('list', { name: 'Runs, newest first' })
      await runs.getByText('From Home Assistant / MQTT').waitFor()
      return { page, runs }
    }

    it('says it came from Home Assistant / MQTT, and a run from here was by hand', async () => {
      const { page, runs } = await runHistory()
      expect(await runs.locator('.run-source').allTextContents()).toEqual([
        'From Home Assistant / MQTT',
        'Run by hand',
      ])
      expect(await seriousViolations(page)).toEqual([])
      await page.context().close()
    })

    it.each(VARIANTS)('is shown in the run history ($name)', async ({ name, viewport, mode }) => {
      const { page, runs } = await runHistory(viewport, mode)
      await runs.scrollIntoViewIfNeeded()
      await screenshot(page, `mqtt-run-history-${name}`)
      await page.context().close()
    })
  })

  it('warns an admin once the broker goes away, on the next look at Home', async () => {
    await broker.kill()
    await linkWhen(t, (l) => !l.connected)
    const page = await openHome(browser, t, t.adminToken)
    await page.getByText(DOWN).waitFor()
    await page.getByText(/^Home Assistant \(MQTT\) disconnected/).waitFor()
    await page.context().close()
  })
})
