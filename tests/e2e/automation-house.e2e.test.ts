// Issue 19's automation screens in Debian's Chromium against the real hub (TZ Europe/Berlin):
// schedules in holiday mode say they rest and when they would run; a run in progress counts
// down from the hub's estimate; "Run now" with unsaved changes asks; the phone editor keeps
// its scene types and chips whole. Each screen is taken at 375x812 and 1280x800, light and
// dark, into build/e2e-screenshots/; axe finds nothing serious, and nothing leaves the hub.
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../bus/polling'
import { startHub, type TestHub } from '../helpers/hub'
import { seriousViolations } from './axe'
import { foreignRequests, launchBrowser, SCREENSHOTS, screenshot } from './browser'
import {
  BERLIN,
  createAutomation,
  createBlind,
  gql,
  OVERFLOW_X,
  openApp,
  PHONE,
  VARIANTS,
} from './e2e-app'
import { TAP_TARGETS_TOO_SMALL } from './positions-helpers'

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
      for (const name of ['Morning', 'Dusk']) {
        const row = list.locator('li', { has: page.getByRole('link', { name, exact: true }) })
        expect(await row.textContent()).not.toMatch(/Never run|Next run/)
      }
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
