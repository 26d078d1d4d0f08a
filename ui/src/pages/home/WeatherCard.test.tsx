// Home's weather card: the figures and the day's wind for everyone once a sensor reads; with
// no sensor, a line to Settings for admins and nothing for others; live with `weather:changed`.
import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { HubStatus, User } from '../../api/types'
import type { Weather, WeatherMinute } from '../../api/weather-types'
import { renderWithHub, setUpHubTests, stubHub } from '../../test-support/hub-stub'
import { testSensor, testWeather, testWeatherEvent } from '../../weather/test-weather'
import { WeatherCard, windSummary } from './WeatherCard'

const admin: User = { id: 'u-admin', username: 'admin', isAdmin: true, userBlindList: [] }
const anna: User = { id: 'u-anna', username: 'anna', isAdmin: false, userBlindList: [] }
const hubStatus = { timeZone: 'UTC' } as HubStatus
const minute = (at: string, windMean: number, windMax: number): WeatherMinute => ({
  at,
  windMean,
  windMax,
  rain: false,
  temperature: 12,
})
const calm = testWeather({ wind: 3.2, gust: 7.9, raining: true, temperature: -1.5 })
const noSensor = testWeather({ wind: null, gust: null, raining: null, temperature: null })

function show(me: User, weather: Weather | (() => Weather), history: WeatherMinute[] = []) {
  const hub = stubHub({ whoAmI: me, hubStatus, weather, weatherHistory: history })
  return { ...renderWithHub(<WeatherCard />), sent: hub }
}

describe('the weather card on Home', () => {
  setUpHubTests()

  it('shows everyone the wind now, the gust, rain and temperature', async () => {
    show(anna, calm)
    const card = await screen.findByRole('region', { name: 'Weather' })
    const figures = within(card)
      .getAllByRole('term')
      .map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`)
    expect(figures).toEqual([
      'Wind now: 3.2 m/s',
      'Gust (10 min): 7.9 m/s',
      'Rain: Raining',
      'Temperature: -1.5 °C',
    ])
  })

  it('says the strongest gust of the last 24 hours beside the chart', async () => {
    const now = Date.now()
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString()
    show(anna, calm, [minute(at(90), 4, 9.5), minute(at(30), 6, 14.2), minute(at(5), 3, 5)])
    const card = await screen.findByRole('region', { name: 'Weather' })
    await waitFor(() =>
      expect(within(card).getByText(/^Last 24 hours:/).textContent).toMatch(
        /^Last 24 hours: strongest gust 14\.2 m\/s at \d\d:\d\d/,
      ),
    )
  })

  it('says so when no wind was read in the last 24 hours', () => {
    expect(windSummary([], 'UTC')).toBe('No wind readings in the last 24 hours.')
  })

  it('shows an admin without a sensor a line to Settings', async () => {
    show(admin, noSensor)
    const link = await screen.findByRole('link', { name: 'Settings' })
    expect(link.getAttribute('href')).toBe('/settings')
    expect(link.closest('p')?.textContent).toMatch(
      /^No weather sensor: blinds outside are not protected/,
    )
  })

  it('shows nothing to a regular user without a sensor', async () => {
    const { container, sent } = show(anna, noSensor)
    await waitFor(() => expect(sent.variablesOf('weather')).toHaveLength(1))
    await new Promise((r) => setTimeout(r, 50))
    expect(container.textContent).toBe('')
  })

  it('shows an admin’s card once a sensor is set up, before its first reading', async () => {
    show(admin, { ...noSensor, sensors: [testSensor({ id: 's', value: null })] })
    expect(await screen.findByRole('region', { name: 'Weather' })).toBeTruthy()
  })

  it('follows the wind live', async () => {
    let weather = calm
    const { hub } = show(anna, () => weather)
    const card = await screen.findByRole('region', { name: 'Weather' })
    weather = { ...calm, wind: 12.4 }
    act(() => hub.push('weather:changed', testWeatherEvent({ wind: 12.4 })))
    await waitFor(() => expect(card.textContent).toContain('12.4 m/s'))
  })
})
