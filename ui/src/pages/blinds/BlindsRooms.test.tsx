// The Blinds page by room: rooms in name order with the blinds without one last, and Up /
// Stop / Down for a room or the whole house as one blindMove of all their blinds.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Blind, User } from '../../api/types'
import { testBlind } from '../../test-support/blinds'
import {
  renderWithHub,
  setUpHubTests,
  stubHub,
  type Answer,
  type SentRequest,
} from '../../test-support/hub-stub'
import BlindsPage from './BlindsPage'

const anna: User = { id: 'u-anna', username: 'anna', isAdmin: false, userBlindList: [] }

function renderBlinds(blinds: Blind[], answers: Record<string, Answer> = {}): SentRequest[] {
  const { sent } = stubHub({ whoAmI: anna, blindList: blinds, ...answers })
  renderWithHub(<BlindsPage />)
  return sent
}

describe('the blinds page’s rooms', () => {
  setUpHubTests()

  const inRoom = (id: string, name: string, room: string | null) =>
    testBlind({
      id,
      name,
      room,
      blindAddressUp: `2:${id.length}`,
      blindAddressDown: `2:${id.length + 1}`,
    })
  const left = inRoom('b-left', 'Left window', 'Living room')
  const right = inRoom('b-right', 'Right window', 'Living room')
  const bath = inRoom('b-bath', 'Bath', 'Bathroom')
  const shed = inRoom('b-shed', 'Shed', null)

  const cardNames = (list: HTMLElement) =>
    within(list)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.list-title')?.textContent)

  it('groups blinds by room, rooms by name, and those without a room last', async () => {
    renderBlinds([shed, right, bath, left])
    const rooms = await screen.findAllByRole('heading', { level: 2 })
    expect(rooms.map((h) => h.textContent)).toEqual(['Bathroom', 'Living room', 'Without a room'])
    expect(cardNames(screen.getByRole('list', { name: 'Living room' }))).toEqual([
      'Left window',
      'Right window',
    ])
    expect(cardNames(screen.getByRole('list', { name: 'Bathroom' }))).toEqual(['Bath'])
    expect(cardNames(screen.getByRole('list', { name: 'Without a room' }))).toEqual(['Shed'])
    // Each card's name is a heading one below its room's.
    expect(
      within(screen.getByRole('list', { name: 'Bathroom' })).getByRole('heading', { level: 3 })
        .textContent,
    ).toBe('Bath')
  })

  it('moves every blind of a room with one blindMove, and no other', async () => {
    const sent = renderBlinds([shed, right, bath, left], {
      blindMove: (v: Record<string, unknown>) =>
        [shed, right, bath, left].filter((b) => (v.ids as string[]).includes(b.id)),
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Down all blinds in Living room' }))
    await user.click(screen.getByRole('button', { name: 'Stop all blinds without a room' }))
    expect(sent.filter((r) => r.operationName === 'blindMove').map((r) => r.variables)).toEqual([
      { ids: ['b-left', 'b-right'], direction: 'DOWN' },
      { ids: ['b-shed'], direction: 'STOP' },
    ])
  })

  it('moves the whole house with one blindMove of every blind', async () => {
    const sent = renderBlinds([shed, right, bath, left], { blindMove: [] })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Up all blinds' }))
    expect(sent.find((r) => r.operationName === 'blindMove')?.variables).toEqual({
      ids: ['b-bath', 'b-left', 'b-right', 'b-shed'],
      direction: 'UP',
    })
  })

  it('shows one list without room headings while no blind has a room', async () => {
    renderBlinds([
      testBlind({ id: 'b-office', name: 'Office' }),
      testBlind({
        id: 'b-kitchen',
        name: 'Kitchen',
        blindAddressUp: '1:2',
        blindAddressDown: '1:3',
      }),
    ])
    const list = await screen.findByRole('list', { name: 'Blinds' })
    expect(cardNames(list)).toEqual(['Kitchen', 'Office'])
    // No room headings: the cards' names are the headings under the page's.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Kitchen',
      'Office',
    ])
  })

  it('keeps room buttons from moving anything while the bus is offline', async () => {
    renderBlinds([left, right], {
      hubStatus: {
        version: '0.1.0',
        uptimeSeconds: 100,
        now: '2025-06-01T08:00:00.000Z',
        timeZone: 'Europe/Berlin',
        clockSynchronized: true,
        locationConfigured: false,
        bus: { online: false, path: '/dev/ttyUSB0', error: 'cannot open /dev/ttyUSB0' },
        pulseMode: 'DEVICE',
        hubTimedPulseUnits: [],
      },
    })
    const down = await screen.findByRole('button', { name: 'Down all blinds in Living room' })
    await waitFor(() => expect(down).toHaveProperty('disabled', true))
    expect(screen.getByRole('button', { name: 'Down all blinds' })).toHaveProperty('disabled', true)
  })
})
