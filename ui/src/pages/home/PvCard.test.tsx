import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { PvStatus, User } from '../../api/types'
import { renderWithHub, setUpHubTests, stubHub } from '../../test-support/hub-stub'
import { hubStatus, notConfigured, producing } from '../photovoltaics/test-fixtures'
import HomePage from './HomePage'

const anna: User = { id: 'u-anna', username: 'anna', isAdmin: false, userBlindList: [] }

function renderHome(pv: PvStatus) {
  const stub = stubHub({ whoAmI: anna, hubStatus, blindList: [], automationList: [], pv })
  return { ...stub, ...renderWithHub(<HomePage />) }
}

describe('the photovoltaics card on Home', () => {
  setUpHubTests()

  it('shows the power now, the state and today’s energy, and opens the photovoltaics page', async () => {
    const { location } = renderHome(producing())
    const card = await screen.findByRole('link', { name: /^Solar power/ })
    expect(card.textContent).toBe('Solar power3.42 kWProducing · Today 12.3 kWh›')
    await userEvent.click(card)
    expect(location.history?.at(-1)).toBe('/photovoltaics')
  })

  it('follows the hub’s pushes', async () => {
    const { hub } = renderHome(producing())
    await screen.findByText('3.42 kW')
    act(() =>
      hub.push('pv:sample', {
        at: new Date().toISOString(),
        online: true,
        powerW: 640,
        dcPowerW: 700,
        todayWh: 15_000,
        state: 'MPPT',
      }),
    )
    expect(screen.getByRole('link', { name: /^Solar power/ }).textContent).toBe(
      'Solar power640 WProducing · Today 15.0 kWh›',
    )
  })

  it('says when the inverter is not reachable', async () => {
    renderHome(producing({ online: false, offlineSince: new Date().toISOString() }))
    const card = await screen.findByRole('link', { name: /^Solar power/ })
    expect(card.textContent).toBe('Solar power—Not reachable · Today 12.3 kWh›')
  })

  it('is not there while no inverter is set up', async () => {
    const { variablesOf } = renderHome(notConfigured)
    await screen.findByText('Relay bus online')
    await waitFor(() => expect(variablesOf('pv')).toHaveLength(1))
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(screen.queryByRole('link', { name: /Solar power/ })).toBeNull()
  })
})
