// How positions look, in Debian's Chromium against the real hub with simulated motors behind
// its relays: the Blinds page with rooms, a blind on its way, one whose position is not known
// and a venetian one; the blind dialog, each step of the calibration, a position scene in the
// automation editor and Home. Each on a phone and a desktop, light and dark, into
// build/e2e-screenshots/, with axe and the phone's tap targets checked on the way.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../bus/polling'
import { startHubWithMotors, type LocalMotorRig } from '../helpers/motors'
import { seriousViolations } from './axe'
import { SCREENSHOTS, launchBrowser, openPage, screenshot } from './browser'
import { setBlind, TAP_TARGETS_TOO_SMALL } from './positions-helpers'

const PHONE = { width: 375, height: 812 }
const DESKTOP = { width: 1280, height: 800 }
const VARIANTS = [
  { name: 'phone-light', viewport: PHONE, mode: 'light' },
  { name: 'phone-dark', viewport: PHONE, mode: 'dark' },
  { name: 'desktop-light', viewport: DESKTOP, mode: 'light' },
  { name: 'desktop-dark', viewport: DESKTOP, mode: 'dark' },
] as const
type Variant = (typeof VARIANTS)[number]

const SET =
  'mutation($ids: [ID!]!, $p: Int, $t: Int) { blindSetPosition(ids: $ids, position: $p, tilt: $t) { id } }'
const MOVE = 'mutation($ids: [ID!]!, $d: Direction!) { blindMove(ids: $ids, direction: $d) { id } }'

/**
 * The height in pixels of the tallest mark in a picture of a control: in each column, how many
 * pixels differ from the corner's (the background). Chromium decodes the PNG in the page.
 */
async function tallestMark(page: Page, png: Buffer): Promise<number> {
  // Scripts that run in the page are strings: the tests' TypeScript has no DOM.
  return (await page.evaluate(`(async () => {
    const image = new Image()
    image.src = 'data:image/png;base64,${png.toString('base64')}'
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = image.width
    canvas.height = image.height
    const context = canvas.getContext('2d')
    context.drawImage(image, 0, 0)
    const { data } = context.getImageData(0, 0, image.width, image.height)
    const at = (x, y) => data.slice((y * image.width + x) * 4, (y * image.width + x) * 4 + 3)
    const background = at(0, 0)
    let tallest = 0
    for (let x = 0; x < image.width; x++) {
      let marked = 0
      for (let y = 0; y < image.height; y++) {
        const [r, g, b] = at(x, y)
        const distance = Math.abs(r - background[0]) + Math.abs(g - background[1]) + Math.abs(b - background[2])
        if (distance > 60) marked++
      }
      tallest = Math.max(tallest, marked)
    }
    return tallest
  })()`)) as number
}

