// The automation editor on /automation/create: the scene list, what is sent, and rules broken
// at the client or refused by the hub shown at their fields.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fieldError } from '../../test-support/field-error'
import { HubErrorAnswer, renderWithHub, setUpHubTests } from '../../test-support/hub-stub'
import { AutomationRoutes, scene, stubAutomationHub } from './test-fixtures'

setUpHubTests()

const sceneNames = () =>
  screen
    .getAllByRole('group', { name: /^Scene \d+$/ })
    .map((g) => (within(g).getByLabelText('Scene name') as HTMLInputElement).value)

/** A name and a timed blind-control scene that drives one relay. */
async function fillValidAutomation(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Morning')
  await user.selectOptions(within(scene(1)).getByLabelText('Type'), 'BLIND_CONTROL')
  await user.click(await within(scene(1)).findByLabelText('Living room up'))
}

describe('the automation editor for a new automation', () => {
  it('starts with one position scene, and adds, removes and reorders scenes', async () => {
    stubAutomationHub()
    const user = userEvent.setup()
    renderWithHub(<AutomationRoutes />, { path: '/automation/create' })

    expect(screen.getByRole('heading', { level: 1, name: 'New automation' })).toBeTruthy()
    expect(sceneNames()).toEqual(['Set position'])
    expect((within(scene(1)).getByLabelText('Type') as HTMLSelectElement).value).toBe('POSITION')

    await user.click(screen.getByRole('button', { name: 'Add scene' }))
    // The new scene's name has the focus, ready to type.
    expect(document.activeElement).toBe(within(scene(2)).getByLabelText('Scene name'))
    await user.selectOptions(within(scene(2)).getByLabelText('Type'), 'DELAY')
    expect(sceneNames()).toEqual(['Set position', 'Wait'])
    await user.click(screen.getByRole('button', { name: 'Add scene' }))
    await user.clear(within(scene(3)).getByLabelText('Scene name'))
    await user.type(within(scene(3)).getByLabelText('Scene name'), 'Close')

    await user.click(screen.getByRole('button', { name: 'Move scene 2 up' }))
    expect(sceneNames()).toEqual(['Wait', 'Set position', 'Close'])
    await user.click(screen.getByRole('button', { name: 'Move scene 2 down' }))
    expect(sceneNames()).toEqual(['Wait', 'Close', 'Set position'])
    expect(screen.getByRole('button', { name: 'Move scene 1 up' })).toHaveProperty('disabled', true)
    expect(screen.getByRole('button', { name: 'Move scene 3 down' })).toHaveProperty(
      'disabled',
      true,
    )

    await user.click(screen.getByRole('button', { name: 'Remove scene 1' }))
    expect(sceneNames()).toEqual(['Close', 'Set position'])
    await user.click(screen.getByRole('button', { name: 'Remove scene 2' }))
    expect(sceneNames()).toEqual(['Close'])
    // An automation keeps at least one scene.
    expect(screen.getByRole('button', { name: 'Remove scene 1' })).toHaveProperty('disabled', true)
  })

  it('sends a duration of 1.5 s as 1500 ms, then opens the new automation', async () => {
    const hub = stubAutomationHub({ automationCreate: { id: 'a-new', name: 'Morning' } })
    const user = userEvent.setup()
    const { location } = renderWithHub(<AutomationRoutes />, { path: '/automation/create' })

    await fillValidAutomation(user)
    const duration = within(scene(1)).getByLabelText('Duration (seconds)')
    await user.clear(duration)
    await user.type(duration, '1.5')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    await screen.findByText('Automation Morning created')
    expect(hub.variablesOf('automationCreate')).toEqual([
      {
        input: {
          name: 'Morning',
          trigger: { type: 'MANUAL', cron: null, sunEvent: null, offsetMinutes: 0, enabled: true },
          scene: [
            { name: 'Move blinds', type: 'BLIND_CONTROL', duration: 1500, blindAddresses: ['1:0'] },
          ],
        },
      },
    ])
    await waitFor(() => expect(location.history.at(-1)).toBe('/automation/a-new'))
  })

  it('ticks one side of a blind at a time, as the hub drives one way per scene', async () => {
    stubAutomationHub()
    const user = userEvent.setup()
    renderWithHub(<AutomationRoutes />, { path: '/automation/create' })

    await user.selectOptions(within(scene(1)).getByLabelText('Type'), 'BLIND_CONTROL')
    const up = (await within(scene(1)).findByLabelText('Kitchen up')) as HTMLInputElement
    const down = within(scene(1)).getByLabelText('Kitchen down') as HTMLInputElement
    await user.click(up)
    await user.click(down)
    expect([up.checked, down.checked]).toEqual([false, true])
  })

  it('stops the automation’s and the scene’s names at 64 characters while typing', async () => {
    stubAutomationHub()
    const user = userEvent.setup()
    renderWithHub(<AutomationRoutes />, { path: '/automation/create' })
    const name = screen.getByLabelText('Name') as HTMLInputElement
    await user.type(name, 'n'.repeat(70))
    expect(name.value).toHaveLength(64)
    const sceneName = within(scene(1)).getByLabelText('Scene name') as HTMLInputElement
    await user.clear(sceneName)
    await user.type(sceneName, 's'.repeat(70))
    expect(sceneName.value).toHaveLength(64)
  })

  it('shows each broken rule at its field and sends nothing', async () => {
    const hub = stubAutomationHub()
    const user = userEvent.setup()
    renderWithHub(<AutomationRoutes />, { path: '/automation/create' })

    await user.click(screen.getByLabelText('Schedule (cron)'))
    await user.type(screen.getByLabelText('Cron expression'), '61 7 * * *')
    await user.click(screen.getByRole('button', { name: 'Add scene' }))
    await user.selectOptions(within(scene(2)).getByLabelText('Type'), 'DELAY')
    const delay = within(scene(2)).getByLabelText('Duration (seconds)')
    await user.clear(delay)
    await user.type(delay, '0')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Fix the marked fields')).toBeTruthy()
    expect(fieldError(screen.getByLabelText('Name'))).toBe('Must not be empty')
    expect(fieldError(screen.getByLabelText('Cron expression'))).toBe(
      'Has minute 61; minutes go from 0 to 59',
    )
    expect(fieldError(within(scene(2)).getByLabelText('Duration (seconds)'))).toBe(
      'Enter 0.1 to 86400 seconds (24 hours)',
    )
    const addresses = within(scene(1)).getByRole('group', { name: 'Blinds to move' })
    expect(fieldError(addresses)).toBe('Tick at least one blind to move')
    // Focus goes to the first marked field.
    expect(document.activeElement).toBe(screen.getByLabelText('Name'))
    expect(hub.variablesOf('automationCreate')).toEqual([])
  })

  it("shows the hub's 400 about scene[1].duration at scene 2's duration field", async () => {
    stubAutomationHub({
      automationCreate: new HubErrorAnswer(
        'scene[1].duration must be an integer from 100 to 86400000 ms (got 86400001)',
        400,
        'scene[1].duration',
      ),
    })
    const user = userEvent.setup()
    renderWithHub(<AutomationRoutes />, { path: '/automation/create' })

    await fillValidAutomation(user)
    await user.click(screen.getByRole('button', { name: 'Add scene' }))
    await user.selectOptions(within(scene(2)).getByLabelText('Type'), 'DELAY')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    const duration = within(scene(2)).getByLabelText('Duration (seconds)')
    await waitFor(() => expect(fieldError(duration)).toBe('Enter 0.1 to 86400 seconds (24 hours)'))
    expect(fieldError(within(scene(1)).getByLabelText('Duration (seconds)'))).toBeNull()
    expect(screen.getByText('Fix the marked fields')).toBeTruthy()
  })

  it("shows the hub's answer about one address at that scene's blinds", async () => {
    stubAutomationHub({
      automationCreate: new HubErrorAnswer(
        'scene[0].blindAddresses[0] must be the up or down address of a blind; no blind uses 1:0',
        400,
        'scene[0].blindAddresses[0]',
      ),
    })
    const user = userEvent.setup()
    renderWithHub(<AutomationRoutes />, { path: '/automation/create' })

    await fillValidAutomation(user)
    await user.click(screen.getByRole('button', { name: 'Save' }))

    const addresses = within(scene(1)).getByRole('group', { name: 'Blinds to move' })
    await waitFor(() =>
      expect(fieldError(addresses)).toBe(
        'Must be the up or down address of a blind; no blind uses 1:0',
      ),
    )
  })

  it('shows a refusal that is about no field above the form', async () => {
    stubAutomationHub({
      automationCreate: new HubErrorAnswer('You are not allowed to do this', 403),
    })
    const user = userEvent.setup()
    renderWithHub(<AutomationRoutes />, { path: '/automation/create' })

    await fillValidAutomation(user)
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect((await screen.findByRole('alert')).textContent).toBe('You are not allowed to do this')
  })
})
