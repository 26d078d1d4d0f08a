import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Blind, HubStatus, User } from '../../api/types'
import { testBlind, testMotion } from '../../test-support/blinds'
import {
  HubErrorAnswer,
  renderWithHub,
  setUpHubTests,
  stubHub,
  type Answer,
  type SentRequest,
} from '../../test-support/hub-stub'
import BlindsPage from './BlindsPage'

const blind = (id: string, name: string, up: string, down: string): Blind =>
  testBlind({ id, name, blindAddressUp: up, blindAddressDown: down })
const office = blind('b-office', 'Office', '1:2', '1:3')
const kitchen = { ...blind('b-kitchen', 'Kitchen', '1:0', '1:1'), motion: 'MOVING_DOWN' as const }
/** The hub's word for a pause the asker's own command made. */
const byYou = { kind: 'USER', you: true, name: 'admin' } as const
const me = (isAdmin: boolean): User => ({
  id: 'u-1',
  username: isAdmin ? 'admin' : 'anna',
  isAdmin,
  userBlindList: [],
})

function renderBlindsAt(isAdmin: boolean, blinds: Blind[], answers: Record<string, Answer> = {}) {
  const { sent } = stubHub({ whoAmI: me(isAdmin), blindList: blinds, ...answers })
  const { location, hub } = renderWithHub(<BlindsPage />)
  return { sent, location, hub }
}

function renderBlinds(
  isAdmin: boolean,
  blinds: Blind[],
  answers: Record<string, Answer> = {},
): SentRequest[] {
  return renderBlindsAt(isAdmin, blinds, answers).sent
}

const hubStatus = (bus: Omit<HubStatus['bus'], 'strayFrames'>): HubStatus => ({
  version: '0.1.0',
  uptimeSeconds: 100,
  now: '2025-06-01T08:00:00.000Z',
  timeZone: 'Europe/Berlin',
  clockSynchronized: true,
  locationConfigured: false,
  bus: { ...bus, strayFrames: 0 },
  pulseMode: 'DEVICE',
  hubTimedPulseUnits: [],
  mqtt: null,
})

const toastText = () => screen.getByRole('status').textContent ?? ''

