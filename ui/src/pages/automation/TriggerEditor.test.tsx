// The trigger part of the editor: cron in words with presets and the hub's time zone, and
// sun triggers, which need the hub's location.
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fieldError } from '../../test-support/field-error'
import { renderWithHub, setUpHubTests } from '../../test-support/hub-stub'
import { AutomationRoutes, HUB_STATUS, stubAutomationHub } from './test-fixtures'

setUpHubTests()

const hintOf = (control: HTMLElement) =>
  document.getElementById(`${control.id}-hint`)?.textContent ?? null

describe('the trigger editor', () => {
  it("previews a cron expression in words, with presets and the hub's time zone", async () => {
    stubAutomationHub()
    const user = userEvent.setup()
    renderWithHub(<AutomationRoutes />, { path: '/automation/create' })

    await user.click(screen.getByLabelText('Schedule (cron)'))
    const cron = screen.getByLabelText('Cron expression')
    await user.type(cron, '0 7 * * 1-5')
    // 12- or 24-hour clock, as the test machine's locale has it.
    expect(hintOf(cron)).toMatch(/^At 07:00( AM)?, Monday through Friday$/)
    expect(await screen.findByText("Times are in Europe/Berlin, the hub's time zone.")).toBeTruthy()

    const presets = screen.getByRole('group', { name: 'Cron presets' })
    await user.click(within(presets).getByRole('button', { name: 'Every 15 minutes' }))
    expect((cron as HTMLInputElement).value).toBe('*/15 * * * *')
    expect(hintOf(cron)).toBe('Every 15 minutes')
    expect(
      within(presets)
        .getByRole('button', { name: 'Every 15 minutes' })
        .getAttribute('aria-pressed'),
    ).toBe('true')

    await user.clear(cron)
    await user.type(cron, '0 7 * *')
    expect(fieldError(cron)).toBe('Must be a cron expression of 5 or 6 fields (got 4)')
  })

  it('sends a sun trigger with its offset, and no cron', async () => {
    const hub = stubAutomationHub({ automationCreate: { id: 'a-dusk', name: 'Dusk' } })
    const user = userEvent.setup()
    renderWithHub(<AutomationRoutes />, { path: '/automation/create' })

    await user.type(screen.getByLabelText('Name'), 'Dusk')
    await user.click(screen.getByLabelText('Sunrise or sunset'))
    await user.selectOptions(screen.getByLabelText('Sun event'), 'SUNSET')
    const offset = screen.getByLabelText('Offset (minutes)')
    await user.clear(offset)
    await user.type(offset, '-30')
    expect(screen.getByText('30 min before sunset, every day.')).toBeTruthy()
    await user.click(screen.getByLabelText('Enabled'))
    await user.click(await screen.findByLabelText('Kitchen down'))
    await user.click(screen.getByRole('button', { name: 'Save' }))

    await screen.findByText('Automation Dusk created')
    const [{ input }] = hub.variablesOf('automationCreate') as [{ input: { trigger: unknown } }]
    expect(input.trigger).toEqual({
      type: 'SUN',
      cron: null,
      sunEvent: 'SUNSET',
      offsetMinutes: -30,
      enabled: false,
    })
  })

  it('refuses an offset beyond 12 hours at the offset field', async () => {
    const hub = stubAutomationHub()
    const user = userEvent.setup()
    renderWithHub(<AutomationRoutes />, { path: '/automation/create' })

    await user.type(screen.getByLabelText('Name'), 'Dawn')
    await user.click(screen.getByLabelText('Sunrise or sunset'))
    const offset = screen.getByLabelText('Offset (minutes)')
    await user.clear(offset)
    await user.type(offset, '721')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(fieldError(offset)).toBe('Must be an integer from -720 to 720 (got 721)')
    expect(hub.variablesOf('automationCreate')).toEqual([])
  })

  it("disables sunrise and sunset while the hub's location is not set, and says why", async () => {
    stubAutomationHub({ hubStatus: { ...HUB_STATUS, locationConfigured: false } })
    renderWithHub(<AutomationRoutes />, { path: '/automation/create' })

    expect(
      await screen.findByText(/need the hub's location: set LAMELLA_LAT and LAMELLA_LON/),
    ).toBeTruthy()
    expect(screen.getByLabelText('Sunrise or sunset')).toHaveProperty('disabled', true)
    expect(screen.getByLabelText('Schedule (cron)')).toHaveProperty('disabled', false)
  })
})
