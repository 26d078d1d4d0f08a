import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Blind } from '../../api/types'
import { errorAt } from '../../test-support/field-error'
import { HubErrorAnswer, renderWithHub, setUpHubTests, stubHub } from '../../test-support/hub-stub'
import { BlindFormDialog } from './BlindFormDialog'

const kitchen: Blind = {
  id: '6f1c1c52-5f0e-4d8e-9f57-3f7b0c0c2a11',
  name: 'Kitchen',
  blindAddressUp: '1:0',
  blindAddressDown: '1:1',
  travelTimeMs: 45000,
  isFavorite: false,
  motion: 'IDLE',
}

async function fill(values: Partial<Record<string, string>>) {
  const user = userEvent.setup()
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label)
    await user.clear(input)
    if (value) await user.type(input, value)
  }
  await user.click(screen.getByRole('button', { name: 'Save' }))
}

describe('the blind form', () => {
  setUpHubTests()

  it('names every broken rule at its field and sends nothing', async () => {
    const { sent } = stubHub()
    renderWithHub(<BlindFormDialog blind={null} onClose={() => {}} />)

    await fill({
      Name: '   ',
      'Up address': '1-0',
      'Down address': '1:1',
      'Travel time (seconds)': '0.5',
    })

    expect(errorAt('Name')).toBe('Must not be empty')
    expect(errorAt('Up address')).toMatch(/^Must be UNIT:COIL/)
    expect(errorAt('Down address')).toBe('')
    expect(errorAt('Travel time (seconds)')).toBe('Must be from 1 to 300 seconds (got 0.5)')
    expect(screen.getByLabelText('Name')).toHaveProperty('ariaInvalid', 'true')
    expect(document.activeElement).toBe(screen.getByLabelText('Name'))
    expect(sent).toEqual([])
  })

  it('gives each address field an example of its own: 1:0 for up, 1:1 for down', async () => {
    stubHub()
    renderWithHub(<BlindFormDialog blind={null} onClose={() => {}} />)

    await fill({ Name: 'Office', 'Up address': 'up', 'Down address': 'down' })

    expect(errorAt('Up address')).toBe(
      'Must be UNIT:COIL, a Modbus unit and a coil number such as 1:0',
    )
    expect(errorAt('Down address')).toBe(
      'Must be UNIT:COIL, a Modbus unit and a coil number such as 1:1',
    )
  })

  it('stops the name and the addresses at the hub’s limits while typing', async () => {
    stubHub()
    renderWithHub(<BlindFormDialog blind={null} onClose={() => {}} />)
    const user = userEvent.setup()
    const name = screen.getByLabelText('Name') as HTMLInputElement
    await user.type(name, 'x'.repeat(70))
    expect(name.value).toHaveLength(64)
    const up = screen.getByLabelText('Up address') as HTMLInputElement
    await user.type(up, '247:2550')
    expect(up.value).toBe('247:255')
    expect(screen.getByLabelText('Down address').getAttribute('maxlength')).toBe('7')
  })

  it('refuses the same address for up and down without asking the hub', async () => {
    const { sent } = stubHub()
    renderWithHub(<BlindFormDialog blind={null} onClose={() => {}} />)

    await fill({ Name: 'Office', 'Up address': '2:3', 'Down address': '02:03' })

    expect(errorAt('Down address')).toBe('Must differ from the up address (2:3)')
    expect(errorAt('Up address')).toBe('')
    expect(sent).toEqual([])
  })

  it('sends the travel time in milliseconds and closes with a toast once saved', async () => {
    const { sent } = stubHub({
      blindCreate: (v: Record<string, unknown>) => ({ ...kitchen, ...(v.input as object) }),
    })
    const onClose = vi.fn()
    renderWithHub(<BlindFormDialog blind={null} onClose={onClose} />)

    await fill({
      Name: ' Kitchen ',
      'Up address': '1:0',
      'Down address': '1:1',
      'Travel time (seconds)': '12.5',
    })

    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(sent).toEqual([
      {
        operationName: 'blindCreate',
        variables: {
          input: {
            name: 'Kitchen',
            blindAddressUp: '1:0',
            blindAddressDown: '1:1',
            travelTimeMs: 12500,
          },
        },
        query: expect.any(String),
      },
    ])
    expect(screen.getByRole('status').textContent).toContain('Blind Kitchen saved')
  })

  it('shows the hub’s 409 about a taken up address at the Up address field', async () => {
    stubHub({
      blindUpdate: new HubErrorAnswer(
        'blindAddressUp: address 1:0 already belongs to blind Hall',
        409,
        'blindAddressUp',
      ),
    })
    const onClose = vi.fn()
    renderWithHub(<BlindFormDialog blind={kitchen} onClose={onClose} />)

    expect(screen.getByLabelText('Travel time (seconds)')).toHaveProperty('value', '45')
    await fill({ Name: 'Kitchen east' })

    await waitFor(() =>
      expect(errorAt('Up address')).toBe('Address 1:0 already belongs to blind Hall'),
    )
    expect(onClose).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false)
  })
})
