// The automation editor asks before its changes are lost: a new automation with something
// typed, a saved one edited; never when nothing changed or once saved.
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderWithHub, setUpHubTests } from '../../test-support/hub-stub'
import { automation, AutomationRoutes, stubAutomationHub } from './test-fixtures'

setUpHubTests()

const nameField = () => screen.getByRole('textbox', { name: 'Name' })
const backLink = () => screen.getByRole('link', { name: 'All automations' })

describe('leaving the automation editor', () => {
  it('asks before a new automation with a name typed is left, and not when nothing was typed', async () => {
    stubAutomationHub()
    const user = userEvent.setup()
    const { location } = renderWithHub(<AutomationRoutes />, { path: '/automation/create' })
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Evening')
    await user.click(backLink())
    expect(screen.getByRole('alertdialog', { name: 'Leave without saving?' })).toBeTruthy()
    expect(location.history).toEqual(['/automation/create'])

    await user.click(screen.getByRole('button', { name: 'Keep editing' }))
    await user.clear(nameField())
    await user.click(backLink())
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(location.history.at(-1)).toBe('/automation')
  })

  it('asks after an edit of a saved automation, and no longer once it is saved', async () => {
    stubAutomationHub({
      automation: automation(),
      automationUpdate: { id: 'a-morning', name: 'Mornings' },
    })
    const user = userEvent.setup()
    const { location } = renderWithHub(<AutomationRoutes />, { path: '/automation/a-morning' })
    await screen.findByRole('heading', { level: 1, name: 'Edit Morning' })
    await user.type(nameField(), 's')
    await user.click(backLink())
    expect(screen.getByRole('alertdialog', { name: 'Leave without saving?' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Keep editing' }))

    await user.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('Saved')
    await user.click(backLink())
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(location.history).toEqual(['/automation/a-morning', '/automation'])
  })

  it('leaves an unchanged saved automation without asking', async () => {
    stubAutomationHub({ automation: automation() })
    const user = userEvent.setup()
    const { location } = renderWithHub(<AutomationRoutes />, { path: '/automation/a-morning' })
    await screen.findByRole('heading', { level: 1, name: 'Edit Morning' })
    await user.click(backLink())
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(location.history.at(-1)).toBe('/automation')
  })
})
