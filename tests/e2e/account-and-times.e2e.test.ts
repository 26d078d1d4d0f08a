// Issue 10 in Debian's Chromium against the real hub (TZ Europe/Berlin): times shown in the
// hub's zone to a browser elsewhere, a regular user changing their own password from the
// account menu, and edits to an automation that are not lost unasked.
import type { Browser, BrowserContextOptions, Dialog, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_PASSWORD, createBlind, startHub, type TestHub } from '../helpers/hub'
import { seriousViolations } from './axe'
import { launchBrowser, logIn, screenshot } from './browser'

const PHONE = { width: 375, height: 812 }
const DESKTOP = { width: 1280, height: 800 }
const HUB_ZONE = 'Europe/Berlin'

async function openWith(browser: Browser, options: BrowserContextOptions): Promise<Page> {
  // en-GB: 24-hour times, so "07:00" reads the same whatever the machine's locale.
  const context = await browser.newContext({ locale: 'en-GB', ...options })
  return context.newPage()
}

/** "07:00" for an ISO time, in the hub's zone. */
const hubClock = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: HUB_ZONE,
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso))

describe('times, one’s own password and unsaved edits in a browser', () => {
  let t: TestHub
  let automationId: string
  let lastRunAt: string
  let browser: Browser
  beforeAll(async () => {
    t = await startHub()
    const kitchen = await createBlind(t, 'Kitchen', '1:0', '1:1', 20000)
    await t.createUser('anna', { blindIds: [kitchen] })
    const created = await t.gql<{ automationCreate: { id: string } }>(
      'mutation($input: AutomationInput!) { automationCreate(input: $input) { id } }',
      {
        input: {
          name: 'Morning',
          trigger: { type: 'CRON', cron: '0 7 * * *' },
          scene: [{ name: 'Open', type: 'DELAY', duration: 100 }],
        },
      },
      t.adminToken,
    )
    automationId = created.data!.automationCreate.id
    await t.gql(
      'mutation($id: ID!) { setFavoriteAutomation(id: $id) }',
      { id: automationId },
      t.adminToken,
    )
    const run = await t.gql<{ automationRun: { startedAt: string } }>(
      'mutation($id: ID!) { automationRun(id: $id) { startedAt } }',
      { id: automationId },
      t.adminToken,
    )
    lastRunAt = run.data!.automationRun.startedAt
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await t?.close()
  })

  it('shows every time in the hub’s zone to a browser in UTC, and says which zone', async () => {
    const page = await openWith(browser, { viewport: DESKTOP, timezoneId: 'UTC' })
    await logIn(page, t.url, 'admin', ADMIN_PASSWORD)
    const note = page.getByText(`Times in ${HUB_ZONE}, the hub's time zone`)

    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor()
    await note.waitFor()
    expect(await page.getByText(/^Next:/).textContent()).toMatch(/ 07:00$/)

    await page.goto(`${t.url}/automation`)
    await note.waitFor()
    const row = page.getByRole('listitem').filter({ hasText: 'Morning' })
    expect(await row.getByText(/^Next run/).textContent()).toMatch(/ 07:00$/)
    expect(await row.locator('.last-run time').textContent()).toContain(hubClock(lastRunAt))
    await screenshot(page, 'times-automation-list-utc-browser')

    await page.goto(`${t.url}/automation/${automationId}`)
    await note.waitFor()
    const status = page.locator('.run-panel')
    expect(await status.locator('time').first().textContent()).toMatch(/ 07:00$/)
    expect(await status.locator('time').nth(1).textContent()).toContain(hubClock(lastRunAt))
    const history = page.getByRole('list', { name: 'Runs, newest first' })
    expect(await history.locator('time').first().textContent()).toContain(hubClock(lastRunAt))
    // The trigger's own words agree with the next run.
    expect(await status.getByText(/^At 07:00/).count()).toBe(1)
    await screenshot(page, 'times-editor-utc-browser')
    await page.context().close()
  })

  it('says nothing about zones to a browser in the hub’s own zone', async () => {
    const page = await openWith(browser, { viewport: PHONE, timezoneId: HUB_ZONE })
    await logIn(page, t.url, 'admin', ADMIN_PASSWORD)
    await page.goto(`${t.url}/automation`)
    const row = page.getByRole('listitem').filter({ hasText: 'Morning' })
    expect(await row.getByText(/^Next run/).textContent()).toMatch(/ 07:00$/)
    expect(await page.getByText(/^Times in/).count()).toBe(0)
    await page.context().close()
  })

  it('lets a regular user change their own password, refusing a wrong current one', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await openWith(browser, { viewport: PHONE, colorScheme })
      const before = colorScheme === 'light' ? 'anna-password' : 'anna-new-password'
      const after = colorScheme === 'light' ? 'anna-new-password' : 'anna-newer-password'
      await logIn(page, t.url, 'anna', before)
      await page.getByRole('button', { name: 'Account: anna' }).click()
      await page.getByRole('button', { name: 'Change password' }).click()
      const dialog = page.getByRole('dialog', { name: 'Change password' })
      await dialog.getByLabel('Current password').fill('not-my-password')
      await dialog.getByLabel('New password', { exact: true }).fill(after)
      await dialog.getByLabel('New password again').fill(after)
      await dialog.getByRole('button', { name: 'Save' }).click()
      await dialog.getByText('Does not match your password').waitFor({ timeout: 10_000 })
      expect(await seriousViolations(page)).toEqual([])
      await screenshot(page, `account-change-password-phone-${colorScheme}`)

      await dialog.getByLabel('Current password').fill(before)
      await dialog.getByRole('button', { name: 'Save' }).click()
      await page.getByText(/^Password changed/).waitFor({ timeout: 10_000 })
      await dialog.waitFor({ state: 'detached' })
      await screenshot(page, `account-password-changed-phone-${colorScheme}`)

      await page.getByRole('button', { name: 'Account: anna' }).click()
      await page.getByRole('button', { name: 'Log out' }).click()
      await logIn(page, t.url, 'anna', after)
      await page.context().close()
    }
  })

  it('asks before unsaved edits are lost: bottom bar, back button, reload; not after a save', async () => {
    const page = await openWith(browser, { viewport: PHONE })
    const browserQuestions: string[] = []
    page.on('dialog', (dialog: Dialog) => {
      browserQuestions.push(dialog.type())
      void dialog.dismiss()
    })
    await logIn(page, t.url, 'admin', ADMIN_PASSWORD)
    await page.goto(`${t.url}/automation`)
    // Opened by a link, so going back stays in the app (a same-document history step).
    await page.getByRole('link', { name: 'Morning' }).click()
    await page.getByRole('heading', { name: 'Edit Morning' }).waitFor()
    const editor = page.url()
    const question = page.getByRole('alertdialog', { name: 'Leave without saving?' })
    const bottomBar = page.getByRole('navigation', { name: 'Main menu' })

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Mornings')
    await bottomBar.getByRole('link', { name: 'Home' }).click()
    await question.waitFor()
    await screenshot(page, 'unsaved-question-phone')
    await question.getByRole('button', { name: 'Keep editing' }).click()
    expect(page.url()).toBe(editor)

    await page.evaluate('history.back()')
    await question.waitFor()
    expect(page.url()).toBe(editor)
    await question.getByRole('button', { name: 'Keep editing' }).click()
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe(
      'Mornings',
    )

    // The browser's own question: dismissed, so the page and the edit stay.
    await page.reload({ timeout: 3000 }).catch(() => {})
    expect(browserQuestions).toEqual(['beforeunload'])
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe(
      'Mornings',
    )

    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Saved').waitFor()
    await bottomBar.getByRole('link', { name: 'Home' }).click()
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor()
    expect(await question.count()).toBe(0)
    expect(browserQuestions).toEqual(['beforeunload'])
    await page.context().close()
  })

  it('asks before the side menu leaves an edited new automation, and leaves when told', async () => {
    const page = await openWith(browser, { viewport: DESKTOP })
    await logIn(page, t.url, 'admin', ADMIN_PASSWORD)
    await page.goto(`${t.url}/automation/create`)
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Evening')
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Blinds' })
      .click()
    const question = page.getByRole('alertdialog', { name: 'Leave without saving?' })
    await question.waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'unsaved-question-desktop')
    await question.getByRole('button', { name: 'Leave without saving' }).click()
    await page.getByRole('heading', { name: 'Blinds', level: 1 }).waitFor()
    expect(page.url()).toBe(`${t.url}/blinds`)
    await page.context().close()
  })
})
