// "Run now" on the edit page while the form holds unsaved changes: the hub would run what it
// has saved, so the editor asks — save and run, run the saved version, or cancel.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderWithHub, setUpHubTests } from '../../test-support/hub-stub'
import { automation, AutomationRoutes, run, stubAutomationHub } from './test-fixtures'

setUpHubTests()

const nameField = () => screen.getByRole('textbox', { name: 'Name' })
const started = run({ id: 'run-9', status: 'RUNNING', finishedAt: null, sceneIndex: 0 })

async function editedMorning() {
  const hub = stubAutomationHub({
    automation: automation(),
    automationUpdate: { id: 'a-morning', name: 'Mornings' },
    automationRun: started,
  })
  const user = userEvent.setup()
  renderWithHub(<AutomationRoutes />, { path: '/automation/a-morning' })
  await screen.findByRole('heading', { level: 1, name: 'Edit Morning' })
  await user.type(nameField(), 's')
  await user.click(screen.getByRole('button', { name: 'Run now' }))
  const question = screen.getByRole('alertdialog', { name: 'Run with unsaved changes?' })
  return { hub, user, question }
}

describe('running an automation with unsaved changes', () => {
  it('asks first, and “Save and run” saves the changes, then runs them', async () => {
    const { hub, user, question } = await editedMorning()
    expect(question.textContent).toContain('The hub runs the saved version unless you save')
    expect(hub.variablesOf('automationRun')).toEqual([])

    await user.click(within(question).getByRole('button', { name: 'Save and run' }))
    await screen.findByText('Started Morning')
    const order = hub.sent
      .map((r) => r.operationName)
      .filter((name) => name === 'automationUpdate' || name === 'automationRun')
    expect(order).toEqual(['automationUpdate', 'automationRun'])
    expect(hub.variablesOf('automationUpdate')[0]).toMatchObject({
      id: 'a-morning',
      input: { name: 'Mornings' },
    })
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it('runs the saved version without saving when asked to, and the changes stay unsaved', async () => {
    const { hub, user, question } = await editedMorning()
    await user.click(within(question).getByRole('button', { name: 'Run saved version' }))
    await screen.findByText('Started Morning')
    expect(hub.variablesOf('automationRun')).toEqual([{ id: 'a-morning' }])
    expect(hub.variablesOf('automationUpdate')).toEqual([])
    expect((nameField() as HTMLInputElement).value).toBe('Mornings')
  })

  it('runs nothing on Cancel, and gives focus back to Run now', async () => {
    const { hub, user, question } = await editedMorning()
    await user.click(within(question).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(hub.variablesOf('automationRun')).toEqual([])
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Run now' }))
  })

  it('runs nothing when the changes cannot be saved, and shows what to fix', async () => {
    const { hub, user } = await editedMorning()
    await user.clear(nameField())
    await user.click(screen.getByRole('button', { name: 'Run now' }))
    const question = screen.getByRole('alertdialog', { name: 'Run with unsaved changes?' })
    await user.click(within(question).getByRole('button', { name: 'Save and run' }))
    await screen.findByText('Fix the marked fields')
    expect(hub.variablesOf('automationUpdate')).toEqual([])
    expect(hub.variablesOf('automationRun')).toEqual([])
    await waitFor(() => expect(document.activeElement).toBe(nameField()))
  })

  it('runs at once, without asking, when nothing is unsaved', async () => {
    const hub = stubAutomationHub({ automation: automation(), automationRun: started })
    const user = userEvent.setup()
    renderWithHub(<AutomationRoutes />, { path: '/automation/a-morning' })
    await user.click(await screen.findByRole('button', { name: 'Run now' }))
    await screen.findByText('Started Morning')
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(hub.variablesOf('automationRun')).toEqual([{ id: 'a-morning' }])
  })
})