describe('the blinds page', () => {
  setUpHubTests()

  it('lists blinds by name, each a heading under the page’s, with their motion and no relay addresses', async () => {
    renderBlinds(true, [office, kitchen])
    const list = await screen.findByRole('list', { name: 'Blinds' })
    const [first, second, ...others] = within(list).getAllByRole('listitem')
    expect(others).toEqual([])
    expect(within(first!).getByRole('heading', { level: 2 }).textContent).toBe('Kitchen')
    expect(within(first!).getByText('Moving down')).toBeTruthy()
    expect(within(second!).getByRole('heading', { level: 2 }).textContent).toBe('Office')
    expect(within(second!).queryByText(/^Moving/)).toBeNull()
    // The relays are in the blind's dialog, not on every card.
    expect(list.textContent).not.toMatch(/1:0|1:2|Up 1/)
    expect(list.querySelector('.list-meta')).toBeNull()
    expect(screen.getByRole('heading', { level: 1, name: 'Blinds' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Add blind' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Edit Office' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Delete Office' })).toBeTruthy()
  })

  it('tells an admin on its card that a blind’s travel times are guessed, not measured', async () => {
    const guessed = { ...office, travelTimeKnown: false }
    renderBlinds(true, [guessed, kitchen])
    const card = (await screen.findByRole('heading', { name: 'Office' })).closest('li')!
    expect(within(card).getByText('Travel times guessed, not measured: calibrate')).toBeTruthy()
    const measured = screen.getByRole('heading', { name: 'Kitchen' }).closest('li')!
    expect(within(measured).queryByText(/guessed/)).toBeNull()
  })

  it('shows a regular user their blinds without addresses or admin buttons', async () => {
    renderBlinds(false, [office])
    await screen.findByRole('button', { name: 'Up Office' })
    expect(screen.queryByText(/1:2/)).toBeNull()
    expect(screen.queryByRole('button', { name: 'Add blind' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Edit Office' })).toBeNull()
  })

  it('tells a user without blinds to ask an admin, and an admin to add one', async () => {
    renderBlinds(false, [])
    expect(await screen.findByText('No blinds are assigned to you yet. Ask an admin.')).toBeTruthy()
  })

  it('offers an admin to add the first blind', async () => {
    renderBlinds(true, [])
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Add your first blind' }))
    expect(screen.getByRole('dialog', { name: 'Add blind' })).toBeTruthy()
  })

  it('moves a blind and shows the new motion at once', async () => {
    const sent = renderBlinds(false, [office], {
      blindMove: [{ ...office, motion: 'MOVING_UP' }],
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Up Office' }))

    expect(await screen.findByText('Moving up')).toBeTruthy()
    expect(sent.find((r) => r.operationName === 'blindMove')?.variables).toEqual({
      ids: ['b-office'],
      direction: 'UP',
    })
  })

  it('says shading is paused as soon as the hub answers a person’s Down, without asking again', async () => {
    const shaded = { ...office, shadingEnabled: true, facadeAzimuth: 180, shadePosition: 20 }
    const pausedUntil = new Date(Date.now() + 3_600_000).toISOString()
    renderBlinds(false, [shaded], {
      blindMove: [
        {
          ...shaded,
          motion: 'MOVING_DOWN',
          shading: { ...shaded.shading, pausedUntil, pausedBy: byYou },
        },
      ],
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Down Office' }))
    expect(await screen.findByText(/^Paused by you until/)).toBeTruthy()
  })

  it('asks again for the blinds when a push lands while they are being fetched', async () => {
    // The first fetch finds shading idle; the one a rest starts is slow and finds it paused.
    // A push for another blind in between must not lose what that fetch brings.
    const pausedUntil = new Date(Date.now() + 3_600_000).toISOString()
    const shaded = { ...office, shadingEnabled: true, facadeAzimuth: 180, shadePosition: 20 }
    const paused = { ...shaded, shading: { ...shaded.shading, pausedUntil, pausedBy: byYou } }
    let fetches = 0
    const { hub } = renderBlindsAt(false, [shaded, { ...kitchen, motion: 'IDLE' }], {
      blindList: () => {
        fetches += 1
        const list = [fetches === 1 ? shaded : paused, { ...kitchen, motion: 'IDLE' }]
        return new Promise((resolve) => setTimeout(() => resolve(list), fetches === 1 ? 0 : 50))
      },
    })
    await screen.findByText('Office')
    const motion = (id: string, m: Blind['motion']) =>
      hub.push('blind:motion', testMotion({ id, motion: m, position: 50 }))
    act(() => motion('b-office', 'IDLE'))
    act(() => motion('b-kitchen', 'MOVING_UP'))
    expect(await screen.findByText(/^Paused by you until/)).toBeTruthy()
  })

  it('puts the hub’s refusal to move (bus offline) in the toast', async () => {
    renderBlinds(false, [office], {
      blindMove: new HubErrorAnswer('The relay bus is offline: no answer from unit 1', 503),
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Stop Office' }))
    await waitFor(() =>
      expect(toastText()).toContain('The relay bus is offline: no answer from unit 1'),
    )
  })

  it('says the bus is offline in words, with the raw report in details, and disables moving', async () => {
    const raw = 'cannot open /dev/ttyUSB0: Error: Permission denied, cannot open /dev/ttyUSB0'
    const sent = renderBlinds(false, [office, kitchen], {
      hubStatus: hubStatus({ online: false, path: '/dev/ttyUSB0', error: raw }),
    })
    const reason = await screen.findByText(/no permission/)
    expect(reason.textContent).toBe(
      "The relay bus is offline, so blinds cannot move until it is back. The hub has no permission to open /dev/ttyUSB0 (is the hub's user in group dialout?).",
    )
    expect(reason.closest('.bus-notice')?.querySelector('details code')?.textContent).toBe(raw)
    const user = userEvent.setup()
    for (const name of ['Up Office', 'Stop Office', 'Down Kitchen']) {
      const button = screen.getByRole('button', { name })
      expect(button).toHaveProperty('disabled', true)
      expect(button.getAttribute('aria-describedby')).toBe(reason.id)
      await user.click(button)
    }
    expect(sent.filter((r) => r.operationName === 'blindMove')).toEqual([])
    // Starring is not the bus's business.
    expect(screen.getByRole('button', { name: 'Favourite Office' })).toHaveProperty(
      'disabled',
      false,
    )
  })

  it('names a board that did not answer, and keeps the buttons for the others', async () => {
    renderBlinds(false, [office], {
      hubStatus: hubStatus({
        online: true,
        path: '/dev/ttyUSB0',
        error: 'unit 2 did not answer within 250 ms (3 tries)',
      }),
    })
    expect(await screen.findByText(/^Relay board unit 2 did not answer/)).toBeTruthy()
    expect(screen.queryByText(/blinds cannot move/)).toBeNull()
    const up = screen.getByRole('button', { name: 'Up Office' })
    expect(up).toHaveProperty('disabled', false)
    expect(up.getAttribute('aria-describedby')).toBeNull()
  })

  it('shows no bus notice while the bus is online', async () => {
    renderBlinds(false, [office], {
      hubStatus: hubStatus({ online: true, path: 'emulator', error: null }),
    })
    await screen.findByRole('button', { name: 'Up Office' })
    expect(document.querySelector('.bus-notice')).toBeNull()
  })

  it('stars a blind before the hub answers, and unstars it if the hub refuses', async () => {
    let refuse: (answer: unknown) => void = () => {}
    renderBlinds(false, [office], {
      setFavoriteBlind: () => new Promise((resolve) => (refuse = resolve)),
    })
    const user = userEvent.setup()
    const star = await screen.findByRole('button', { name: 'Favourite Office' })
    expect(star.getAttribute('aria-pressed')).toBe('false')
    await user.click(star)
    await waitFor(() => expect(star.getAttribute('aria-pressed')).toBe('true'))

    refuse(new HubErrorAnswer('Blind b-office does not exist', 404))
    await waitFor(() => expect(star.getAttribute('aria-pressed')).toBe('false'))
    expect(toastText()).toContain('Blind b-office does not exist')
  })

  it('names the automations that use a blind before any click, with links and no Delete', async () => {
    const { location } = renderBlindsAt(true, [office], {
      blindUsage: {
        id: 'b-office',
        usedBy: [
          { id: 'a-morning', name: 'Morning' },
          { id: 'a-evening', name: 'Evening' },
        ],
      },
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Delete Office' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Office is in use' })
    expect(within(dialog).getByText(/^Used by:/).textContent).toBe(
      'Used by: Morning, Evening — remove it from them first.',
    )
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull()
    expect(within(dialog).getByRole('button', { name: 'OK' })).toBeTruthy()

    await user.click(within(dialog).getByRole('link', { name: 'Evening' }))
    expect(location.history?.at(-1)).toBe('/automation/a-evening')
  })

  it('waits for the answer before offering Delete, then deletes a blind nothing uses', async () => {
    let answer: (usage: unknown) => void = () => {}
    const sent = renderBlinds(true, [office], {
      blindUsage: () => new Promise((resolve) => (answer = resolve)),
      blindDelete: ['b-office'],
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Delete Office' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Delete blind Office?' })
    expect(within(dialog).getByRole('button', { name: 'Checking…' })).toHaveProperty(
      'disabled',
      true,
    )

    answer({ id: 'b-office', usedBy: [] })
    await user.click(await within(dialog).findByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(toastText()).toContain('Blind Office deleted'))
    expect(sent.find((r) => r.operationName === 'blindDelete')?.variables).toEqual({
      ids: ['b-office'],
    })
  })

  it('shows the hub’s 409 in the dialog when an automation took the blind meanwhile', async () => {
    renderBlinds(true, [office], {
      blindUsage: { id: 'b-office', usedBy: [] },
      blindDelete: new HubErrorAnswer(
        'Blinds still used by automations cannot be deleted: Office in Morning',
        409,
        'ids',
      ),
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Delete Office' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Delete blind Office?' })
    await user.click(await within(dialog).findByRole('button', { name: 'Delete' }))

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Blinds still used by automations cannot be deleted: Office in Morning',
    )
  })

  it('opens the edit form filled with the blind, travel times in seconds', async () => {
    renderBlinds(true, [{ ...office, travelTimeUpMs: 42500, travelTimeDownMs: 40000 }])
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Edit Office' }))
    const dialog = screen.getByRole('dialog', { name: 'Edit Office' })
    expect(within(dialog).getByLabelText('Name')).toHaveProperty('value', 'Office')
    expect(within(dialog).getByLabelText('Up address')).toHaveProperty('value', '1:2')
    expect(within(dialog).getByLabelText('Down address')).toHaveProperty('value', '1:3')
    expect(within(dialog).getByLabelText('Travel time up (seconds)')).toHaveProperty(
      'value',
      '42.5',
    )
    expect(within(dialog).getByLabelText('Travel time down (seconds)')).toHaveProperty(
      'value',
      '40',
    )
  })
})
