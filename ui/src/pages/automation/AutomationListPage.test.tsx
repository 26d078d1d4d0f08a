// The automation list: rows by name with trigger, next and last run; favourites shown at
// once; running from the list with the hub's answer as a toast.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { AutomationSummary } from '../../api/types'
import { HubErrorAnswer, renderWithHub, setUpHubTests } from '../../test-support/hub-stub'
import { automation, AutomationRoutes, run, stubAutomationHub } from './test-fixtures'

setUpHubTests()

function summary(overrides: Partial<AutomationSummary>): AutomationSummary {
  const { scene, ...rest } = automation()
  return { ...rest, scene: scene.map(({ id, duration }) => ({ id, duration })), ...overrides }
}

const MORNING = summary({})
const DUSK = summary({
  id: 'a-dusk',
  name: 'dusk',
  trigger: { type: 'SUN', cron: null, sunEvent: 'SUNSET', offsetMinutes: 15, enabled: false },
  nextRunAt: null,
  lastRun: run({ status: 'FAILED', error: 'The relay bus is offline: timeout' }),
})
const AWAY = summary({
  id: 'a-away',
  name: 'Away',
  trigger: { type: 'MANUAL', cron: null, sunEvent: null, offsetMinutes: 0, enabled: true },
  nextRunAt: null,
})

