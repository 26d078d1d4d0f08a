// A blind's card on the Blinds page says what shading does with it: "Shading", "Paused by you
// until Thu 07:00" in the hub's time zone (or whoever else paused it), or nothing at all.
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { HubStatus, ShadingState, User } from '../api/types'
import BlindsPage from '../pages/blinds/BlindsPage'
import { testBlind, testMotion } from '../test-support/blinds'
import { renderWithHub, setUpHubTests, stubHub } from '../test-support/hub-stub'

const anna: User = { id: 'u-anna', username: 'anna', isAdmin: false, userBlindList: [] }
const inSydney: HubStatus = {
  version: '0.1.0',
  uptimeSeconds: 100,
  now: '2026-06-24T08:00:00.000Z',
  timeZone: 'Australia/Sydney',
  clockSynchronized: true,
  locationConfigured: true,
  bus: { online: true, path: 'emulator', error: null, strayFrames: 0 },
  pulseMode: 'DEVICE',
  hubTimedPulseUnits: [],
  mqtt: null,
}
const off: ShadingState = {
  active: false,
  pausedUntil: null,
  pausedBy: null,
  reason: null,
  since: null,
}
const byYou = { kind: 'USER', you: true, name: 'anna' } as const

async function cardWith(shading: ShadingState) {
  stubHub({
    whoAmI: anna,
    hubStatus: inSydney,
    blindList: [testBlind({ id: 'b-1', name: 'Kitchen', shadingEnabled: true, shading })],
  })
  const { hub } = renderWithHub(<BlindsPage />)
  return { card: (await screen.findByText('Kitchen')).closest('li')!, hub }
}

describe('the shading state on a blind’s card', () => {
  setUpHubTests()
  // The morning of 24 June 2026 (the hub's status says so too); the clock stands still.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(inSydney.now) })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('says "Shading" while shading holds the blind in its shade position', async () => {
    const { card } = await cardWith({ ...off, active: true, reason: 'BRIGHT' })
    expect(card.querySelector('.blind-shading')?.textContent).toBe('Shading')
  })

  it('says until when a person paused shading, in the hub’s time zone', async () => {
    const { card } = await cardWith({
      ...off,
      reason: 'PAUSED',
      pausedUntil: '2026-06-24T21:00:00Z',
      pausedBy: byYou,
    })
    await screen.findByText('Paused by you until Thu 07:00')
    // A no-break space keeps the weekday and the time on one line.
    expect(card.querySelector('.blind-shading')?.textContent).toBe(
      'Paused by you until Thu\u00a007:00',
    )
  })

  it('drops a pause from the card once it has ended, before the hub says so', async () => {
    const { card, hub } = await cardWith({
      ...off,
      reason: 'PAUSED',
      pausedUntil: '2026-06-24T21:00:00Z',
      pausedBy: byYou,
    })
    await screen.findByText('Paused by you until Thu 07:00')
    vi.setSystemTime(Date.parse('2026-06-24T21:00:30Z'))
    // Anything that draws the card again (here a push about the blind) shows the pause gone.
    act(() => hub.push('blind:motion', testMotion({ id: 'b-1' })))
    await waitFor(() => expect(card.querySelector('.blind-shading')).toBeNull())
    expect(card.textContent).not.toMatch(/Paused/)
  })

  it('says that an admin’s automation paused it, not that the user did', async () => {
    const { card } = await cardWith({
      ...off,
      reason: 'PAUSED',
      pausedUntil: '2026-06-24T21:00:00Z',
      pausedBy: { kind: 'AUTOMATION', you: false, name: null },
    })
    await screen.findByText('Paused by an automation until Thu 07:00')
    expect(card.textContent).not.toMatch(/by you/)
  })

  it('says nothing while shading leaves the blind alone', async () => {
    const { card } = await cardWith(off)
    expect(card.querySelector('.blind-shading')).toBeNull()
    expect(card.textContent).not.toMatch(/Shading|Paused/)
  })
})
