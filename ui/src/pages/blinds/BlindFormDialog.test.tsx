import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Blind } from '../../api/types'
import { errorAt } from '../../test-support/field-error'
import { testBlind } from '../../test-support/blinds'
import {
  HubErrorAnswer,
  renderWithHub,
  setUpHubTests,
  stubHub,
  type SentRequest,
} from '../../test-support/hub-stub'
import { BlindFormDialog } from './BlindFormDialog'

const kitchen: Blind = testBlind({
  id: '6f1c1c52-5f0e-4d8e-9f57-3f7b0c0c2a11',
  name: 'Kitchen',
  travelTimeMs: 45000,
  travelTimeUpMs: 45000,
  travelTimeDownMs: 45000,
})

/** The shading part left as a new blind has it: no facade, shading off, the hub's defaults. */
const NO_SHADING = {
  facadeAzimuth: null,
  fovLeft: 90,
  fovRight: 90,
  minElevation: 0,
  shadePosition: null,
  shadeTilt: null,
  shadingEnabled: false,
  shadingMinBrightness: 40,
  shadingReturnPosition: null,
  shadingResumeAt: null,
}

/** What the form sent to change something: its reads of the hub's status aside. */
const READS = ['hubStatus', 'pv', 'houseLocation']
const writes = (sent: SentRequest[]) => sent.filter((s) => !READS.includes(s.operationName))

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
      'Travel time up (seconds)': '0.5',
    })

    expect(errorAt('Name')).toBe('Must not be empty')
    expect(errorAt('Up address')).toMatch(/^Must be UNIT:COIL/)
    expect(errorAt('Down address')).toBe('')
    expect(errorAt('Travel time up (seconds)')).toBe('Must be from 1 to 300 seconds (got 0.5)')
    expect(errorAt('Travel time down (seconds)')).toBe('')
    expect(screen.getByLabelText('Name')).toHaveProperty('ariaInvalid', 'true')
    expect(document.activeElement).toBe(screen.getByLabelText('Name'))
    expect(writes(sent)).toEqual([])
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
    expect(writes(sent)).toEqual([])
  })

  it('sends the travel times in milliseconds and closes with a toast once saved', async () => {
    const { sent } = stubHub({
      blindCreate: (v: Record<string, unknown>) => ({ ...kitchen, ...(v.input as object) }),
    })
    const onClose = vi.fn()
    renderWithHub(<BlindFormDialog blind={null} onClose={onClose} />)

    await fill({
      Name: ' Kitchen ',
      'Up address': '1:0',
      'Down address': '1:1',
      'Travel time up (seconds)': '12.5',
      'Travel time down (seconds)': '11',
    })

    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(writes(sent)).toEqual([
      {
        operationName: 'blindCreate',
        variables: {
          input: {
            name: 'Kitchen',
            blindAddressUp: '1:0',
            blindAddressDown: '1:1',
            travelTimeUpMs: 12500,
            travelTimeDownMs: 11000,
            motorStartDelayMs: 0,
            tiltTimeMs: 0,
            room: null,
            myPosition: null,
            ...NO_SHADING,
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

    expect(screen.getByLabelText('Travel time up (seconds)')).toHaveProperty('value', '45')
    await fill({ Name: 'Kitchen east' })

    await waitFor(() =>
      expect(errorAt('Up address')).toBe('Address 1:0 already belongs to blind Hall'),
    )
    expect(onClose).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false)
  })

  it('sends every setting: times each way, start delay, slats, room and my position', async () => {
    const { variablesOf } = stubHub({
      blindCreate: (v: Record<string, unknown>) => ({ ...kitchen, ...(v.input as object) }),
    })
    const onClose = vi.fn()
    renderWithHub(<BlindFormDialog blind={null} rooms={['Kitchen']} onClose={onClose} />)
    const user = userEvent.setup()
    expect(screen.queryByLabelText('Slat turn time (seconds)')).toBeNull()
    await user.click(screen.getByLabelText('Venetian blind: its slats turn'))
    await fill({
      Name: 'Kitchen left',
      'Up address': '1:4',
      'Down address': '1:5',
      'Travel time up (seconds)': '24.5',
      'Travel time down (seconds)': '22',
      'Motor start delay (seconds)': '0,3',
      'Slat turn time (seconds)': '1.2',
      Room: ' Kitchen ',
      'My position (% open)': '40',
    })
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(variablesOf('blindCreate')).toEqual([
      {
        input: {
          name: 'Kitchen left',
          blindAddressUp: '1:4',
          blindAddressDown: '1:5',
          travelTimeUpMs: 24500,
          travelTimeDownMs: 22000,
          motorStartDelayMs: 300,
          tiltTimeMs: 1200,
          room: 'Kitchen',
          myPosition: 40,
          ...NO_SHADING,
        },
      },
    ])
  })

  it('refuses a start delay, slat time and my position the hub would refuse, in seconds and percent', async () => {
    const { sent } = stubHub()
    renderWithHub(<BlindFormDialog blind={null} onClose={() => {}} />)
    const user = userEvent.setup()
    await user.click(screen.getByLabelText('Venetian blind: its slats turn'))
    await fill({
      Name: 'Office',
      'Up address': '1:0',
      'Down address': '1:1',
      'Motor start delay (seconds)': '3',
      'Slat turn time (seconds)': '0',
      'My position (% open)': '150',
    })
    expect(errorAt('Motor start delay (seconds)')).toBe('Must be from 0 to 2 seconds (got 3)')
    expect(errorAt('Slat turn time (seconds)')).toBe('Must be from 0.1 to 10 seconds (got 0)')
    expect(errorAt('My position (% open)')).toBe(
      'Must be a whole number from 0 (closed) to 100 (open), or empty',
    )
    expect(errorAt('Room')).toBe('')
    expect(writes(sent)).toEqual([])
  })

  it('leaves room and my position out when blank, and sends no slats once unticked', async () => {
    const venetian = { ...kitchen, tiltTimeMs: 1500, room: 'Kitchen', myPosition: 30 }
    const { variablesOf } = stubHub({ blindUpdate: venetian })
    renderWithHub(<BlindFormDialog blind={venetian} onClose={() => {}} />)
    expect(screen.getByLabelText('Slat turn time (seconds)')).toHaveProperty('value', '1.5')
    expect(screen.getByLabelText('Room')).toHaveProperty('value', 'Kitchen')
    expect(screen.getByLabelText('My position (% open)')).toHaveProperty('value', '30')
    const user = userEvent.setup()
    await user.click(screen.getByLabelText('Venetian blind: its slats turn'))
    await fill({ Room: '', 'My position (% open)': '' })
    await waitFor(() => expect(variablesOf('blindUpdate')).toHaveLength(1))
    expect(variablesOf('blindUpdate')[0]?.input).toMatchObject({
      tiltTimeMs: 0,
      room: null,
      myPosition: null,
    })
  })

  it('suggests the rooms already named while a room is typed', () => {
    stubHub()
    renderWithHub(
      <BlindFormDialog blind={null} rooms={['Bathroom', 'Kitchen']} onClose={() => {}} />,
    )
    const room = screen.getByLabelText('Room')
    const list = document.getElementById(room.getAttribute('list') ?? '')
    expect([...(list?.querySelectorAll('option') ?? [])].map((o) => o.value)).toEqual([
      'Bathroom',
      'Kitchen',
    ])
  })

  it('shows the hub’s 400 about the travel time down at that field', async () => {
    stubHub({
      blindUpdate: new HubErrorAnswer(
        'travelTimeDownMs must be an integer from 1000 to 300000 ms (got 400000)',
        400,
        'travelTimeDownMs',
      ),
    })
    renderWithHub(<BlindFormDialog blind={kitchen} onClose={() => {}} />)
    await fill({ Name: 'Kitchen' })
    await waitFor(() =>
      expect(errorAt('Travel time down (seconds)')).toBe(
        'Must be an integer from 1000 to 300000 ms (got 400000)',
      ),
    )
  })

  it('sends no travel time for a new blind left without one, and says the hub only guesses it', async () => {
    const { variablesOf } = stubHub({
      blindCreate: (v: Record<string, unknown>) => ({ ...kitchen, ...(v.input as object) }),
    })
    const onClose = vi.fn()
    renderWithHub(<BlindFormDialog blind={null} onClose={onClose} />)
    expect(screen.getByLabelText('Travel time up (seconds)')).toHaveProperty('value', '')
    expect(screen.getByText(/^Guessed, not measured: the hub assumes 60/)).toBeTruthy()
    await fill({ Name: 'Hall', 'Up address': '2:0', 'Down address': '2:1' })
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    const input = variablesOf('blindCreate')[0]?.input as Record<string, unknown>
    expect(input).not.toHaveProperty('travelTimeUpMs')
    expect(input).not.toHaveProperty('travelTimeDownMs')
  })

  it('shows a guessed blind’s travel times as not measured, and saving other changes keeps them a guess', async () => {
    const guessed = { ...kitchen, travelTimeKnown: false, travelTimeUpMs: 60000 }
    const { variablesOf } = stubHub({ blindUpdate: guessed })
    const onClose = vi.fn()
    renderWithHub(<BlindFormDialog blind={guessed} onClose={onClose} />)
    expect(screen.getByLabelText('Travel time up (seconds)')).toHaveProperty('value', '')
    expect(screen.getByLabelText('Travel time down (seconds)')).toHaveProperty('value', '')
    expect(screen.getByText(/^Guessed, not measured/).textContent).toMatch(/Calibrate/)
    await fill({ Name: 'Kitchen east' })
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    const input = variablesOf('blindUpdate')[0]?.input as Record<string, unknown>
    expect(input.name).toBe('Kitchen east')
    expect(input).not.toHaveProperty('travelTimeUpMs')
    expect(input).not.toHaveProperty('travelTimeDownMs')
  })

  it('puts an emptied travel time of a measured blind back to the guess, and says so', async () => {
    const { variablesOf } = stubHub({ blindUpdate: kitchen })
    renderWithHub(<BlindFormDialog blind={kitchen} onClose={() => {}} />)
    expect(screen.queryByText(/^Guessed, not measured/)).toBeNull()
    await fill({ 'Travel time down (seconds)': '' })
    await waitFor(() => expect(variablesOf('blindUpdate')).toHaveLength(1))
    expect(variablesOf('blindUpdate')[0]?.input).toMatchObject({
      travelTimeUpMs: 45000,
      travelTimeDownMs: null,
    })
  })

  describe('closing it with unsaved changes', () => {
    function editKitchen() {
      stubHub({ blindUpdate: kitchen })
      const onClose = vi.fn()
      renderWithHub(<BlindFormDialog blind={kitchen} onClose={onClose} />)
      return { onClose, user: userEvent.setup() }
    }
    const question = () => screen.queryByRole('alertdialog', { name: 'Leave without saving?' })

    it('asks on Escape, and Keep editing keeps what was typed', async () => {
      const { onClose, user } = editKitchen()
      await user.type(screen.getByLabelText('Room'), 'Upstairs')
      await user.keyboard('{Escape}')
      expect(question()?.textContent).toContain('Your changes to Kitchen are not saved.')
      expect(onClose).not.toHaveBeenCalled()
      await user.click(screen.getByRole('button', { name: 'Keep editing' }))
      expect(question()).toBeNull()
      expect(onClose).not.toHaveBeenCalled()
      expect(screen.getByLabelText('Room')).toHaveProperty('value', 'Upstairs')
    })

    it('asks on a tap beside the dialog, and closes once told to leave', async () => {
      const { onClose, user } = editKitchen()
      await user.type(screen.getByLabelText('Name'), ' east')
      const backdrop = screen.getByRole('dialog', { name: 'Edit Kitchen' }).parentElement!
      await user.pointer({ keys: '[MouseLeft>]', target: backdrop })
      expect(question()).not.toBeNull()
      expect(onClose).not.toHaveBeenCalled()
      await user.click(screen.getByRole('button', { name: 'Leave without saving' }))
      expect(onClose).toHaveBeenCalledTimes(1)
    })

    it('asks on Cancel and on the close button too', async () => {
      const { onClose, user } = editKitchen()
      await user.click(screen.getByText('Start delay and slats'))
      await user.click(screen.getByLabelText('Venetian blind: its slats turn'))
      await user.click(screen.getByRole('button', { name: 'Cancel' }))
      expect(question()).not.toBeNull()
      await user.click(screen.getByRole('button', { name: 'Keep editing' }))
      await user.click(screen.getByRole('button', { name: 'Close' }))
      expect(question()).not.toBeNull()
      expect(onClose).not.toHaveBeenCalled()
    })

    it('closes at once on Escape while nothing was changed', async () => {
      const { onClose, user } = editKitchen()
      await user.type(screen.getByLabelText('Room'), 'x')
      await user.keyboard('{Backspace}')
      await user.keyboard('{Escape}')
      expect(question()).toBeNull()
      expect(onClose).toHaveBeenCalledTimes(1)
    })
  })
})
