// The automation editor's position scenes: offered first, with blinds, where to and (for
// blinds with slats) a tilt, and no duration; and blind control's "full travel".
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Blind } from '../../api/types'
import { fieldError } from '../../test-support/field-error'
import { renderWithHub, setUpHubTests } from '../../test-support/hub-stub'
import {
  AutomationRoutes,
  KITCHEN,
  LIVING_ROOM,
  NOT_POSITION,
  automation,
  scene,
  stubAutomationHub,
} from './test-fixtures'

setUpHubTests()

const STUDY: Blind = {
  ...LIVING_ROOM,
  id: '0b1d7a52-6c1e-4f6a-9d3c-7a1e5b2c4d03',
  name: 'Study',
  blindAddressUp: '1:4',
  blindAddressDown: '1:5',
  tiltTimeMs: 1500,
  travelTimeUpMs: 42000,
  room: 'Upstairs',
}

function createAutomation(blinds: Blind[] = [LIVING_ROOM, KITCHEN, STUDY]) {
  const hub = stubAutomationHub({
    blindList: blinds,
    automationCreate: { id: 'a-new', name: 'Evening' },
  })
  const user = userEvent.setup()
  renderWithHub(<AutomationRoutes />, { path: '/automation/create' })
  return { hub, user }
}

/** The scene the hub was sent. */
const sentScene = (hub: ReturnType<typeof stubAutomationHub>) =>
  (hub.variablesOf('automationCreate')[0]?.input as { scene: unknown[] } | undefined)?.scene[0]

