// Positions from the browser to the motor, in Debian's Chromium against the real hub on a
// pseudo-terminal wire, with simulated motors behind the relay board: the slider takes a blind
// where it says, a room's Down lowers that room's blinds and no other, and calibration saves
// the times a person measured.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../bus/polling'
import { ADMIN_PASSWORD } from '../helpers/hub'
import { startHubWithMotors, type LocalMotorRig } from '../helpers/motors'
import { seriousViolations } from './axe'
import { foreignRequests, launchBrowser, logIn, openMenu, openPage } from './browser'
import { blindSettings, setBlind } from './positions-helpers'

/** Where the motor may stand from where it was sent: a person reads no finer. */
const TOLERANCE = 3

describe('positions in the browser, on motors behind the relays', () => {
  let rig: LocalMotorRig
  let browser: Browser
  let page: Page
  let requests: string[]
  // Left and right window in the living room, the study alone, the hall in no room.
  const LEFT = 0
  const RIGHT = 1
  const STUDY = 2
  const HALL = 3

  beforeAll(async () => {
    rig = await startHubWithMotors(
      [
        { name: 'Left window', unit: 1, coil: 0, travelTimeUpMs: 5000, travelTimeDownMs: 4000 },
        { name: 'Right window', unit: 1, coil: 2, travelTimeUpMs: 5000, travelTimeDownMs: 4500 },
        { name: 'Study', unit: 1, coil: 4, travelTimeUpMs: 4000, travelTimeDownMs: 4000 },
        // Its settings say 6 s each way; the motor really takes 4.5 s up and 4 s down.
        { name: 'Hall', unit: 2, coil: 0, travelTimeUpMs: 4500, travelTimeDownMs: 4000 },
      ],
      { deadTimeMs: 300 },
    )
    await setBlind(rig.t, rig.ids[LEFT]!, { room: 'Living room' })
    await setBlind(rig.t, rig.ids[RIGHT]!, { room: 'Living room' })
    await setBlind(rig.t, rig.ids[STUDY]!, { room: 'Study' })
    await setBlind(rig.t, rig.ids[HALL]!, { travelTimeUpMs: 6000, travelTimeDownMs: 6000 })
    browser = await launchBrowser()
    ;({ page, requests } = await openPage(browser))
    await logIn(page, rig.t.url, 'admin', ADMIN_PASSWORD)
    await openMenu(page, 'Blinds')
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await rig?.close()
  })

  const settled = () => waitFor('every blind at rest', () => rig.settled(), 30_000, 100)

  it('takes a blind to the position chosen on its slider, by keyboard', async () => {
    const slider = page.getByRole('slider', { name: 'Position of Left window' })
    // Not known yet: the hub has never moved it.
    expect(await slider.getAttribute('aria-valuetext')).toBe('Position unknown')
    await slider.focus()
    await page.keyboard.press('Home')
    for (let i = 0; i < 40; i++) await page.keyboard.press('ArrowRight')
    expect(await slider.getAttribute('aria-valuetext')).toBe('40\u00a0% open')
    // One command once the keys rest: down to the end stop first (the position was not
    // known), then up to 40.
    await page.getByText('Moving down').first().waitFor({ timeout: 5000 })
    await settled()
    const truth = rig.truthOf(LEFT).position
    expect(Math.abs(truth - 40), `the motor stands at ${truth.toFixed(1)}`).toBeLessThanOrEqual(
      TOLERANCE,
    )
    const card = page.getByRole('listitem').filter({ hasText: 'Left window' })
    await card
      .locator('.blind-state')
      .getByText(/^(39|40|41)\u00a0% open$/)
      .waitFor()
    expect(await rig.stateOf(rig.ids[RIGHT]!)).toMatchObject({ position: null, motion: 'IDLE' })
  })

  it('takes a blind to a preset, the motor within a few points of it', async () => {
    await page.getByRole('button', { name: 'Left window: 75\u00a0% open' }).click()
    await page.getByText('Moving up').first().waitFor({ timeout: 5000 })
    await settled()
    const truth = rig.truthOf(LEFT).position
    expect(Math.abs(truth - 75), `the motor stands at ${truth.toFixed(1)}`).toBeLessThanOrEqual(
      TOLERANCE,
    )
  })

  it('lowers every blind of a room with the room’s Down, and no other blind', async () => {
    const before = rig.board.emulator.record.length
    await page.getByRole('button', { name: 'Down all blinds in Living room' }).click()
    await expect
      .poll(() => [rig.board.emulator.coil(1, 1), rig.board.emulator.coil(1, 3)], {
        timeout: 5000,
      })
      .toEqual([true, true])
    const switched = rig.board.emulator.record.slice(before).filter((c) => c.on)
    expect(new Set(switched.map((c) => `${c.unit}:${c.coil}`))).toEqual(new Set(['1:1', '1:3']))
    // Both cards say so, live.
    for (const name of ['Left window', 'Right window']) {
      const card = page.getByRole('listitem').filter({ hasText: name })
      await card.getByText('Moving down').waitFor()
    }
    await settled()
    expect(rig.truthOf(LEFT).position).toBe(0)
    expect(rig.truthOf(RIGHT).position).toBe(0)
    expect(rig.truthOf(STUDY).position).toBe(100)
    expect(rig.board.emulator.coil(1, 5)).toBe(false)
  })

  it('calibrates a blind: saves the up and down times the person measured', async () => {
    await page.getByRole('button', { name: 'Calibrate Hall' }).click()
    const dialog = page.getByRole('dialog', { name: 'Calibrate Hall' })
    expect(await seriousViolations(page)).toEqual([])
    const press = (name: string) => dialog.getByRole('button', { name, exact: true }).click()

    await press('Run it down')
    await waitFor('the hall down', async () => rig.truthOf(HALL).position === 0, 10_000, 50)
    await press('It is down')

    await dialog.getByText('Step 2 of 3: time the way up').waitFor()
    let started = Date.now()
    await press('Run it up')
    await waitFor('the hall up', async () => rig.truthOf(HALL).position === 100, 10_000, 50)
    let elapsed = Date.now() - started
    await press('It has arrived')

    await dialog.getByText('Step 3 of 3: time the way down').waitFor()
    const up = elapsed
    started = Date.now()
    await press('Run it down')
    await waitFor('the hall down', async () => rig.truthOf(HALL).position === 0, 10_000, 50)
    elapsed = Date.now() - started
    await press('It has arrived')
    const down = elapsed

    await dialog.getByText('Done: both ways timed').waitFor()
    await press('Save')
    await dialog.waitFor({ state: 'detached' })
    const saved = await blindSettings(rig.t, rig.ids[HALL]!)
    // What the person saw take, to within the clicks' own delay; and no less than the motor.
    expect(
      Math.abs(saved.travelTimeUpMs - up),
      `up ${saved.travelTimeUpMs} ms, seen ${up} ms`,
    ).toBeLessThan(700)
    expect(
      Math.abs(saved.travelTimeDownMs - down),
      `down ${saved.travelTimeDownMs} ms, seen ${down} ms`,
    ).toBeLessThan(700)
    expect(saved.travelTimeUpMs).toBeGreaterThanOrEqual(4400)
    expect(saved.travelTimeDownMs).toBeGreaterThanOrEqual(3900)
    // Everything else kept.
    expect(saved).toMatchObject({ name: 'Hall', blindAddressUp: '2:0', blindAddressDown: '2:1' })
    // The card says it is closed, as calibration left it at the bottom.
    const card = page.getByRole('listitem').filter({ hasText: 'Hall' })
    await card.locator('.blind-state').getByText('Closed', { exact: true }).waitFor()
  })

  it('calibrates by keyboard with focus kept in the dialog, and Escape while the motor runs stops it', async () => {
    await settled()
    const moves: unknown[] = []
    page.on('request', (r) => {
      const body = r.postDataJSON() as { operationName?: string; variables?: unknown } | null
      if (body?.operationName === 'blindMove') moves.push(body.variables)
    })
    // Scripts that run in the page are strings: the tests' TypeScript has no DOM.
    const focusInDialog = () =>
      page.evaluate(`document.activeElement?.closest('[role="dialog"]') != null`)
    const focusedText = () => page.evaluate(`document.activeElement?.textContent?.trim()`)
    const focusedLabel = () => page.evaluate(`document.activeElement?.getAttribute('aria-label')`)
    const opener = page.getByRole('button', { name: 'Calibrate Study' })
    await opener.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Calibrate Study' })
    await dialog.waitFor()
    expect(await focusInDialog()).toBe(true)
    await dialog.getByRole('button', { name: 'Run it down', exact: true }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => rig.board.emulator.coil(1, 5), { timeout: 5000 }).toBe(true)
    await dialog.getByRole('button', { name: 'It is down', exact: true }).waitFor()
    // Focus stayed on the step's button while its request ran, so Enter and Escape still work.
    expect(await focusInDialog()).toBe(true)
    expect(await focusedText()).toBe('It is down')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    // A plain STOP, not the calibration's "arrived": the motor stops where it is.
    await expect.poll(() => rig.board.emulator.coil(1, 5), { timeout: 5000 }).toBe(false)
    expect(moves).toContainEqual({ ids: [rig.ids[STUDY]], direction: 'STOP' })
    expect(await focusedLabel()).toBe('Calibrate Study')
  })

  it('passes axe on the Blinds page, with rooms, positions and sliders', async () => {
    expect(await seriousViolations(page)).toEqual([])
  })

  it('sent no request to any host but the hub', () => {
    expect(foreignRequests(requests, rig.t.url)).toEqual([])
  })
})
