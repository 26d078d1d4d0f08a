// Matter on the settings page (ARCHITECTURE.md section 14) in Debian's Chromium, against the
// shipped hub with Matter on in a network namespace of the test's own, paired by matter.js's
// controller with the manual code the page shows, as a person types it into a home app. Taken
// at 375x812 and 1280x800, light and dark, into build/e2e-screenshots/; axe finds nothing
// serious, and nothing leaves the hub.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Environment, Logger, Seconds, ServerNode } from '@matter/main'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestHub } from '../helpers/hub'
import { startMatterHub, type MatterHub } from '../helpers/matter-hub'
import { makeMatterNet, matterNetUnavailable, type MatterNet } from '../helpers/matter-net'
import { REQUIRE_TOOLS } from '../helpers/system-tools'
import { seriousViolations } from './axe'
import { foreignRequests, launchBrowser, screenshot } from './browser'
import { OVERFLOW_X, openApp, PHONE, VARIANTS } from './e2e-app'
import { TAP_TARGETS_TOO_SMALL } from './positions-helpers'

const SECTION = 'Apple Home, Google Home, Alexa (Matter)'
const unavailable = matterNetUnavailable()
const name = 'Matter on the settings page, paired by matter.js’s controller'
const suite = unavailable === null || process.env[REQUIRE_TOOLS] === '1' ? describe : describe.skip

/** The Matter section scrolled into view, then shot. */
async function sectionShot(page: Page, shot: string) {
  await page.getByRole('region', { name: SECTION }).scrollIntoViewIfNeeded()
  await screenshot(page, shot)
}

const title =
  unavailable === null
    ? name
    : process.env[REQUIRE_TOOLS] === '1'
      ? `${name} (${unavailable})`
      : `${name} (skipped: ${unavailable})`

suite(title, () => {
  let net: MatterNet
  let dir: string
  let hub: MatterHub
  let t: TestHub
  let browser: Browser
  let controller: ServerNode

  beforeAll(async () => {
    if (unavailable !== null) throw new Error(`${unavailable}, and ${REQUIRE_TOOLS}=1 requires it`)
    net = makeMatterNet()
    dir = mkdtempSync(join(tmpdir(), 'lamella-matter-e2e-'))
    hub = await startMatterHub(net, join(dir, 'lamella.db'))
    t = { url: hub.url } as TestHub
    const env = Environment.default
    env.vars.set('storage.path', join(dir, 'controller'))
    env.vars.set('mdns.networkInterface', net.controllerInterface)
    env.vars.set('runtime.signals', false)
    env.vars.set('runtime.exitcode', false)
    Logger.level = 'warn'
    controller = await ServerNode.create({
      id: 'controller',
      network: { port: 5541 },
      commissioning: { enabled: false },
    })
    await controller.start()
    browser = await launchBrowser()
  }, 300_000)

  afterAll(async () => {
    await browser?.close()
    await controller?.close()
    await hub?.stop()
    net?.remove()
    if (dir) rmSync(dir, { recursive: true, force: true })
  }, 60_000)

  it.each(VARIANTS)(
    'shows the QR code and the manual code before any app is paired ($name)',
    async (variant) => {
      const { page, requests } = await openApp(browser, t, hub.token, '/settings', variant)
      const matter = page.getByRole('region', { name: SECTION })
      await matter.getByText('Ready to pair').waitFor()
      await matter.getByRole('img', { name: 'Matter pairing QR code' }).waitFor()
      expect(await matter.getByLabel('Manual pairing code').textContent()).toMatch(
        /^\d{4}-\d{3}-\d{4}$/,
      )
      expect(await matter.getByRole('button').count()).toBe(0)
      expect(await page.evaluate(OVERFLOW_X)).toBe(0)
      if (variant.viewport === PHONE) {
        expect(await page.evaluate(TAP_TARGETS_TOO_SMALL)).toEqual([])
      }
      await sectionShot(page, `matter-unpaired-${variant.name}`)
      expect(await seriousViolations(page)).toEqual([])
      expect(foreignRequests(requests, t.url)).toEqual([])
      await page.context().close()
    },
  )

  it('pairs with the code as typed from the page, and then lists the app', async () => {
    const { page } = await openApp(browser, t, hub.token, '/settings', VARIANTS[2])
    const matter = page.getByRole('region', { name: SECTION })
    const typed = (await matter.getByLabel('Manual pairing code').textContent())!
    await controller.peers.commission({
      pairingCode: typed.replace(/-/g, ''),
      timeout: Seconds(60),
    })
    // The page asks again every 10 s: the app shows up without a reload.
    await matter.getByRole('heading', { name: 'Paired with' }).waitFor({ timeout: 15_000 })
    // The name the controller gave its fabric (Apple Home says "Apple Home").
    expect(await matter.getByRole('listitem').allTextContents()).toEqual(['matter.js'])
    expect(await matter.getByText('Ready to pair').count()).toBe(0)
    await page.context().close()
  }, 60_000)

  it.each(VARIANTS)(
    'lists the paired app, lets another pair, and asks before forgetting them all ($name)',
    async (variant) => {
      const { page, requests } = await openApp(browser, t, hub.token, '/settings', variant)
      const matter = page.getByRole('region', { name: SECTION })
      await matter.getByRole('heading', { name: 'Paired with' }).waitFor()
      await sectionShot(page, `matter-paired-${variant.name}`)
      expect(await seriousViolations(page)).toEqual([])

      await matter.getByRole('button', { name: 'Allow another app to pair' }).click()
      await matter.getByText('Open for another app for 15 minutes').waitFor()
      await matter.getByRole('img', { name: 'Matter pairing QR code' }).waitFor()
      await sectionShot(page, `matter-another-app-${variant.name}`)

      await matter.getByRole('button', { name: 'Forget all pairings' }).click()
      const dialog = page.getByRole('alertdialog', { name: 'Forget all pairings?' })
      await dialog.waitFor()
      // Focus stays in the dialog, however often Tab is pressed.
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press('Tab')
        expect(
          await page.evaluate(
            `document.querySelector('[role=alertdialog]').contains(document.activeElement)`,
          ),
        ).toBe(true)
      }
      await screenshot(page, `matter-forget-${variant.name}`)
      expect(await seriousViolations(page)).toEqual([])
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await dialog.waitFor({ state: 'detached' })
      expect(await matter.getByRole('heading', { name: 'Paired with' }).count()).toBe(1)
      expect(foreignRequests(requests, t.url)).toEqual([])
      await page.context().close()
    },
    60_000,
  )

  it('forgets every pairing once confirmed, and is ready to pair again', async () => {
    const { page } = await openApp(browser, t, hub.token, '/settings', VARIANTS[0])
    const matter = page.getByRole('region', { name: SECTION })
    await matter.getByRole('button', { name: 'Forget all pairings' }).click()
    await page
      .getByRole('alertdialog', { name: 'Forget all pairings?' })
      .getByRole('button', { name: 'Forget all' })
      .click()
    await matter.getByText('Ready to pair').waitFor({ timeout: 20_000 })
    expect(await matter.getByRole('heading', { name: 'Paired with' }).count()).toBe(0)
    const status = await hub.gql<{ matter: { commissioned: boolean; fabrics: string[] } }>(
      '{ matter { commissioned fabrics } }',
    )
    expect(status.data!.matter).toEqual({ commissioned: false, fabrics: [] })
    await page.context().close()
  }, 60_000)
})
