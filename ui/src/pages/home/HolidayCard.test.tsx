import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Holiday, HubStatus, User } from '../../api/types'
import { errorAt } from '../../test-support/field-error'
import {
  HubErrorAnswer,
  renderWithHub,
  setUpHubTests,
  stubHub,
  type Answer,
} from '../../test-support/hub-stub'
import { HolidayCard, holidayText, offsetChoices } from './HolidayCard'

const admin: User = { id: 'u-admin', username: 'admin', isAdmin: true, userBlindList: [] }
const anna: User = { id: 'u-anna', username: 'anna', isAdmin: false, userBlindList: [] }
const berlin: HubStatus = {
  version: '0.1.0',
  uptimeSeconds: 100,
  now: '2026-07-01T08:00:00.000Z',
  timeZone: 'Europe/Berlin',
  clockSynchronized: true,
  locationConfigured: true,
  bus: { online: true, path: 'emulator', error: null },
  pulseMode: 'DEVICE',
  hubTimedPulseUnits: [],
  mqtt: null,
}
const off: Holiday = { enabled: false, randomOffsetMinutes: 0, since: null }
const on: Holiday = { enabled: true, randomOffsetMinutes: 15, since: '2026-07-01T06:30:00Z' }

function show(me: User, holiday: Holiday, answers: Record<string, Answer> = {}) {
  const hub = stubHub({ whoAmI: me, hubStatus: berlin, holiday, ...answers })
  renderWithHub(<HolidayCard />)
  return { hub, user: userEvent.setup() }
}

describe('the holiday card on Home', () => {
  setUpHubTests()

  it('tells everyone that schedules and shading are paused, and since when', async () => {
    show(anna, on)
    const title = await screen.findByRole('heading', { name: /^Holiday mode:/ })
    expect(title.textContent).toMatch(/^Holiday mode: schedules and shading paused since .*08:30/)
    expect(screen.getByText(/Schedules vary by up to 15 min\./)).toBeTruthy()
    // Only admins switch it.
    expect(screen.queryByRole('switch')).toBeNull()
    expect(screen.queryByLabelText(/Look lived-in/)).toBeNull()
  })

  it('shows nothing to a regular user while it is off', async () => {
    const { hub } = show(anna, off)
    await waitFor(() => expect(hub.variablesOf('holiday')).toHaveLength(1))
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryByText(/Holiday mode/)).toBeNull()
  })

  it('lets an admin switch it on with the lived-in offset, and says so at once', async () => {
    // The hub keeps what it was told, and answers the next read with it.
    let holiday: Holiday = { ...off, randomOffsetMinutes: 10 }
    const { hub, user } = show(admin, holiday, {
      holiday: () => holiday,
      holidaySet: (v: Record<string, unknown>) =>
        (holiday = {
          enabled: v.enabled as boolean,
          randomOffsetMinutes: v.randomOffsetMinutes as number,
          since: v.enabled ? new Date().toISOString() : null,
        }),
    })
    const toggle = await screen.findByRole('switch', { name: 'Holiday mode' })
    expect(screen.getByRole('heading').textContent).toBe('Holiday mode is off')
    expect(toggle).toHaveProperty('checked', false)

    await user.click(toggle)
    await screen.findByRole('heading', {
      name: /^Holiday mode: schedules and shading paused since today/,
    })
    expect(screen.getByRole('switch', { name: 'Holiday mode' })).toHaveProperty('checked', true)

    await user.selectOptions(screen.getByLabelText('Look lived-in'), '30')
    expect(hub.variablesOf('holidaySet')).toEqual([
      { enabled: true, randomOffsetMinutes: 10 },
      { enabled: true, randomOffsetMinutes: 30 },
    ])
  })

  it('shows the hub’s 400 about the offset at its field', async () => {
    const { user } = show(admin, off, {
      holidaySet: new HubErrorAnswer(
        'randomOffsetMinutes must be an integer from 0 to 30 minutes (got 35)',
        400,
        'randomOffsetMinutes',
      ),
    })
    await user.selectOptions(await screen.findByLabelText('Look lived-in'), '20')
    await waitFor(() =>
      expect(errorAt('Look lived-in')).toBe('Must be an integer from 0 to 30 minutes (got 35)'),
    )
  })

  it('offers every 5 minutes up to 30, and keeps an offset set otherwise', () => {
    expect(offsetChoices(0)).toEqual([0, 5, 10, 15, 20, 25, 30])
    expect(offsetChoices(7)).toEqual([0, 5, 7, 10, 15, 20, 25, 30])
    expect(holidayText(off, 'UTC')).toBe('Holiday mode is off')
  })
})