describe('a position scene', () => {
  it('is offered first and by default, without a duration, lasting until the blinds arrive', async () => {
    const { user } = createAutomation()
    const type = within(scene(1)).getByLabelText('Type') as HTMLSelectElement
    expect([...type.options].map((o) => o.textContent)).toEqual([
      'Position',
      'Blind control (timed)',
      'Delay',
    ])
    expect(type.value).toBe('POSITION')
    expect(within(scene(1)).queryByLabelText('Duration (seconds)')).toBeNull()
    await user.click(await within(scene(1)).findByRole('checkbox', { name: 'Study' }))
    expect(within(scene(1)).getByText(/^Lasts until the blinds arrive/).textContent).toBe(
      'Lasts until the blinds arrive, at most about 44 s; then the next scene starts.',
    )
  })

  it('names each blind’s checkbox by the blind alone, its room and slats as its description', async () => {
    const bedroom: Blind = { ...KITCHEN, id: 'b-bedroom', name: 'Bedroom', room: 'bedroom' }
    createAutomation([bedroom, STUDY])
    const box = await within(scene(1)).findByRole('checkbox', { name: 'Bedroom' })
    // Named as its room, so the room is not said twice: "Bedroom", never "Bedroom Bedroom".
    expect(box.getAttribute('aria-describedby')).toBeNull()
    expect(box.closest('label')?.textContent).toBe('Bedroom')
    const study = within(scene(1)).getByRole('checkbox', { name: 'Study' })
    const described = document.getElementById(study.getAttribute('aria-describedby')!)
    expect(described?.textContent).toBe('Upstairs · slats')
  })

  it('sends its blinds and "Fully closed" as position 0, with no duration', async () => {
    const { hub, user } = createAutomation()
    await user.type(screen.getByLabelText('Name'), 'Evening')
    await user.click(await within(scene(1)).findByRole('checkbox', { name: 'Kitchen' }))
    await user.click(within(scene(1)).getByRole('checkbox', { name: 'Living room' }))
    await user.click(within(scene(1)).getByRole('radio', { name: 'Fully closed' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('Automation Evening created')
    expect(sentScene(hub)).toEqual({
      name: 'Set position',
      type: 'POSITION',
      blindIds: [KITCHEN.id, LIVING_ROOM.id],
      position: 0,
      tilt: null,
    })
  })

  it('sends a part-open position as typed, and follows the slider', async () => {
    const { hub, user } = createAutomation()
    await user.type(screen.getByLabelText('Name'), 'Evening')
    await user.click(await within(scene(1)).findByRole('checkbox', { name: 'Kitchen' }))
    expect(within(scene(1)).getByRole('radio', { name: 'Fully open' })).toHaveProperty(
      'checked',
      true,
    )
    await user.click(within(scene(1)).getByRole('radio', { name: 'Part open' }))
    const percent = within(scene(1)).getByLabelText('Percent open')
    expect(percent).toHaveProperty('value', '50')
    await user.clear(percent)
    await user.type(percent, '40')
    expect(within(scene(1)).getByRole('slider', { name: 'Percent open, slider' })).toHaveProperty(
      'value',
      '40',
    )
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('Automation Evening created')
    expect(sentScene(hub)).toMatchObject({ position: 40, tilt: null })
  })

  it('offers the slats only while every chosen blind has them, and sends the tilt', async () => {
    const { hub, user } = createAutomation()
    await user.type(screen.getByLabelText('Name'), 'Evening')
    expect(within(scene(1)).queryByLabelText('Also turn the slats')).toBeNull()
    await user.click(await within(scene(1)).findByRole('checkbox', { name: 'Study' }))
    await user.click(within(scene(1)).getByLabelText('Also turn the slats'))
    const slats = within(scene(1)).getByLabelText('Slats (% open)')
    await user.clear(slats)
    await user.type(slats, '30')
    // A blind without slats in the scene: no tilt, and none sent.
    await user.click(within(scene(1)).getByRole('checkbox', { name: 'Kitchen' }))
    expect(within(scene(1)).queryByLabelText('Also turn the slats')).toBeNull()
    await user.click(within(scene(1)).getByRole('checkbox', { name: 'Kitchen' }))
    await user.click(within(scene(1)).getByLabelText('Also turn the slats'))
    await user.clear(within(scene(1)).getByLabelText('Slats (% open)'))
    await user.type(within(scene(1)).getByLabelText('Slats (% open)'), '30')
    await user.click(within(scene(1)).getByRole('radio', { name: 'Keep position' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('Automation Evening created')
    expect(sentScene(hub)).toEqual({
      name: 'Set position',
      type: 'POSITION',
      blindIds: [STUDY.id],
      position: null,
      tilt: 30,
    })
  })

  it('shows a missing blind and a percentage beyond 100 at their fields, sending nothing', async () => {
    const { hub, user } = createAutomation()
    await user.type(screen.getByLabelText('Name'), 'Evening')
    await user.click(within(scene(1)).getByRole('radio', { name: 'Part open' }))
    const percent = within(scene(1)).getByLabelText('Percent open')
    await user.clear(percent)
    await user.type(percent, '150')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Fix the marked fields')).toBeTruthy()
    expect(fieldError(within(scene(1)).getByRole('group', { name: 'Blinds to move' }))).toBe(
      'Tick at least one blind to move',
    )
    expect(fieldError(within(scene(1)).getByLabelText('Percent open'))).toBe(
      'Enter a whole number from 0 (closed) to 100 (open)',
    )
    expect(hub.variablesOf('automationCreate')).toEqual([])
  })

  it('opens a saved position scene with its blinds and percentage', async () => {
    stubAutomationHub({
      automation: automation({
        scene: [
          {
            id: 's-1',
            name: 'Half',
            type: 'POSITION',
            index: 0,
            duration: 30000,
            blindAddresses: [],
            blindIds: [KITCHEN.id],
            position: 40,
            tilt: null,
          },
        ],
      }),
    })
    renderWithHub(<AutomationRoutes />, { path: '/automation/a-morning' })
    const kitchen = await within(await screen.findByRole('group', { name: 'Scene 1' })).findByRole(
      'checkbox',
      { name: 'Kitchen' },
    )
    expect(kitchen).toHaveProperty('checked', true)
    expect(within(scene(1)).getByRole('radio', { name: 'Part open' })).toHaveProperty(
      'checked',
      true,
    )
    expect(within(scene(1)).getByLabelText('Percent open')).toHaveProperty('value', '40')
  })
})

describe('a blind-control scene’s full travel', () => {
  it('sets the duration from the ticked blinds’ longest run plus 2 s, so nobody guesses', async () => {
    const slowKitchen = { ...KITCHEN, travelTimeDownMs: 45000, motorStartDelayMs: 500 }
    const { user } = createAutomation([LIVING_ROOM, slowKitchen])
    await user.selectOptions(within(scene(1)).getByLabelText('Type'), 'BLIND_CONTROL')
    const fullTravel = within(scene(1)).getByRole('button', { name: 'Full travel' })
    expect(fullTravel).toHaveProperty('disabled', true)
    await user.click(await within(scene(1)).findByLabelText('Living room up'))
    await user.click(fullTravel)
    expect(within(scene(1)).getByLabelText('Duration (seconds)')).toHaveProperty('value', '32')
    await user.click(within(scene(1)).getByLabelText('Kitchen down'))
    expect(within(scene(1)).getByText(/^Sets 47.5 s/)).toBeTruthy()
    await user.click(fullTravel)
    await waitFor(() =>
      expect(within(scene(1)).getByLabelText('Duration (seconds)')).toHaveProperty('value', '47.5'),
    )
  })

  it('keeps a saved blind-control scene as it was', async () => {
    stubAutomationHub({ automation: automation() })
    renderWithHub(<AutomationRoutes />, { path: '/automation/a-morning' })
    const first = await screen.findByRole('group', { name: 'Scene 1' })
    expect((within(first).getByLabelText('Type') as HTMLSelectElement).value).toBe('BLIND_CONTROL')
    expect(within(first).getByLabelText('Duration (seconds)')).toHaveProperty('value', '30')
    expect(NOT_POSITION.blindIds).toEqual([])
  })
})
