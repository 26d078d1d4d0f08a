// The pages after a week of use, in Debian's Chromium against the real hub: a bus whose
// adapter is not plugged in, a blind that automations still use, a cron expression the hub
// refuses, a running automation, a username typed in capitals. Each screen is taken on a
// phone and a desktop, light and dark, into build/e2e-screenshots/.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBlind, startHub, type TestHub } from '../helpers/hub'
import { seriousViolations } from './axe'
import { launchBrowser, openPage, screenshot } from './browser'

const PHONE = { width: 375, height: 812 }
const DESKTOP = { width: 1280, height: 800 }
const VARIANTS = [
  { name: 'phone-light', viewport: PHONE, mode: 'light' },
  { name: 'phone-dark', viewport: PHONE, mode: 'dark' },
  { name: 'desktop-light', viewport: DESKTOP, mode: 'light' },
  { name: 'desktop-dark', viewport: DESKTOP, mode: 'dark' },
] as const
const MISSING_ADAPTER = '/dev/ttyUSB-lamella-e2e-not-there'

/** A page already logged in as admin (the token put where the app keeps it), in a colour mode. */
async function openAsAdmin(
  browser: Browser,
  t: TestHub,
  viewport: { width: number; height: number } = PHONE,
  mode: 'light' | 'dark' = 'light',
): Promise<{ page: Page; operations: string[] }> {
  const { page } = await openPage(browser, viewport)
  // Scripts that run in the page are strings: the tests' TypeScript has no DOM.
  const authStore = JSON.stringify(JSON.stringify({ token: t.adminToken }))
  await page
    .context()
    .addInitScript(
      `localStorage.setItem('authStore', ${authStore}); localStorage.setItem('colorMode', '${mode}')`,
    )
  // The GraphQL operations the page sends, by name.
  const operations: string[] = []
  page.on('request', (r) => {
    if (r.url().endsWith('/graphql') && r.method() === 'POST') {
      operations.push(
        (JSON.parse(r.postData() ?? '{}') as { operationName?: string }).operationName ?? '',
      )
    }
  })
  return { page, operations }
}

async function goTo(page: Page, t: TestHub, path: string, heading: string) {
  await page.goto(`${t.url}${path}`)
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
}

/** The text of what the button labelled `name` is aria-describedby. */
async function description(page: Page, name: string): Promise<string> {
  return (await page.evaluate(`(() => {
    const button = document.querySelector('button[aria-label=${JSON.stringify(name)}]')
    return (button.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
  })()`)) as string
}

/**
 * On each trigger card: words drawn on two lines (such a word has two boxes), and a hint
 * more than 6 px below its label.
 */
const TRIGGER_CARD_FAULTS = `[...document.querySelectorAll('.choice')].flatMap((card) => {
  const label = card.querySelector('label')
  const faults = []
  const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const m of node.textContent.matchAll(/\\S+/g)) {
      const range = document.createRange()
      range.setStart(node, m.index)
      range.setEnd(node, m.index + m[0].length)
      if (range.getClientRects().length > 1) faults.push('"' + m[0] + '" broken')
    }
  }
  const gap =
    card.querySelector('.choice-hint').getBoundingClientRect().top -
    label.getBoundingClientRect().bottom
  if (gap > 6) faults.push(label.textContent + ': hint ' + Math.round(gap) + ' px below')
  return faults
})`

/** The values of the scene name fields too narrow to show them whole. */
const CUT_SCENE_NAMES = `[...document.querySelectorAll('input')]
  .filter((input) => input.labels[0]?.textContent === 'Scene name')
  .filter((input) => input.scrollWidth > input.clientWidth)
  .map((input) => input.value)`

async function mutate<T>(t: TestHub, query: string, variables: Record<string, unknown>) {
  const res = await t.gql<T>(query, variables, t.adminToken)
  if (!res.data) throw new Error(JSON.stringify(res.errors))
  return res.data
}

