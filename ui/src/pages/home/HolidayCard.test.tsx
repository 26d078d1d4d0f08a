// Home's holiday card shows holiday mode's state to everyone while it is on; it is switched on
// the settings page, to which an admin gets a link. Off, Home says nothing of it.
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Holiday, HubStatus, User } from '../../api/types'
import { renderWithHub, setUpHubTests, stubHub } from '../../test-support/hub-stub'
import { HolidayCard } from './HolidayCard'

const admin: User = { id: 'u-admin', username: 'admin', isAdmin: true, userBlindList: [] }
const anna: User = { id: 'u-anna', username: 'anna', isAdmin: false, userBlindList: [] }
const berlin: HubStatus = {
  version: '0.1.0',
  uptimeSeconds: 100,
  now: '2026-07-01T08:00:00.000Z',
  timeZone: 'Europe/Berlin',
  clockSynchronized: true,
  locationConfigured: true,
  bus: { online: true, path: 'emulator', error: null, strayFrames: 0 },
  pulseMode: 'DEVICE',
  hubTimedPulseUnits: [],
  mqtt: null,
}
const off: Holiday = { enabled: false, randomOffsetMinutes: 0, since: null }
const on: Holiday = { enabled: true, randomOffsetMinutes: 15, since: '2026-07-01T06:30:00Z' }

function show(me: User, holiday: Holiday) {
  const sent = stubHub({ whoAmI: me, hubStatus: berlin, holiday })
  const { container } = renderWithHub(<HolidayCard />)
  return { sent, container }
}

describe('the holiday card on Home', () => {
  setUpHubTests()

  it('tells everyone that schedules and shading are paused, and since when', async () => {
    show(anna, on)
    const title = await screen.findByRole('heading', { name: /^Holiday mode:/ })
    expect(title.textContent).toMatch(/^Holiday mode: schedules and shading paused since .*08:30/)
    expect(screen.getByText(/Schedules vary by up to 15 min\./)).toBeTruthy()
    expect(screen.queryByRole('switch')).toBeNull()
    expect(screen.queryByRole('link')).toBeNull()
  })

  it('gives an admin the way to the settings page instead of a switch', async () => {
    show(admin, on)
    await screen.findByRole('heading', { name: /^Holiday mode:/ })
    expect(screen.queryByRole('switch')).toBeNull()
    expect(screen.queryByLabelText(/Look lived-in/)).toBeNull()
    expect(
      screen.getByRole('link', { name: 'Switch it off in Settings' }).getAttribute('href'),
    ).toBe('/settings')
  })

  it.each([
    ['a regular user', anna],
    ['an admin', admin],
  ])('shows nothing to %s while it is off', async (_, me) => {
    const { sent, container } = show(me, off)
    await waitFor(() => expect(sent.variablesOf('holiday')).toHaveLength(1))
    await new Promise((r) => setTimeout(r, 50))
    expect(container.textContent).toBe('')
  })
})
