// The trigger part of the editor: cron in words with presets and the hub's time zone, and
// sun triggers, which need the house's location.
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { CRON_MAX_LENGTH } from '../../../../hub/validation/cron'
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
    expect(fieldError(cron)).toBe(
      'Has 4 fields; it needs 5 (minute, hour, day of month, month, day of week) or 6 with seconds first',
    )
  })

  it('says under the field, as it is typed, why the hub refuses a schedule, and previews none', async () => {
    const hub = stubAutomationHub()
    const user = userEvent.setup()
    renderWithHub(<AutomationRoutes />, { path: '/automation/create' })

    await user.type(screen.getByLabelText('Name'), 'Leap')
    await user.click(screen.getByLabelText('Schedule (cron)'))
    const cron = screen.getByLabelText('Cron expression')
    await user.type(cron, '0 7 31 2 *')
    // The hub's own words, before any Save.
    expect(fieldError(cron)).toBe('Never fires: day 31 never comes in February')
    expect(hintOf(cron)).toBe('Minute, hour, day of month, month, day of week')
    expect(screen.queryByText(/only in February/)).toBeNull()

    await user.click(await screen.findByRole('checkbox', { name: 'Kitchen' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(fieldError(cron)).toBe('Never fires: day 31 never comes in February')
    expect(hub.variablesOf('automationCreate')).toEqual([])

    await user.clear(cron)
    await user.type(cron, '*/90 * * * *')
    expect(fieldError(cron)).toBe('Has step 90 in "*/90" (minute field); a step must be 1 to 59')
    await user.clear(cron)
    await user.type(cron, '0 7 29 2 *')
    expect(fieldError(cron)).toBeNull()
    expect(hintOf(cron)).toMatch(/^At 07:00( AM)?, on day 29 of the month, only in February$/)
  })

  it('stops the cron expression at the hub’s length limit', () => {
    stubAutomationHub()
    renderWithHub(<AutomationRoutes />, { path: '/automation/create' })
    screen.getByLabelText('Schedule (cron)').click()
    expect(screen.getByLabelText('Cron expression').getAttribute('maxlength')).toBe(
      String(CRON_MAX_LENGTH),
    )
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
    await user.click(await screen.findByRole('checkbox', { name: 'Kitchen' }))
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

  it("disables sunrise and sunset while the house's location is not set, and says where to set it", async () => {
    stubAutomationHub({ hubStatus: { ...HUB_STATUS, locationConfigured: false } })
    renderWithHub(<AutomationRoutes />, { path: '/automation/create' })

    const note = await screen.findByText(/^Sunrise and sunset triggers need the house's location/)
    expect(note.textContent?.replace(/\s+/g, ' ')).toBe(
      "Sunrise and sunset triggers need the house's location: an admin sets it in Settings.",
    )
    expect(note.textContent).not.toMatch(/LAMELLA|restart/)
    expect(screen.getByLabelText('Sunrise or sunset')).toHaveProperty('disabled', true)
    expect(screen.getByLabelText('Schedule (cron)')).toHaveProperty('disabled', false)
  })

  it("points an admin to the settings page for the house's location", async () => {
    stubAutomationHub({
      hubStatus: { ...HUB_STATUS, locationConfigured: false },
      whoAmI: { id: 'u-admin', username: 'admin', isAdmin: true, userBlindList: [] },
    })
    renderWithHub(<AutomationRoutes />, { path: '/automation/create' })
    const link = await screen.findByRole('link', { name: 'Settings' })
    expect(link.getAttribute('href')).toBe('/settings')
    expect(link.closest('p')?.textContent?.replace(/\s+/g, ' ')).toBe(
      "Sunrise and sunset triggers need the house's location: set it in Settings.",
    )
  })

  it('offers sunrise and sunset as soon as an admin sets the location in another browser', async () => {
    let status = { ...HUB_STATUS, locationConfigured: false }
    stubAutomationHub({ hubStatus: () => status })
    const { hub } = renderWithHub(<AutomationRoutes />, { path: '/automation/create' })
    await screen.findByText(/^Sunrise and sunset triggers need the house's location/)

    status = { ...HUB_STATUS, locationConfigured: true }
    act(() => hub.push('data:changed', { entity: 'location', ids: [] }))
    await waitFor(() =>
      expect(screen.getByLabelText('Sunrise or sunset')).toHaveProperty('disabled', false),
    )
    expect(screen.queryByText(/need the house's location/)).toBeNull()
  })
})