describe('a hub whose RS-485 adapter is not plugged in', () => {
  let t: TestHub
  let browser: Browser
  beforeAll(async () => {
    t = await startHub({ config: { serial: MISSING_ADAPTER } })
    const kitchen = await createBlind(t, 'Kitchen', '1:0', '1:1', 20000)
    await createBlind(t, 'Living room window left', '1:2', '1:3', 20000)
    await mutate(t, 'mutation($id: ID!) { setFavoriteBlind(id: $id) }', { id: kitchen })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await t?.close()
  })

  const sentence = `The USB RS-485 adapter ${MISSING_ADAPTER} is not plugged in, or LAMELLA_SERIAL names the wrong device.`

  it('says so on the Blinds page in words, keeps the raw text in details, and disables moving', async () => {
    const { page, operations } = await openAsAdmin(browser, t)
    await goTo(page, t, '/blinds', 'Blinds')
    await page.getByText(sentence).waitFor()
    await page
      .getByText('The relay bus is offline, so blinds cannot move until it is back.')
      .waitFor()
    const raw = page.getByText(/No such file or directory/)
    expect(await raw.isVisible()).toBe(false)
    await page.getByText('Details', { exact: true }).click()
    expect(await raw.textContent()).toMatch(
      new RegExp(`^cannot open ${MISSING_ADAPTER}: Error: No such file or directory`),
    )
    for (const name of ['Up Kitchen', 'Stop Kitchen', 'Down Living room window left']) {
      expect(await page.getByRole('button', { name, exact: true }).isDisabled()).toBe(true)
      expect(await description(page, name)).toContain(sentence)
    }
    await page.getByRole('button', { name: 'Up Kitchen' }).click({ force: true })
    expect(operations).not.toContain('blindMove')
    expect(await seriousViolations(page)).toEqual([])
    await page.context().close()
  })

  it('disables the favourite blind’s buttons on Home too, saying why', async () => {
    const { page } = await openAsAdmin(browser, t)
    await goTo(page, t, '/', 'Home')
    await page.getByText(sentence).waitFor()
    expect(await page.getByRole('button', { name: 'Up Kitchen' }).isDisabled()).toBe(true)
    expect(await description(page, 'Up Kitchen')).toContain(sentence)
    expect(await seriousViolations(page)).toEqual([])
    await page.context().close()
  })

  it.each(VARIANTS.filter((v) => v.viewport === PHONE))(
    'is shown on Home ($name)',
    async ({ name, viewport, mode }) => {
      const { page } = await openAsAdmin(browser, t, viewport, mode)
      await goTo(page, t, '/', 'Home')
      await page.getByText(sentence).waitFor()
      await screenshot(page, `polish-home-bus-offline-${name}`)
      await page.context().close()
    },
  )

  it.each(VARIANTS)('is shown on the Blinds page ($name)', async ({ name, viewport, mode }) => {
    const { page } = await openAsAdmin(browser, t, viewport, mode)
    await goTo(page, t, '/blinds', 'Blinds')
    await page.getByText(sentence).waitFor()
    await page.getByText('Details', { exact: true }).click()
    await screenshot(page, `polish-blinds-bus-offline-${name}`)
    await page.context().close()
  })
})

