// The blind dialog as issue 19 left it, in Debian's Chromium against the real hub: short, with
// the shading switch before any geometry and the details folded, every fold and field reached
// by the keyboard alone; a south window's field of view named by the compass as the hub counts
// it; a facing the hub would refuse said at once. Taken whole (create, edit folded, edit open)
// on a phone and a desktop, light and dark, into build/e2e-screenshots/.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBlind, startHub, type TestHub } from '../helpers/hub'
import { seriousViolations } from './axe'
import { SCREENSHOTS, foreignRequests, launchBrowser } from './browser'
import { TAP_TARGETS_TOO_SMALL } from './positions-helpers'

const PHONE = { width: 375, height: 812 }
const DESKTOP = { width: 1280, height: 800 }
const VARIANTS = [
  { name: 'phone-light', viewport: PHONE, mode: 'light' },
  { name: 'phone-dark', viewport: PHONE, mode: 'dark' },
  { name: 'desktop-light', viewport: DESKTOP, mode: 'light' },
  { name: 'desktop-dark', viewport: DESKTOP, mode: 'dark' },
] as const
type Variant = (typeof VARIANTS)[number]

const FOLDS = [
  'Start delay and slats',
  'Where the sun counts: compass and field of view',
  'Brightness, and where the blind goes afterwards',
  'Recent shading moves',
]

// Scripts that run in the page are strings: the tests' TypeScript has no DOM.
/** The dialog's whole height, as if nothing capped it: what a person scrolls through. */
const DIALOG_HEIGHT = `(() => {
  const dialog = document.querySelector('.dialog')
  return dialog.scrollHeight
})()`

