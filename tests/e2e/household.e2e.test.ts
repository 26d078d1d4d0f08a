// A household's first evening with Lamella, in Debian's Chromium against the real hub, whose
// bus is a pseudo-terminal pair with the relay-board emulator on the other end: the admin
// adds a blind and moves it, builds an automation and runs it, marks it a favourite, and
// makes an account for someone who may only move one blind.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_PASSWORD, createBlind, type TestHub } from '../helpers/hub'
import type { Board } from '../helpers/pty'
import { startHubOnWire, type HubOnWire } from '../helpers/hub-on-wire'
import { foreignRequests, launchBrowser, logIn, openMenu, openPage, screenshot } from './browser'

describe('a household sets up Lamella in the browser', () => {
  let board: Board
  let t: TestHub
  let browser: Browser
  let page: Page
  let requests: string[]

  let rig: HubOnWire | undefined
  beforeAll(async () => {
    rig = await startHubOnWire({ deadTimeMs: 1000 })
    ;({ board, t } = rig)
    browser = await launchBrowser()
    ;({ page, requests } = await openPage(browser))
    await logIn(page, t.url, 'admin', ADMIN_PASSWORD)
  })
  afterAll(async () => {
    await browser?.close()
    await rig?.close()
  })

  it('creates a blind in the form and moves it: the board switches its up relay on', async () => {
    await openMenu(page, 'Blinds')
    await page.getByRole('button', { name: 'Add blind' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Name').fill('Living room')
    await dialog.getByLabel('Up address').fill('1:0')
    await dialog.getByLabel('Down address').fill('1:0')
    await dialog.getByLabel('Travel time up (seconds)').fill('20')
    await dialog.getByLabel('Travel time down (seconds)').fill('18')
    await dialog.getByRole('button', { name: 'Save' }).click()
    // The same address twice is refused at the field, before anything is sent.
    await expect.poll(() => dialog.getByText(/must differ/i).count()).toBeGreaterThan(0)
    await dialog.getByLabel('Down address').fill('1:1')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.waitFor({ state: 'detached' })
    await screenshot(page, 'blinds-desktop')

    expect(board.emulator.coil(1, 0)).toBe(false)
    await page.getByRole('button', { name: 'Up Living room' }).click()
    await expect.poll(() => board.emulator.coil(1, 0), { timeout: 5000 }).toBe(true)
    expect(board.emulator.coil(1, 1)).toBe(false)
    // The motion comes back over socket.io.
    await page.getByText('Moving up').first().waitFor()
    await page.getByRole('button', { name: 'Stop Living room' }).click()
    await expect.poll(() => board.emulator.coil(1, 0), { timeout: 5000 }).toBe(false)
    await page.getByText('Moving up').first().waitFor({ state: 'detached' })
  })

  it('builds a two-scene automation in the editor and runs it on the board', async () => {
    await openMenu(page, 'Automation')
    await page.getByRole('link', { name: 'New automation' }).click()
    await page.getByLabel('Name', { exact: true }).fill('Evening')
    await page.getByLabel('Scene name').first().fill('Close')
    // A timed scene, as a position scene has no duration.
    await page.getByLabel('Type').first().selectOption('BLIND_CONTROL')
    await page.getByLabel('Duration (seconds)').first().fill('1.5')
    await page.getByLabel('Living room down').first().check()
    await page.getByRole('button', { name: 'Add scene' }).click()
    await page.getByLabel('Scene name').nth(1).fill('Wait')
    await page.getByLabel('Type').nth(1).selectOption('DELAY')
    await page.getByLabel('Duration (seconds)').nth(1).fill('0.5')
    await screenshot(page, 'automation-editor-desktop')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.waitForURL(/\/automation\/[0-9a-f-]{36}$/)

    const list = await t.gql<{ automationList: { name: string; scene: { duration: number }[] }[] }>(
      '{ automationList { name scene { duration } } }',
      {},
      t.adminToken,
    )
    expect(list.data?.automationList).toEqual([
      { name: 'Evening', scene: [{ duration: 1500 }, { duration: 500 }] },
    ])

    const before = board.emulator.record.length
    await page.getByRole('button', { name: 'Run now' }).click()
    await expect
      .poll(() => board.emulator.record.slice(before).some((c) => c.coil === 1 && c.on), {
        timeout: 5000,
      })
      .toBe(true)
    // The run history shows the run finishing, pushed live.
    await page
      .getByText(/succeeded/i)
      .first()
      .waitFor({ timeout: 10_000 })
  })

  it('marks the automation a favourite and finds it on Home, where one tap runs it', async () => {
    await openMenu(page, 'Automation')
    const star = page.getByRole('button', { name: 'Favourite Evening' })
    await star.click()
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true')
    await openMenu(page, 'Home')
    await page.getByRole('button', { name: 'Run Evening' }).waitFor()
    await screenshot(page, 'home-desktop')
  })

  it('makes an account that sees one blind and no Users menu', async () => {
    const studyId = await createBlind(t, 'Study', '2:0', '2:1', 5000)
    expect(studyId).toBeTruthy()
    await openMenu(page, 'Users')
    await page.getByRole('button', { name: 'Add user' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Username').fill('kim')
    await dialog.getByLabel('Password').fill('kims-password')
    await dialog.getByLabel('Living room').check()
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByText('kim', { exact: true }).waitFor()

    const kim = await openPage(browser)
    await logIn(kim.page, t.url, 'kim', 'kims-password')
    const menu = kim.page.getByRole('navigation', { name: 'Main menu' })
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Home', 'Blinds', 'Automation'])
    await openMenu(kim.page, 'Blinds')
    await kim.page.getByRole('button', { name: 'Up Living room' }).waitFor()
    expect(await kim.page.getByRole('button', { name: 'Up Study' }).count()).toBe(0)
    // /users is not registered for kim: the route's error screen, not the admin page.
    await kim.page.goto(`${t.url}/users`)
    await kim.page.getByText('Admins only').waitFor()
    expect(await kim.page.getByRole('button', { name: 'Add user' }).count()).toBe(0)
    expect(foreignRequests(kim.requests, t.url)).toEqual([])
    await kim.page.context().close()
  })

  it('keeps two open browsers in step: a rename in one shows in the other', async () => {
    const other = await openPage(browser)
    await logIn(other.page, t.url, 'admin', ADMIN_PASSWORD)
    await openMenu(other.page, 'Blinds')
    await other.page.getByRole('button', { name: 'Up Study' }).waitFor()

    await openMenu(page, 'Blinds')
    await page.getByRole('button', { name: 'Edit Study' }).click()
    await page.getByRole('dialog').getByLabel('Name').fill('Home office')
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click()
    await other.page.getByRole('button', { name: 'Up Home office' }).waitFor({ timeout: 10_000 })
    await other.page.context().close()
  })

  it('sent no request to any host but the hub', () => {
    expect(requests.length).toBeGreaterThan(10)
    expect(foreignRequests(requests, t.url)).toEqual([])
  })
})