describe('the pages of a household at work', () => {
  let t: TestHub
  let browser: Browser
  const ids: Record<string, string> = {}
  const CREATE = 'mutation($input: AutomationInput!) { automationCreate(input: $input) { id } }'
  const move = (name: string, blindAddresses: string[], duration = 20000) => ({
    name,
    type: 'BLIND_CONTROL',
    duration,
    blindAddresses,
  })

  beforeAll(async () => {
    t = await startHub()
    await createBlind(t, 'Kitchen', '1:0', '1:1', 20000)
    await createBlind(t, 'Living room window left', '1:2', '1:3', 20000)
    const add = async (name: string, trigger: object, scene: object[]) => {
      const data = await mutate<{ automationCreate: { id: string } }>(t, CREATE, {
        input: { name, trigger, scene },
      })
      ids[name] = data.automationCreate.id
    }
    await add('Morning', { type: 'CRON', cron: '0 7 * * 1-5' }, [move('Open', ['1:0'])])
    await add('Evening', { type: 'CRON', cron: '30 21 * * *' }, [
      move('Close the kitchen and the living room', ['1:1', '1:3']),
      { name: 'Wait for the dusk to settle', type: 'DELAY', duration: 600000, blindAddresses: [] },
    ])
    await add('Lunch break shade', { type: 'MANUAL' }, [
      move('Shade the living room', ['1:3'], 1000),
      { name: 'Keep it for the lunch hour', type: 'DELAY', duration: 3600000, blindAddresses: [] },
    ])
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await t?.close()
  })

  it('names the automations using a blind in its delete dialog, with links and no Delete', async () => {
    const { page, operations } = await openAsAdmin(browser, t)
    await goTo(page, t, '/blinds', 'Blinds')
    await page.getByRole('button', { name: 'Delete Kitchen' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Kitchen is in use' })
    await dialog.waitFor()
    expect(await dialog.getByText(/^Used by:/).textContent()).toBe(
      'Used by: Evening, Morning — remove it from them first.',
    )
    expect(await dialog.getByRole('button', { name: 'Delete' }).count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByRole('link', { name: 'Morning' }).click()
    await page.waitForURL(`${t.url}/automation/${ids.Morning}`)
    expect(operations).not.toContain('blindDelete')
    await page.context().close()
  })

  it.each(VARIANTS)(
    'shows the delete dialog of a used blind ($name)',
    async ({ name, viewport, mode }) => {
      const { page } = await openAsAdmin(browser, t, viewport, mode)
      await goTo(page, t, '/blinds', 'Blinds')
      await page.getByRole('button', { name: 'Delete Kitchen' }).click()
      await page
        .getByRole('alertdialog', { name: 'Kitchen is in use' })
        .getByText(/^Used by/)
        .waitFor()
      await screenshot(page, `polish-delete-used-blind-${name}`)
      await page.context().close()
    },
  )

  it('says under the cron field why the hub refuses it, before Save, and shows no preview', async () => {
    const { page, operations } = await openAsAdmin(browser, t, DESKTOP)
    await goTo(page, t, '/automation/create', 'New automation')
    await page.getByLabel('Name', { exact: true }).fill('Leap day')
    await page.getByLabel('Schedule (cron)').check()
    const cron = page.getByLabel('Cron expression')
    await cron.fill('0 7 31 2 *')
    const error = 'Never fires: day 31 never comes in February'
    await page.getByText(error).waitFor()
    expect(await page.getByText(/only in February/).count()).toBe(0)
    await page.getByRole('checkbox', { name: 'Kitchen', exact: true }).first().check()
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Fix the marked fields').waitFor()
    expect(await page.getByText(error).count()).toBe(1)
    expect(operations).not.toContain('automationCreate')
    expect(await seriousViolations(page)).toEqual([])
    await page.context().close()
  })

  it.each(VARIANTS)(
    'shows the cron error in the editor ($name)',
    async ({ name, viewport, mode }) => {
      const { page } = await openAsAdmin(browser, t, viewport, mode)
      await goTo(page, t, '/automation/create', 'New automation')
      await page.getByLabel('Schedule (cron)').check()
      await page.getByLabel('Cron expression').fill('0 7 31 2 *')
      await page.getByText('Never fires: day 31 never comes in February').waitFor()
      await page
        .getByText('Never fires: day 31 never comes in February')
        .evaluate((el) => el.scrollIntoView({ block: 'center' }))
      await screenshot(page, `polish-cron-error-${name}`)
      await page.context().close()
    },
  )

  it('says once in the list that an automation is running, with the time left', async () => {
    await mutate(t, 'mutation($id: ID!) { automationRun(id: $id) { id } }', {
      id: ids['Lunch break shade'],
    })
    const { page } = await openAsAdmin(browser, t, DESKTOP)
    await goTo(page, t, '/automation', 'Automation')
    const row = page.getByRole('listitem').filter({ hasText: 'Lunch break shade' })
    await row.getByText(/left$/).waitFor()
    const text = (await row.textContent()) ?? ''
    expect(text.match(/running/gi)).toHaveLength(1)
    // 1 s and 60 min of scenes, just started.
    expect(text).toMatch(/Running1 h( 1 min)? left/)
    expect(await seriousViolations(page)).toEqual([])
    await page.context().close()
  })

  it.each(VARIANTS)(
    'shows the automation list with a running automation ($name)',
    async ({ name, viewport, mode }) => {
      const { page } = await openAsAdmin(browser, t, viewport, mode)
      await goTo(page, t, '/automation', 'Automation')
      await page.getByText(/left$/).first().waitFor()
      await screenshot(page, `polish-automation-list-running-${name}`)
      await page.context().close()
    },
  )

  it('takes a username typed with capitals in lower case, saying so under the field', async () => {
    const { page } = await openAsAdmin(browser, t, PHONE)
    await goTo(page, t, '/users', 'Users')
    await page.getByRole('button', { name: 'Add user' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add user' })
    await dialog.getByLabel('Username').fill('Robin')
    await dialog.getByText('Usernames are lower case: this one is saved as robin.').waitFor()
    await screenshot(page, 'polish-username-lowered-phone-light')
    await dialog.getByLabel('Password').fill('robins-password')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByText('robin', { exact: true }).waitFor()
    expect(await t.login('ROBIN', 'robins-password')).toBeTruthy()
    await page.context().close()
  })

  it('keeps each trigger card’s words whole and its hint right under its label', async () => {
    const faults: string[] = []
    for (const width of [375, 700, 1000, 1200, 1280]) {
      const { page } = await openAsAdmin(browser, t, { width, height: 800 })
      await goTo(page, t, `/automation/${ids.Evening}`, 'Edit Evening')
      const found = (await page.evaluate(TRIGGER_CARD_FAULTS)) as string[]
      faults.push(...found.map((fault) => `${width}px: ${fault}`))
      await page.context().close()
    }
    expect(faults).toEqual([])
  })

  it('shows a scene’s name whole on a desktop', async () => {
    for (const width of [1200, 1280]) {
      const { page } = await openAsAdmin(browser, t, { width, height: 800 })
      await goTo(page, t, `/automation/${ids.Evening}`, 'Edit Evening')
      const names = page.getByLabel('Scene name')
      await names.first().waitFor()
      const cut = await page.evaluate(CUT_SCENE_NAMES)
      expect(cut, `at ${width}px`).toEqual([])
      await page.context().close()
    }
  })

  it.each(VARIANTS)(
    'shows the editor of an automation with long scene names ($name)',
    async ({ name, viewport, mode }) => {
      const { page } = await openAsAdmin(browser, t, viewport, mode)
      await goTo(page, t, `/automation/${ids.Evening}`, 'Edit Evening')
      await page.getByLabel('Scene name').first().waitFor()
      await screenshot(page, `polish-automation-editor-${name}`)
      await page.context().close()
    },
  )
})