describe('the blind dialog, short and whole by keyboard', () => {
  let t: TestHub
  let browser: Browser
  let south: string

  beforeAll(async () => {
    t = await startHub({ config: { location: { lat: 52.52, lon: 13.405 } } })
    const res = await t.gql<{ blindCreate: { id: string } }>(
      'mutation($input: BlindInput!) { blindCreate(input: $input) { id } }',
      {
        input: {
          name: 'Living south',
          blindAddressUp: '1:0',
          blindAddressDown: '1:1',
          travelTimeUpMs: 24000,
          travelTimeDownMs: 22000,
          tiltTimeMs: 1500,
          room: 'Living room',
          facadeAzimuth: 180,
          shadePosition: 30,
          shadingEnabled: true,
        },
      },
      t.adminToken,
    )
    south = res.data!.blindCreate.id
    // Made without travel times: the hub guesses them.
    await createBlind(t, 'Hall', '2:0', '2:1')
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await t?.close()
  })

  async function open({ viewport, mode }: Variant): Promise<{ page: Page; requests: string[] }> {
    const context = await browser.newContext({ viewport, locale: 'en-GB' })
    const authStore = JSON.stringify(JSON.stringify({ token: t.adminToken }))
    await context.addInitScript(
      `localStorage.setItem('authStore', ${authStore}); localStorage.setItem('colorMode', '${mode}')`,
    )
    const page = await context.newPage()
    const requests: string[] = []
    page.on('request', (r) => requests.push(r.url()))
    await page.goto(`${t.url}/blinds`)
    await page.getByRole('heading', { level: 1, name: 'Blinds' }).waitFor()
    return { page, requests }
  }

  /** The dialog taken whole: the viewport made as tall as its content, then put back. */
  async function wholeShot(page: Page, viewport: Variant['viewport'], name: string) {
    const height = (await page.evaluate(DIALOG_HEIGHT)) as number
    await page.setViewportSize({ width: viewport.width, height: Math.ceil(height / 0.92) + 40 })
    await page.screenshot({ path: `${SCREENSHOTS}/${name}.png` })
    await page.setViewportSize(viewport)
  }

  it('is short: a blind with shading set up fits in little more than a phone’s screenful, folded', async () => {
    const { page } = await open(VARIANTS[0])
    await page.getByRole('button', { name: 'Edit Living south' }).click()
    await page.getByRole('dialog', { name: 'Edit Living south' }).waitFor()
    // Was 2,200-3,000 px with the geometry, the location and the moves all open.
    expect(await page.evaluate(DIALOG_HEIGHT)).toBeLessThan(1700)
    await page.context().close()
  })

  it('draws the divider above “Sun and shading” across the dialog, not under the word alone', async () => {
    const { page } = await open(VARIANTS[2])
    await page.getByRole('button', { name: 'Edit Living south' }).click()
    const heading = page.getByRole('heading', { name: 'Sun and shading' })
    await heading.waitFor()
    // The nearest line above the heading (its own top border or its box's), and the form's width.
    const widths = (await page.evaluate(`(() => {
      const heading = [...document.querySelectorAll('.dialog h3')]
        .find((h) => h.textContent === 'Sun and shading')
      let line = heading
      while (line && getComputedStyle(line).borderTopWidth === '0px') line = line.parentElement
      return [line.getBoundingClientRect().width, heading.closest('form').getBoundingClientRect().width]
    })()`)) as [number, number]
    expect(widths[0]).toBeGreaterThan(widths[1] * 0.95)
    await page.context().close()
  })

  it('puts the shading switch before any of the window’s geometry', async () => {
    const { page } = await open(VARIANTS[2])
    await page.getByRole('button', { name: 'Edit Living south' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Living south' })
    const order = (await dialog
      .locator('.shading-section')
      .locator('input, select, [role="slider"], summary')
      .evaluateAll((nodes) =>
        nodes.map(
          (n) =>
            n.getAttribute('aria-label') ??
            n.getAttribute('role') ??
            ((n as unknown as { labels?: { textContent: string }[] }).labels?.[0]?.textContent ||
              n.textContent),
        ),
      )) as string[]
    expect(order[0]).toBe('switch')
    expect(order.indexOf('Facade direction')).toBeGreaterThan(0)
    await page.context().close()
  })

  it('reaches every fold and the fields inside by the keyboard alone, each labelled', async () => {
    const { page, requests } = await open(VARIANTS[2])
    await page.getByRole('button', { name: 'Edit Living south' }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Edit Living south' })
    await dialog.waitFor()
    // Tab to each fold's summary and open it with Enter; none is skipped.
    const focusedText = () => page.evaluate(`document.activeElement?.textContent?.trim()`)
    for (const fold of FOLDS) {
      for (let i = 0; i < 60 && (await focusedText()) !== fold; i++) {
        await page.keyboard.press('Tab')
      }
      expect(await focusedText()).toBe(fold)
      await page.keyboard.press('Enter')
    }
    // Now every control of the dialog is shown and has a name.
    const unnamed = await page.evaluate(`[...document.querySelectorAll(
      '.dialog input, .dialog select, .dialog [role="slider"]')]
      .filter((el) => el.getClientRects().length > 0)
      .filter((el) => !(el.labels?.[0]?.textContent.trim() || el.getAttribute('aria-label')))
      .map((el) => el.outerHTML.slice(0, 80))`)
    expect(unnamed).toEqual([])
    expect(await dialog.getByRole('slider', { name: 'Facade direction' }).isVisible()).toBe(true)
    expect(await dialog.getByLabel('Slat turn time (seconds)').isVisible()).toBe(true)
    expect(await seriousViolations(page)).toEqual([])
    expect(foreignRequests(requests, t.url)).toEqual([])
    await page.context().close()
  })

  it('names a south window’s left side, looking out, the east, as the hub counts it', async () => {
    const { page } = await open(VARIANTS[2])
    await page.getByRole('button', { name: 'Edit Living south' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Living south' })
    await dialog.getByText(FOLDS[1]!).click()
    await dialog.getByLabel('Sun counts towards the east (°)').fill('20')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.waitFor({ state: 'detached' })
    const saved = await t.gql<{ blind: { fovLeft: number; fovRight: number } }>(
      'query($id: ID!) { blind(id: $id) { fovLeft fovRight } }',
      { id: south },
      t.adminToken,
    )
    // fovLeft: counter-clockwise from 180°, towards 90° (east).
    expect(saved.data!.blind).toEqual({ fovLeft: 20, fovRight: 90 })
    await page.context().close()
  })

  it('says at once that 400° is no compass direction, before Save', async () => {
    const { page } = await open(VARIANTS[0])
    await page.getByRole('button', { name: 'Edit Living south' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Living south' })
    await dialog.getByLabel('Window faces (° from north)').fill('400')
    await dialog
      .getByText('Must be an integer from 0 to 359 compass degrees', { exact: false })
      .waitFor()
    expect(await dialog.getByText('No facade set', { exact: false }).count()).toBe(0)
    await page.context().close()
  })

  it.each(VARIANTS)(
    'is taken whole: adding, and editing folded and open ($name)',
    async (variant) => {
      const { page } = await open(variant)
      await page.getByRole('button', { name: 'Add blind' }).click()
      const adding = page.getByRole('dialog', { name: 'Add blind' })
      await adding.getByRole('heading', { name: 'Sun and shading' }).waitFor()
      await wholeShot(page, variant.viewport, `blind-dialog-whole-create-${variant.name}`)
      await adding.getByRole('button', { name: 'Cancel' }).click()
      await page.getByRole('button', { name: 'Edit Living south' }).click()
      const dialog = page.getByRole('dialog', { name: 'Edit Living south' })
      await dialog.getByRole('heading', { name: 'Sun and shading' }).waitFor()
      await wholeShot(page, variant.viewport, `blind-dialog-whole-edit-folded-${variant.name}`)
      for (const fold of FOLDS) await dialog.getByText(fold).click()
      await dialog.locator('.shading-moves').locator('p, ol').first().waitFor()
      await wholeShot(page, variant.viewport, `blind-dialog-whole-edit-open-${variant.name}`)
      if (variant.viewport === PHONE) expect(await page.evaluate(TAP_TARGETS_TOO_SMALL)).toEqual([])
      if (variant.name === 'phone-dark' || variant.name === 'desktop-light') {
        expect(await seriousViolations(page)).toEqual([])
      }
      await page.context().close()
    },
  )

  it.each(VARIANTS)(
    'tells an admin on the card and in calibration that a travel time is guessed ($name)',
    async (variant) => {
      const { page } = await open(variant)
      const card = page.locator('.blind-card', { hasText: 'Hall' })
      await card.getByText('Travel times guessed, not measured: calibrate').waitFor()
      await card.screenshot({ path: `${SCREENSHOTS}/blind-card-guessed-${variant.name}.png` })
      await card.getByRole('button', { name: 'Calibrate Hall' }).click()
      const dialog = page.getByRole('dialog', { name: 'Calibrate Hall' })
      expect(await dialog.getByRole('cell', { name: '60 s, guessed' }).count()).toBe(2)
      await page.screenshot({
        path: `${SCREENSHOTS}/blind-calibration-guessed-${variant.name}.png`,
      })
      await page.context().close()
    },
  )
})
