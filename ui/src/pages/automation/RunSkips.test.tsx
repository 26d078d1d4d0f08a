// A run whose step weather protection refused for a blind says so under the run, with the
// blind's name and the lock's reason; the run itself still succeeded.
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithHub, setUpHubTests } from '../../test-support/hub-stub'
import { automation, AutomationRoutes, KITCHEN, run, stubAutomationHub } from './test-fixtures'

setUpHubTests()

describe('the run history of a run that left a locked blind out', () => {
  it('says which blind it skipped and why, under the run', async () => {
    stubAutomationHub({
      automation: automation(),
      automationRuns: [
        run({
          id: 'r-1',
          status: 'SUCCEEDED',
          skipped: [
            {
              sceneIndex: 0,
              blindId: KITCHEN.id,
              reason: `${KITCHEN.name} may only go to its safety position (100 % open): wind alarm, wind 14.2 m/s over the limit of 10 m/s; it may lift at 14:32`,
            },
          ],
        }),
        run({ id: 'r-0', status: 'SUCCEEDED' }),
      ],
    })
    renderWithHub(<AutomationRoutes />, { path: '/automation/a-morning' })
    const history = await screen.findByRole('list', { name: 'Runs, newest first' })
    const skip = await within(history).findByText(/^Skipped:/)
    expect(skip.textContent).toBe(
      `Skipped: ${KITCHEN.name} (wind alarm, wind 14.2 m/s over the limit of 10 m/s; it may lift at 14:32)`,
    )
    expect(history.querySelectorAll('.run-skips li')).toHaveLength(1)
  })
})
