// Issue 14 in Debian's Chromium against the real hub (TZ Europe/Berlin, at Berlin's latitude
// and longitude): an admin sets a window's facade with the compass dial in the blind's dialog,
// by a tap and the arrow keys, and switches its shading on; after a reload the dialog shows
// them as saved. The admin switches holiday mode on in Settings, and a regular user's Home,
// open all the while, says so without a reload. At a June noon (the hub's clock set there) shading
// moves a south blind, and its card and dialog show it with the reason. On a hub that does not
// know where it stands, the blind's dialog says shading waits for the house's location and
// links to Settings, where it is set (issue 19). No serious axe violation; nothing leaves the
// hub. The shading section (folded and open) and the holiday card are taken on a phone and a
// desktop, light and dark, into /tmp/shui-shots/.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBlind, startHub, type TestHub } from '../helpers/hub'
import { seriousViolations } from './axe'
import { foreignRequests, launchBrowser } from './browser'
import { TAP_TARGETS_TOO_SMALL } from './positions-helpers'

const SHOTS = '/tmp/shui-shots'
/** The folds of the dialog's "Sun and shading". */
const SKY = 'Where the sun counts: compass and field of view'
const AFTER = 'Brightness, and where the blind goes afterwards'
const MOVES = 'Recent shading moves'
const PHONE = { width: 375, height: 812 }
const DESKTOP = { width: 1280, height: 800 }
const VARIANTS = [
  { name: 'phone-light', viewport: PHONE, mode: 'light' },
  { name: 'phone-dark', viewport: PHONE, mode: 'dark' },
  { name: 'desktop-light', viewport: DESKTOP, mode: 'light' },
  { name: 'desktop-dark', viewport: DESKTOP, mode: 'dark' },
] as const

interface SavedShading {
  facadeAzimuth: number | null
  fovLeft: number
  shadePosition: number | null
  shadingEnabled: boolean
}

/** A logged-in page (token in the app's store), in `mode`, recording every request. */
async function openApp(
  browser: Browser,
  t: TestHub,
  token: string,
  path: string,
  viewport: { width: number; height: number } = PHONE,
  mode: 'light' | 'dark' = 'light',
): Promise<{ page: Page; requests: string[] }> {
  const context = await browser.newContext({ viewport, locale: 'en-GB', timezoneId: 'UTC' })
  // Scripts that run in the page are strings: the tests' TypeScript has no DOM.
  const authStore = JSON.stringify(JSON.stringify({ token }))
  await context.addInitScript(
    `localStorage.setItem('authStore', ${authStore}); localStorage.setItem('colorMode', '${mode}')`,
  )
  const page = await context.newPage()
  const requests: string[] = []
  page.on('request', (r) => requests.push(r.url()))
  await page.goto(`${t.url}${path}`)
  return { page, requests }
}

