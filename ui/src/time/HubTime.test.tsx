// Times are shown in the hub's time zone, where schedules run, whatever the browser's zone;
// a note says so when the two differ.
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { formatFullDate, formatWhen } from '../pages/automation/time-format'
import {
  automation,
  AutomationRoutes,
  HUB_STATUS,
  run,
  stubAutomationHub,
} from '../pages/automation/test-fixtures'
import { renderWithHub, setUpHubTests } from '../test-support/hub-stub'
import { browserTimeZone, HubTime, TimeZoneNote } from './HubTime'

setUpHubTests()

// Far from wherever the tests run, and without daylight saving time: UTC+5:30 all year.
const KOLKATA = 'Asia/Kolkata'

describe('times in the hub’s zone', () => {
  it('formats the time of day and the day in the given zone', () => {
    const now = new Date('2025-03-12T17:00:00.000Z') // 22:30 on the 12th in Kolkata
    expect(formatWhen('2025-03-12T20:00:00.000Z', now, KOLKATA)).toMatch(
      /^Tomorrow (01:30|1:30 AM)/,
    )
    expect(formatWhen('2025-03-12T20:00:00.000Z', now, 'UTC')).toMatch(/^Today (20:00|08:00 PM)/)
    expect(formatFullDate('2025-03-12T20:00:00.000Z', KOLKATA)).toMatch(
      /13.*2025.*(01:30|1:30 AM).*GMT\+5:30/,
    )
  })

  it('shows a time in the hub’s zone once the hub has said which it is', async () => {
    stubAutomationHub({ hubStatus: { ...HUB_STATUS, timeZone: KOLKATA } })
    renderWithHub(<HubTime at="2025-03-12T06:00:00.000Z" />)
    const time = await screen.findByText(/11:30/)
    expect(time.getAttribute('dateTime')).toBe('2025-03-12T06:00:00.000Z')
    expect(time.getAttribute('title')).toMatch(/GMT\+5:30/)
  })

  it('says which zone the times are in when the browser is in another', async () => {
    expect(browserTimeZone()).not.toBe(KOLKATA)
    stubAutomationHub({ hubStatus: { ...HUB_STATUS, timeZone: KOLKATA } })
    renderWithHub(<TimeZoneNote />)
    expect((await screen.findByText(/Times in/)).textContent).toBe(
      "Times in Asia/Kolkata, the hub's time zone",
    )
  })

  it('says nothing about zones when the browser is in the hub’s', async () => {
    const hub = stubAutomationHub({ hubStatus: { ...HUB_STATUS, timeZone: browserTimeZone() } })
    const { container } = renderWithHub(<TimeZoneNote />)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(hub.sent.map((s) => s.operationName)).toContain('hubStatus')
    expect(container.textContent).toBe('')
  })

  it('shows the editor’s next run, last run and history in the hub’s zone, with the note', async () => {
    stubAutomationHub({
      hubStatus: { ...HUB_STATUS, timeZone: KOLKATA },
      automation: automation({
        nextRunAt: '2025-03-13T01:30:00.000Z',
        lastRun: run({ startedAt: '2025-03-12T02:00:00.000Z' }),
      }),
      automationRuns: [run({ startedAt: '2025-03-12T02:00:00.000Z' })],
    })
    const { container } = renderWithHub(<AutomationRoutes />, { path: '/automation/a-morning' })
    expect(await screen.findByText(/Times in Asia\/Kolkata/)).toBeTruthy()
    await screen.findByRole('list', { name: 'Runs, newest first' })
    const times = [...container.querySelectorAll('time')].map((t) => t.textContent)
    // Next run, last run, the one run in the history.
    expect(times).toHaveLength(3)
    expect(times[0]).toMatch(/(07:00|7:00 AM)$/)
    expect(times[1]).toMatch(/(07:30|7:30 AM)$/)
    expect(times[2]).toMatch(/(07:30|7:30 AM)$/)
  })
})