describe('positions as a household sees them', () => {
  let rig: LocalMotorRig
  let browser: Browser
  const id: Record<string, string> = {}

  beforeAll(async () => {
    rig = await startHubWithMotors(
      [
        { name: 'Left window', unit: 1, coil: 0, travelTimeUpMs: 5000, travelTimeDownMs: 4000 },
        { name: 'Right window', unit: 1, coil: 2, travelTimeUpMs: 5000, travelTimeDownMs: 4000 },
        {
          name: 'Study',
          unit: 1,
          coil: 4,
          travelTimeUpMs: 4000,
          travelTimeDownMs: 4000,
          tiltTimeMs: 1200,
        },
        // Slow, so it is still on its way while the pages are taken.
        { name: 'Terrace door', unit: 2, coil: 0, travelTimeUpMs: 90000, travelTimeDownMs: 90000 },
        { name: 'Guest room', unit: 2, coil: 2, travelTimeUpMs: 20000, travelTimeDownMs: 18000 },
      ],
      { deadTimeMs: 300 },
    )
    const names = ['Left window', 'Right window', 'Study', 'Terrace door', 'Guest room']
    names.forEach((name, i) => (id[name] = rig.ids[i]!))
    await setBlind(rig.t, id['Left window']!, { room: 'Living room', myPosition: 30 })
    await setBlind(rig.t, id['Right window']!, { room: 'Living room' })
    await setBlind(rig.t, id.Study!, { room: 'Study' })
    await setBlind(rig.t, id['Terrace door']!, { room: 'Living room' })
    for (const name of ['Left window', 'Right window', 'Study', 'Terrace door']) {
      await rig.t.gql(
        'mutation($id: ID!) { setFavoriteBlind(id: $id) }',
        { id: id[name] },
        rig.t.adminToken,
      )
    }
    await rig.t.gql(SET, { ids: [id['Left window'], id['Right window']], p: 100 }, rig.t.adminToken)
    await rig.t.gql(SET, { ids: [id.Study], p: 0 }, rig.t.adminToken)
    await waitFor('the blinds at their ends', () => rig.settled(), 30_000, 100)
    await rig.t.gql(SET, { ids: [id['Left window']], p: 40 }, rig.t.adminToken)
    await rig.t.gql(SET, { ids: [id.Study], p: 60, t: 50 }, rig.t.adminToken)
    await waitFor('the blinds at their positions', () => rig.settled(), 30_000, 100)
    // The terrace door is said to be open (a calibration stopped at once puts it at that end),
    // so the pages show it on its way with a known position; the guest room stays unknown.
    const CALIBRATE =
      'mutation($id: ID!, $d: Direction!) { blindCalibrate(id: $id, direction: $d) { measuredMs } }'
    await rig.t.gql(CALIBRATE, { id: id['Terrace door'], d: 'UP' }, rig.t.adminToken)
    await rig.t.gql(CALIBRATE, { id: id['Terrace door'], d: 'STOP' }, rig.t.adminToken)
    browser = await launchBrowser()
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await rig?.close()
  })

  /** A page already logged in as admin, in a colour mode. */
  async function openAsAdmin({ viewport, mode }: Variant): Promise<Page> {
    const { page } = await openPage(browser, viewport)
    const authStore = JSON.stringify(JSON.stringify({ token: rig.t.adminToken }))
    await page
      .context()
      .addInitScript(
        `localStorage.setItem('authStore', ${authStore}); localStorage.setItem('colorMode', '${mode}')`,
      )
    return page
  }

  /** The terrace door on its way down (again, if it arrived). */
  async function terraceMoving() {
    const state = await rig.stateOf(id['Terrace door']!)
    if (state.motion === 'IDLE') {
      const down = state.position === null || state.position > 50
      await rig.t.gql(
        MOVE,
        { ids: [id['Terrace door']], d: down ? 'DOWN' : 'UP' },
        rig.t.adminToken,
      )
    }
  }

  async function goTo(page: Page, path: string, heading: string) {
    await page.goto(`${rig.t.url}${path}`)
    await page.getByRole('heading', { level: 1, name: heading }).waitFor()
  }

  it.each(VARIANTS)(
    'shows the Blinds page by room, a moving blind and an unknown one ($name)',
    async (variant) => {
      await terraceMoving()
      const page = await openAsAdmin(variant)
      await goTo(page, '/blinds', 'Blinds')
      await page
        .getByText(/s left/)
        .first()
        .waitFor()
      await page.getByText('Position unknown').first().waitFor()
      // Let the terrace door's curtain come down a little.
      await page.waitForTimeout(1500)
      await screenshot(page, `positions-blinds-${variant.name}`)
      await page.getByRole('heading', { level: 2, name: 'Study' }).scrollIntoViewIfNeeded()
      await screenshot(page, `positions-blinds-study-${variant.name}`)
      // The moving card tells where it is from where it goes; the unknown one claims nothing.
      const card = (name: string) => page.locator('.blind-card', { hasText: name })
      await card('Terrace door')
        .getByText(/^Going to /)
        .waitFor()
      await card('Terrace door').screenshot({
        path: `${SCREENSHOTS}/blind-card-moving-${variant.name}.png`,
      })
      await card('Guest room').screenshot({
        path: `${SCREENSHOTS}/blind-card-unknown-${variant.name}.png`,
      })
      // Moving is no error: the chip's dot has the chip's own colour, not the brand's red.
      const dot = (await page.evaluate(`(() => {
        const chip = document.querySelector('.chip-moving')
        return [getComputedStyle(chip, '::before').backgroundColor, getComputedStyle(chip).color]
      })()`)) as [string, string]
      expect(dot[0]).toBe(dot[1])
      expect(dot[0]).not.toBe('rgb(231, 65, 46)')
      // Nothing on the unknown blind's slider stands taller than its 4 px track: no thumb.
      const slider = card('Guest room').getByRole('slider', { name: 'Position of Guest room' })
      expect(await tallestMark(page, await slider.screenshot())).toBeLessThanOrEqual(6)
      // The moving one's thumb is there (the check can see one).
      const moving = card('Terrace door').getByRole('slider', { name: 'Position of Terrace door' })
      expect(await tallestMark(page, await moving.screenshot())).toBeGreaterThan(10)
      if (variant.viewport === PHONE) expect(await page.evaluate(TAP_TARGETS_TOO_SMALL)).toEqual([])
      if (variant.name === 'desktop-light' || variant.name === 'phone-dark') {
        expect(await seriousViolations(page)).toEqual([])
      }
      await page.context().close()
    },
  )

  it.each(VARIANTS)('shows the blind dialog with its new settings ($name)', async (variant) => {
    const page = await openAsAdmin(variant)
    await goTo(page, '/blinds', 'Blinds')
    // A new blind: short, with its details folded.
    await page.getByRole('button', { name: 'Add blind' }).click()
    const adding = page.getByRole('dialog', { name: 'Add blind' })
    await adding.getByRole('heading', { name: 'Sun and shading' }).waitFor()
    await screenshot(page, `blind-dialog-create-${variant.name}`)
    await adding.getByRole('button', { name: 'Cancel' }).click()
    await adding.waitFor({ state: 'detached' })

    await page.getByRole('button', { name: 'Edit Study' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Study' })
    await dialog.getByText('Start delay and slats').click()
    await dialog.getByLabel('Slat turn time (seconds)').waitFor()
    await screenshot(page, `positions-blind-dialog-${variant.name}`)
    await dialog.getByLabel('Room').fill('Stu')
    await dialog.getByLabel('My position (% open)').fill('140')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.getByText(/^Must be a whole number/).waitFor()
    // Focus went to the field to fix, scrolled clear of the buttons that stay at the foot.
    const field = (await dialog.getByLabel('My position (% open)').boundingBox())!
    const foot = (await dialog.locator('.dialog-actions').boundingBox())!
    expect(field.y + field.height).toBeLessThanOrEqual(foot.y)
    await dialog.getByLabel('My position (% open)').scrollIntoViewIfNeeded()
    await screenshot(page, `positions-blind-dialog-errors-${variant.name}`)
    if (variant.name === 'desktop-dark' || variant.name === 'phone-light') {
      expect(await seriousViolations(page)).toEqual([])
    }
    // Escape with those edits asks first.
    await page.keyboard.press('Escape')
    const question = page.getByRole('alertdialog', { name: 'Leave without saving?' })
    await question.waitFor()
    await screenshot(page, `blind-dialog-unsaved-question-${variant.name}`)
    await question.getByRole('button', { name: 'Leave without saving' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.context().close()
  })

  it.each(VARIANTS)('shows each step of the calibration ($name)', async (variant) => {
    const page = await openAsAdmin(variant)
    await goTo(page, '/blinds', 'Blinds')
    await page.getByRole('button', { name: 'Calibrate Right window' }).click()
    const dialog = page.getByRole('dialog', { name: 'Calibrate Right window' })
    const step = async (name: string, press: string) => {
      await screenshot(page, `positions-calibration-${name}-${variant.name}`)
      await dialog.getByRole('button', { name: press, exact: true }).click()
    }
    await step('1-start', 'Run it down')
    await dialog.getByText('is running down', { exact: false }).waitFor()
    await step('1-running', 'It is down')
    await dialog.getByText('Step 2 of 3: time the way up').waitFor()
    await step('2-start', 'Run it up')
    await page.waitForTimeout(1500)
    await step('2-timing', 'It has arrived')
    await dialog.getByText('Step 3 of 3: time the way down').waitFor()
    await step('3-start', 'Run it down')
    await page.waitForTimeout(1500)
    await step('3-timing', 'It has arrived')
    await dialog.getByText('Done: both ways timed').waitFor()
    await screenshot(page, `positions-calibration-4-measured-${variant.name}`)
    if (variant.name === 'desktop-light' || variant.name === 'phone-dark') {
      expect(await seriousViolations(page)).toEqual([])
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await page.context().close()
  })

  it.each(VARIANTS)('shows a position scene in the automation editor ($name)', async (variant) => {
    const page = await openAsAdmin(variant)
    await goTo(page, '/automation/create', 'New automation')
    await page.getByLabel('Name', { exact: true }).fill('Evening shade')
    await page.getByRole('checkbox', { name: /^Study/ }).check()
    await page.getByRole('checkbox', { name: /^Left window/ }).check()
    await page.getByRole('radio', { name: 'Part open' }).check()
    await page.getByLabel('Percent open', { exact: true }).fill('30')
    await page.getByRole('group', { name: 'Scene 1' }).scrollIntoViewIfNeeded()
    await screenshot(page, `positions-scene-editor-${variant.name}`)
    await page.getByRole('checkbox', { name: /^Left window/ }).uncheck()
    await page.getByLabel('Also turn the slats').check()
    await page.getByLabel('Slats (% open)').scrollIntoViewIfNeeded()
    await screenshot(page, `positions-scene-editor-slats-${variant.name}`)
    if (variant.viewport === PHONE) expect(await page.evaluate(TAP_TARGETS_TOO_SMALL)).toEqual([])
    if (variant.name === 'desktop-dark' || variant.name === 'phone-light') {
      expect(await seriousViolations(page)).toEqual([])
    }
    await page.context().close()
  })

  it.each(VARIANTS)('shows the favourite blinds’ positions on Home ($name)', async (variant) => {
    await terraceMoving()
    const page = await openAsAdmin(variant)
    await goTo(page, '/', 'Home')
    await page.getByRole('list', { name: 'Favourite blinds' }).waitFor()
    await screenshot(page, `positions-home-${variant.name}`)
    if (variant.viewport === PHONE) expect(await page.evaluate(TAP_TARGETS_TOO_SMALL)).toEqual([])
    await page.context().close()
  })
})
