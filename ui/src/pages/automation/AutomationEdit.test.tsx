// The editor for an existing automation: its saved scenes (addresses of no blind kept in
// view), saving, running and cancelling, the run history, delete, and an unknown id.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { HubErrorAnswer, renderWithHub, setUpHubTests } from '../../test-support/hub-stub'
import { automation, AutomationRoutes, run, scene, stubAutomationHub } from './test-fixtures'

setUpHubTests()

describe('the automation editor for a saved automation', () => {
  it('shows the saved scenes in seconds, keeps an unknown address, and saves', async () => {
    const [move, pause] = automation().scene
    const saved = automation({
      scene: [
        { ...move!, blindAddresses: ['1:0', '3:7'] },
        { ...pause!, duration: 500 },
      ],
    })
    const hub = stubAutomationHub({
      automation: saved,
      automationUpdate: { id: saved.id, name: 'Morning' },
    })
    const user = userEvent.setup()
    renderWithHub(<AutomationRoutes />, { path: '/automation/a-morning' })

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Morning' })).toBeTruthy()
    const first = scene(1)
    expect((within(first).getByLabelText('Duration (seconds)') as HTMLInputElement).value).toBe(
      '30',
    )
    expect((within(scene(2)).getByLabelText('Duration (seconds)') as HTMLInputElement).value).toBe(
      '0.5',
    )
    expect(
      (await within(first).findByLabelText('Living room up')) as HTMLInputElement,
    ).toHaveProperty('checked', true)
    const unknown = within(first).getByLabelText('Unknown address 3:7') as HTMLInputElement
    expect(unknown.checked).toBe(true)

    await user.click(unknown)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('Saved')
    expect(hub.variablesOf('automationUpdate')).toEqual([
      {
        id: 'a-morning',
        input: {
          name: 'Morning',
          trigger: {
            type: 'CRON',
            cron: '0 7 * * 1-5',
            sunEvent: null,
            offsetMinutes: 0,
            enabled: true,
          },
          scene: [
            { name: 'Open', type: 'BLIND_CONTROL', duration: 30000, blindAddresses: ['1:0'] },
            { name: 'Wait', type: 'DELAY', duration: 500, blindAddresses: [] },
          ],
        },
      },
    ])
  })

  it('says in its status that holiday mode pauses the schedule, and when it would run', async () => {
    stubAutomationHub({
      automation: automation({
        nextRunAt: null,
        wouldRunAt: '2025-03-13T06:00:00.000Z',
        schedulePause: 'HOLIDAY',
      }),
    })
    renderWithHub(<AutomationRoutes />, { path: '/automation/a-morning' })
    const status = await screen.findByRole('region', { name: 'Status' })
    await waitFor(() => expect(within(status).queryByText(/Paused: holiday mode/)).toBeTruthy())
    const nextRun = within(status).getByText('Next run').nextElementSibling!
    expect(nextRun.textContent).toMatch(/^Paused: holiday mode · would run .*\d\d:00/)
    expect(status.textContent).not.toMatch(/Not scheduled/)
  })

  it('runs now, and while a run is under way offers to cancel it', async () => {
    let lastRun: ReturnType<typeof run> | null = null
    const hub = stubAutomationHub({
      automation: () => automation({ lastRun }),
      automationRun: () => {
        lastRun = run({ id: 'run-7', status: 'RUNNING', finishedAt: null, sceneIndex: 0 })
        return lastRun
      },
      automationCancel: () => {
        lastRun = run({ id: 'run-7', status: 'CANCELLED' })
        return lastRun
      },
    })
    const user = userEvent.setup()
    renderWithHub(<AutomationRoutes />, { path: '/automation/a-morning' })

    await user.click(await screen.findByRole('button', { name: 'Run now' }))
    expect(await screen.findByText('Started Morning')).toBeTruthy()
    const cancel = await screen.findByRole('button', { name: 'Cancel run' })
    expect(screen.getByRole('button', { name: 'Run now' })).toHaveProperty('disabled', true)

    await user.click(cancel)
    expect(await screen.findByText('Cancelled Morning')).toBeTruthy()
    expect(hub.variablesOf('automationCancel')).toEqual([{ runId: 'run-7' }])
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel run' })).toBeNull())
  })

  it('lists the run history with status, source, duration, step and error', async () => {
    stubAutomationHub({
      automation: automation(),
      automationRuns: [
        // Started 11.5 s ago: of its 31.5 s (30 s and 1.5 s scenes), 20 s are left.
        run({
          id: 'r-3',
          status: 'RUNNING',
          startedAt: new Date(Date.now() - 11_500).toISOString(),
          finishedAt: null,
          sceneIndex: 0,
          source: 'cron',
        }),
        run({ id: 'r-2', status: 'FAILED', error: 'The relay bus is offline: timeout' }),
        run({ id: 'r-1', status: 'SUCCEEDED', source: 'sun' }),
      ],
    })
    renderWithHub(<AutomationRoutes />, { path: '/automation/a-morning' })

    const history = await screen.findByRole('list', { name: 'Runs, newest first' })
    const rows = within(history).getAllByRole('listitem')
    expect(rows.map((r) => r.querySelector('.chip')?.firstChild?.textContent)).toEqual([
      'Running',
      'Failed',
      'Succeeded',
    ])
    expect(rows[0]?.textContent).toContain('Schedule')
    // The chip says it runs; the line says how long it has left, not "running" again.
    expect(rows[0]?.textContent).toMatch(/(19|20) s left/)
    expect(rows[0]?.textContent?.match(/running/gi)).toHaveLength(1)
    expect(rows[0]?.textContent).toContain('step 1 of 2')
    expect(rows[1]?.textContent).toContain('The relay bus is offline: timeout')
    expect(rows[2]?.textContent).toContain('32 s')
    expect(rows[2]?.textContent).toContain('step 2 of 2')
  })

  it('deletes after asking, then returns to the list', async () => {
    const hub = stubAutomationHub({ automation: automation(), automationDelete: ['a-morning'] })
    const user = userEvent.setup()
    const { location } = renderWithHub(<AutomationRoutes />, { path: '/automation/a-morning' })

    await user.click(await screen.findByRole('button', { name: 'Delete' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Delete automation Morning?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))

    await waitFor(() => expect(location.history.at(-1)).toBe('/automation'))
    expect(hub.variablesOf('automationDelete')).toEqual([{ ids: ['a-morning'] }])
  })

  it('shows 404 Not Found for an id the hub does not know', async () => {
    stubAutomationHub({ automation: null })
    renderWithHub(<AutomationRoutes />, {
      path: '/automation/5f0c7d57-0000-4000-8000-000000000000',
    })
    expect(await screen.findByRole('heading', { name: '404' })).toBeTruthy()
    expect(screen.getByText('Not Found')).toBeTruthy()
  })

  it('shows 404 Not Found for an id that is no UUID', async () => {
    stubAutomationHub({ automation: new HubErrorAnswer('id must be a UUID', 400, 'id') })
    renderWithHub(<AutomationRoutes />, { path: '/automation/nonsense' })
    expect(await screen.findByRole('heading', { name: '404' })).toBeTruthy()
  })
})