async function openEditDialog(page: Page, name: string) {
  await page.getByRole('button', { name: `Edit ${name}` }).click()
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` })
  await dialog.getByRole('heading', { name: 'Sun and shading' }).waitFor()
  return dialog
}

/**
 * The dialog scrolled so its "Sun and shading" heading is at the top, then on by a screenful
 * at a time (less a little, so nothing is lost between two) to the section's end.
 */
async function sectionShots(page: Page, name: string): Promise<void> {
  // Scripts that run in the page are strings: the tests' TypeScript has no DOM.
  await page.evaluate(`(() => {
    const dialog = document.querySelector('.dialog')
    const section = document.querySelector('.shading-section')
    dialog.scrollTop += section.getBoundingClientRect().top - dialog.getBoundingClientRect().top - 64
  })()`)
  for (const part of ['a', 'b', 'c']) {
    await page.screenshot({ path: join(SHOTS, `shading-section-${name}-${part}.png`) })
    const more = (await page.evaluate(`(() => {
      const dialog = document.querySelector('.dialog')
      const section = document.querySelector('.shading-section')
      const left = section.getBoundingClientRect().bottom - dialog.getBoundingClientRect().bottom
      dialog.scrollTop += dialog.clientHeight - 160
      return left > 0
    })()`)) as boolean
    if (!more) break
  }
}

/** "Thu 00:00": the next midnight in the hub's time zone, as a pause's end is shown (the two
 * joined by a no-break space). */
function nextMidnightInBerlin(): string {
  const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', weekday: 'short' })
  // Noon-ish tomorrow in Berlin is surely the next calendar day there.
  const berlinHour = Number(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Berlin',
      hour: '2-digit',
      hourCycle: 'h23',
    }).format(new Date()),
  )
  const tomorrow = new Date(Date.now() + (36 - berlinHour) * 3_600_000)
  return `${day.format(tomorrow)}\u00a000:00`
}

describe('sun-aware shading and holiday mode in the browser', () => {
  let t: TestHub
  let browser: Browser
  let blindId: string
  let annaToken: string

  beforeAll(async () => {
    t = await startHub({ config: { location: { lat: 52.52, lon: 13.405 } } })
    blindId = await createBlind(t, 'Study', '1:0', '1:1', 30_000)
    ;({ token: annaToken } = await t.createUser('anna', { blindIds: [blindId] }))
    browser = await launchBrowser()
    mkdirSync(SHOTS, { recursive: true })
  })
  afterAll(async () => {
    await browser?.close()
    await t?.close()
  })

  const saved = async () =>
    (
      await t.gql<{ blind: SavedShading }>(
        'query($id: ID!) { blind(id: $id) { facadeAzimuth fovLeft shadePosition shadingEnabled } }',
        { id: blindId },
        t.adminToken,
      )
    ).data!.blind

  it('sets a facade with the compass dial and keeps it after a reload', async () => {
    const { page, requests } = await openApp(browser, t, t.adminToken, '/blinds')
    let dialog = await openEditDialog(page, 'Study')
    await dialog.getByText(SKY).click()
    const dial = dialog.getByRole('slider', { name: 'Facade direction' })
    expect(await dial.getAttribute('aria-valuetext')).toBe('No facade set')

    // A tap near the dial's right edge points it east; then 45° more with the keys.
    const box = (await dial.boundingBox())!
    await dial.click({ position: { x: box.width - 8, y: box.height / 2 } })
    expect(await dial.getAttribute('aria-valuetext')).toBe('Window faces 90°, east')
    await page.keyboard.press('Shift+ArrowRight')
    await page.keyboard.press('Shift+ArrowRight')
    await page.keyboard.press('Shift+ArrowRight')
    await page.keyboard.press('Shift+ArrowRight')
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight')
    expect(await dial.getAttribute('aria-valuenow')).toBe('135')
    expect(await dial.getAttribute('aria-valuetext')).toBe('Window faces 135°, south-east')
    expect(await dialog.getByLabel('Window faces (° from north)').inputValue()).toBe('135')

    // A field of view the hub would refuse is named at its field; nothing is saved. Left of a
    // window facing south-east, looking out, is the north-east.
    await dialog.getByLabel('Sun counts towards the north-east (°)').fill('120')
    await dialog.getByLabel('Shade position (% open)').fill('30')
    await dialog.getByRole('switch', { name: 'Shade this window when the sun is in front' }).check()
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.getByText('Must be an integer from 0 to 90° (got 120)').waitFor()
    expect((await saved()).facadeAzimuth).toBeNull()

    await dialog.getByLabel('Sun counts towards the north-east (°)').fill('60')
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await saved()).toEqual({
      facadeAzimuth: 135,
      fovLeft: 60,
      shadePosition: 30,
      shadingEnabled: true,
    })

    await page.reload()
    dialog = await openEditDialog(page, 'Study')
    await dialog.getByText(SKY).click()
    const again = dialog.getByRole('slider', { name: 'Facade direction' })
    expect(await again.getAttribute('aria-valuetext')).toBe('Window faces 135°, south-east')
    expect(await dialog.getByLabel('Sun counts towards the north-east (°)').inputValue()).toBe('60')
    expect(await dialog.getByLabel('Shade position (% open)').inputValue()).toBe('30')
    expect(
      await dialog
        .getByRole('switch', { name: 'Shade this window when the sun is in front' })
        .isChecked(),
    ).toBe(true)
    await dialog.getByRole('button', { name: 'Cancel' }).click()

    // A person's command pauses the blind's shading until the next day, and its card says so.
    expect(await page.locator('.blind-shading').count()).toBe(0)
    await page.getByRole('button', { name: 'Down Study' }).click()
    await page.getByText('Moving down').waitFor()
    await page.getByRole('button', { name: 'Stop Study' }).click()
    const pausedUntil = await t.gql<{ blind: { shading: { pausedUntil: string | null } } }>(
      'query($id: ID!) { blind(id: $id) { shading { pausedUntil } } }',
      { id: blindId },
      t.adminToken,
    )
    expect(pausedUntil.data!.blind.shading.pausedUntil).not.toBeNull()
    const paused = page.locator('.blind-shading')
    await paused.waitFor({ timeout: 10_000 })
    expect(await paused.textContent()).toBe(`Paused by you until ${nextMidnightInBerlin()}`)

    expect(foreignRequests(requests, t.url)).toEqual([])
    await page.context().close()
  })

  it('shows holiday mode, switched on by an admin, on a regular user’s Home at once', async () => {
    const anna = await openApp(browser, t, annaToken, '/')
    // Once Home has its answer about holiday mode (read again, to be sure it came).
    const holidayRead = anna.page.waitForResponse(
      (r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('holiday {'),
    )
    await anna.page.reload()
    await holidayRead
    await anna.page.getByRole('heading', { level: 1, name: 'Home' }).waitFor()
    // Off: nothing about it for a regular user.
    expect(await anna.page.getByText(/Holiday mode/).count()).toBe(0)

    const admin = await openApp(browser, t, t.adminToken, '/settings')
    const toggle = admin.page.getByRole('switch', { name: 'Holiday mode' })
    await toggle.waitFor()
    expect(await admin.page.getByText('Holiday mode is off').count()).toBe(1)
    await admin.page.getByLabel('Look lived-in').selectOption('15')
    await toggle.click()
    const on = /^Holiday mode: schedules and shading paused since today \d\d:\d\d$/
    await admin.page.getByText(on).waitFor()
    expect(await seriousViolations(admin.page)).toEqual([])

    // Anna's Home hears of it over the socket, without a reload.
    await anna.page.getByRole('heading', { name: on }).waitFor({ timeout: 10_000 })
    expect(
      await anna.page.getByText('Schedules vary by up to 15 min.', { exact: false }).count(),
    ).toBe(1)
    expect(await anna.page.getByRole('switch', { name: 'Holiday mode' }).count()).toBe(0)
    expect(await seriousViolations(anna.page)).toEqual([])

    const holiday = await t.gql<{ holiday: { enabled: boolean; randomOffsetMinutes: number } }>(
      '{ holiday { enabled randomOffsetMinutes } }',
      {},
      annaToken,
    )
    expect(holiday.data!.holiday).toEqual({ enabled: true, randomOffsetMinutes: 15 })
    expect(foreignRequests([...anna.requests, ...admin.requests], t.url)).toEqual([])
    await anna.page.context().close()
    await admin.page.context().close()
  })

  it.each(VARIANTS)(
    'is taken: the shading section and the holiday card ($name)',
    async ({ name, viewport, mode }) => {
      const { page } = await openApp(browser, t, t.adminToken, '/', viewport, mode)
      const card = page.locator('.holiday-card')
      await card.getByRole('heading', { name: /^Holiday mode:/ }).waitFor()
      await card.screenshot({ path: join(SHOTS, `holiday-on-${name}.png`) })
      await page.goto(`${t.url}/blinds`)
      const dialog = await openEditDialog(page, 'Study')
      await dialog.locator('.shading-section').getByText(MOVES).waitFor()
      await sectionShots(page, `${name}-folded`)
      for (const fold of [SKY, AFTER, MOVES]) await dialog.getByText(fold).click()
      await dialog.locator('.shading-moves').locator('p, ol').first().waitFor()
      await sectionShots(page, `${name}-open`)
      if (viewport === PHONE) expect(await page.evaluate(TAP_TARGETS_TOO_SMALL)).toEqual([])
      await page.context().close()
    },
  )

  it('shows an admin’s Home no holiday card while it is off: it is switched in Settings', async () => {
    await t.gql('mutation { holidaySet(enabled: false) { enabled } }', {}, t.adminToken)
    const { page } = await openApp(browser, t, t.adminToken, '/')
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor()
    await page.getByRole('heading', { name: 'Favourite automations' }).waitFor()
    expect(await page.locator('.holiday-card').count()).toBe(0)
    expect(await page.getByRole('switch', { name: 'Holiday mode' }).count()).toBe(0)
    await page.context().close()
  })
})

describe('shading’s moves in the browser, at a June noon in Berlin', () => {
  // The hub's clock stands at 12:00 in Berlin on midsummer day: the sun is in the south.
  const clock = { at: Date.parse('2026-06-21T10:00:00Z') }
  let t: TestHub
  let browser: Browser

  beforeAll(async () => {
    t = await startHub({ config: { location: { lat: 52.52, lon: 13.405 } }, now: () => clock.at })
    browser = await launchBrowser()
    mkdirSync(SHOTS, { recursive: true })
  })
  afterAll(async () => {
    await browser?.close()
    await t?.close()
  })

  it('lists the move shading made, why and where to, in the blind’s dialog, and says Shading on its card', async () => {
    const id = await createBlind(t, 'Terrace', '2:0', '2:1', 4000)
    const blind = async () =>
      (
        await t.gql<{ blind: { position: number | null; motion: string } }>(
          'query($id: ID!) { blind(id: $id) { position motion } }',
          { id },
          t.adminToken,
        )
      ).data!.blind
    // Open first, before it faces anywhere, so this move of a person's pauses nothing.
    await t.gql(
      'mutation($ids: [ID!]!) { blindMove(ids: $ids, direction: UP) { id } }',
      { ids: [id] },
      t.adminToken,
    )
    await expect
      .poll(blind, { timeout: 15_000, interval: 250 })
      .toEqual({ position: 100, motion: 'IDLE' })
    const facing = await t.gql(
      'mutation($id: ID!, $input: BlindInput!) { blindUpdate(id: $id, input: $input) { id } }',
      {
        id,
        input: {
          name: 'Terrace',
          blindAddressUp: '2:0',
          blindAddressDown: '2:1',
          travelTimeMs: 4000,
          facadeAzimuth: 180,
          shadePosition: 20,
          shadingEnabled: true,
        },
      },
      t.adminToken,
    )
    expect(facing.errors).toBeUndefined()
    await t.hub.shading.evaluate()
    await expect
      .poll(blind, { timeout: 15_000, interval: 250 })
      .toEqual({ position: 20, motion: 'IDLE' })

    for (const variant of VARIANTS) {
      const { page, requests } = await openApp(
        browser,
        t,
        t.adminToken,
        '/blinds',
        variant.viewport,
        variant.mode,
      )
      const card = page.locator('.blind-card', { hasText: 'Terrace' })
      await card.locator('.blind-shading').getByText('Shading', { exact: true }).waitFor()
      const dialog = await openEditDialog(page, 'Terrace')
      await dialog.getByText(MOVES).click()
      const moves = dialog.getByRole('list', { name: MOVES })
      await moves.waitFor()
      const lines = await moves.locator('li').allTextContents()
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatch(/12:00.*Sun in front.*Open → 20\u00a0% open$/)
      await dialog.locator('.shading-moves').scrollIntoViewIfNeeded()
      await dialog
        .locator('.shading-moves')
        .screenshot({ path: join(SHOTS, `shading-moves-${variant.name}.png`) })
      if (variant.name === 'phone-light') expect(await seriousViolations(page)).toEqual([])
      expect(foreignRequests(requests, t.url)).toEqual([])
      await page.context().close()
    }
  })
})

describe('the house’s location in the browser', () => {
  let t: TestHub
  let browser: Browser

  beforeAll(async () => {
    t = await startHub()
    await createBlind(t, 'Attic', '3:0', '3:1', 20_000)
    browser = await launchBrowser()
    mkdirSync(SHOTS, { recursive: true })
  })
  afterAll(async () => {
    await browser?.close()
    await t?.close()
  })

  it.each(VARIANTS)(
    'says in the blind’s dialog that shading needs the house’s location, and links to Settings ($name)',
    async ({ name, viewport, mode }) => {
      const { page, requests } = await openApp(browser, t, t.adminToken, '/blinds', viewport, mode)
      const dialog = await openEditDialog(page, 'Attic')
      const link = dialog.getByRole('link', { name: 'Set it in Settings' })
      await link.waitFor()
      expect(await link.getAttribute('href')).toBe('/settings')
      expect(await dialog.getByLabel('Latitude (° north)').count()).toBe(0)
      await link.scrollIntoViewIfNeeded()
      await page.screenshot({ path: join(SHOTS, `house-location-link-${name}.png`) })
      if (viewport === PHONE) expect(await page.evaluate(TAP_TARGETS_TOO_SMALL)).toEqual([])
      expect(await seriousViolations(page)).toEqual([])
      expect(foreignRequests(requests, t.url)).toEqual([])
      await page.context().close()
    },
  )
})