describe('the automation list', () => {
  it('lists automations by name, with their trigger, next run and last run', async () => {
    stubAutomationHub({ automationList: [MORNING, DUSK, AWAY] })
    renderWithHub(<AutomationRoutes />, { path: '/automation' })

    expect(screen.getByRole('heading', { level: 1, name: 'Automation' })).toBeTruthy()
    const list = await screen.findByRole('list', { name: 'Automations' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows.map((r) => within(r).getAllByRole('link')[0]?.textContent)).toEqual([
      'Away',
      'dusk',
      'Morning',
    ])
    expect(within(rows[2]!).getByRole('link', { name: 'Morning' }).getAttribute('href')).toBe(
      '/automation/a-morning',
    )
    expect(rows[0]?.textContent).toContain('Manual')
    expect(rows[1]?.textContent).toContain('Sunset +15 min')
    expect(rows[1]?.textContent).toContain('Disabled')
    expect(rows[1]?.querySelector('.chip-failed')?.getAttribute('title')).toBe(
      'The relay bus is offline: timeout',
    )
    expect(rows[2]?.textContent).toMatch(/At 07:00( AM)?, Monday through Friday/)
    expect(rows[2]?.querySelector('time')?.getAttribute('datetime')).toBe(MORNING.nextRunAt)
    expect(screen.getByRole('link', { name: 'New automation' }).getAttribute('href')).toBe(
      '/automation/create',
    )
  })

  it('says a schedule rests in holiday mode and when it would run, instead of dropping it', async () => {
    const paused = summary({
      nextRunAt: null,
      wouldRunAt: '2025-03-13T06:00:00.000Z',
      schedulePause: 'HOLIDAY',
    })
    stubAutomationHub({ automationList: [paused] })
    renderWithHub(<AutomationRoutes />, { path: '/automation' })

    const row = (await screen.findByRole('link', { name: 'Morning' })).closest('li')!
    expect(row.querySelector('.schedule-paused')?.textContent).toMatch(
      /^Paused: holiday mode · would run .*\d\d:00/,
    )
    expect(row.querySelector('.schedule-paused time')?.getAttribute('datetime')).toBe(
      '2025-03-13T06:00:00.000Z',
    )
    expect(row.textContent).not.toMatch(/Next run|Never run/)
  })

  it('says a schedule rests while the hub’s clock is not set', async () => {
    stubAutomationHub({
      automationList: [summary({ nextRunAt: null, wouldRunAt: null, schedulePause: 'CLOCK' })],
    })
    renderWithHub(<AutomationRoutes />, { path: '/automation' })
    const row = (await screen.findByRole('link', { name: 'Morning' })).closest('li')!
    expect(row.querySelector('.schedule-paused')?.textContent).toBe(
      'Paused until the hub’s clock is set',
    )
    expect(row.textContent).not.toMatch(/Never run/)
  })

  it('counts a running run down to the end the hub expects, not its scenes’ full length', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2025-03-12T06:00:01.000Z') })
    try {
      const running = summary({
        // A POSITION scene: a full run of its 60 s blind is the most it could take.
        scene: [{ id: 's-1', duration: 62_000 }],
        lastRun: run({
          status: 'RUNNING',
          startedAt: '2025-03-12T06:00:00.000Z',
          finishedAt: null,
          sceneIndex: 0,
          // The hub knows the blind has 20 points to go: 12 s.
          estimatedEndAt: '2025-03-12T06:00:12.000Z',
        }),
      })
      stubAutomationHub({ automationList: [running] })
      renderWithHub(<AutomationRoutes />, { path: '/automation' })
      const row = (await screen.findByRole('link', { name: 'Morning' })).closest('li')!
      await waitFor(() => expect(row.querySelector('.time-left')?.textContent).toBe('11 s left'))
    } finally {
      vi.useRealTimers()
    }
  })

  it('marks a favourite at once and tells the hub', async () => {
    let answer: () => void = () => {}
    const hub = stubAutomationHub({
      automationList: [MORNING],
      setFavoriteAutomation: () =>
        new Promise<boolean>((resolve) => (answer = () => resolve(true))),
    })
    const user = userEvent.setup()
    renderWithHub(<AutomationRoutes />, { path: '/automation' })

    const star = await screen.findByRole('button', { name: 'Favourite Morning' })
    expect(star.getAttribute('aria-pressed')).toBe('false')
    await user.click(star)
    // Pressed before the hub has answered.
    expect(star.getAttribute('aria-pressed')).toBe('true')
    expect(hub.variablesOf('setFavoriteAutomation')).toEqual([{ id: 'a-morning' }])
    answer()
    // Once the hub has answered, the list is fetched again to show what the hub now holds.
    await waitFor(() => expect(hub.variablesOf('automationList')).toHaveLength(2))
  })

  it('takes the favourite back when the hub refuses it', async () => {
    stubAutomationHub({
      automationList: [MORNING],
      setFavoriteAutomation: new HubErrorAnswer('Automation a-morning does not exist', 404),
    })
    const user = userEvent.setup()
    renderWithHub(<AutomationRoutes />, { path: '/automation' })

    const star = await screen.findByRole('button', { name: 'Favourite Morning' })
    await user.click(star)
    expect(await screen.findByText('Automation a-morning does not exist')).toBeTruthy()
    await waitFor(() => expect(star.getAttribute('aria-pressed')).toBe('false'))
  })

  it('runs an automation with a toast, and shows the hub’s message when it already runs', async () => {
    let running = false
    const hub = stubAutomationHub({
      automationList: [MORNING],
      automationRun: () => {
        if (running) {
          return new HubErrorAnswer(
            'This automation is already running (run run-1); cancel it first',
            409,
          )
        }
        running = true
        return run({ status: 'RUNNING', finishedAt: null })
      },
    })
    const user = userEvent.setup()
    renderWithHub(<AutomationRoutes />, { path: '/automation' })

    await user.click(await screen.findByRole('button', { name: 'Run Morning' }))
    expect(await screen.findByText('Started Morning')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Run Morning' }))
    expect(
      await screen.findByText('This automation is already running (run run-1); cancel it first'),
    ).toBeTruthy()
    expect(hub.variablesOf('automationRun')).toEqual([{ id: 'a-morning' }, { id: 'a-morning' }])
  })

  it('says once that an automation is running, with the time it has left', async () => {
    const startedAt = new Date(Date.now() - 30 * 60_000).toISOString()
    const lunch = summary({
      id: 'a-lunch',
      name: 'Lunch',
      scene: [
        { id: 's-1', duration: 1000 },
        { id: 's-2', duration: 60 * 60_000 - 1000 },
      ],
      lastRun: run({ automationId: 'a-lunch', status: 'RUNNING', startedAt, finishedAt: null }),
    })
    stubAutomationHub({ automationList: [lunch] })
    renderWithHub(<AutomationRoutes />, { path: '/automation' })

    const row = (await screen.findByRole('link', { name: 'Lunch' })).closest('li')!
    expect(row.querySelector('.last-run')?.textContent).toBe('Running30 min left')
    expect(row.textContent?.match(/running/gi)).toHaveLength(1)
  })

  it('says so when there are no automations yet', async () => {
    stubAutomationHub({ automationList: [] })
    renderWithHub(<AutomationRoutes />, { path: '/automation' })
    expect(await screen.findByRole('heading', { name: 'No automations yet' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Create your first automation' })).toBeTruthy()
  })
})
