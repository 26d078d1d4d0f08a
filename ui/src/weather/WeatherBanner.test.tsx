// The red banner says, on every page, which weather alarm holds and what it does to the
// viewer's own blinds, and comes and goes live with `weather:changed`.
import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { HubStatus } from '../api/types'
import type { Weather } from '../api/weather-types'
import { testBlind } from '../test-support/blinds'
import { renderWithHub, setUpHubTests, stubHub } from '../test-support/hub-stub'
import { testAlarm, testWeather, testWeatherEvent } from './test-weather'
import { WeatherBanner } from './WeatherBanner'

const berlin = { timeZone: 'Europe/Berlin' } as HubStatus
const six = ['b1', 'b2', 'b3', 'b4', 'b5', 'b6']
const blinds = six.map((id) => testBlind({ id, name: id }))

function show(weather: Weather | (() => Weather)) {
  stubHub({ weather, blindList: blinds, hubStatus: berlin })
  return renderWithHub(<WeatherBanner />)
}

describe('the weather alarm banner', () => {
  setUpHubTests()

  it('names a wind alarm with its wind and how many blinds it raised until calm', async () => {
    show(testWeather({ alarms: [testAlarm({ kind: 'WIND', peak: 14.2, blindIds: six })] }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Wind alarm: 14.2 m/s. 6 blinds raised and locked until 10 minutes of calm',
    )
  })

  it.each([
    [
      testAlarm({ kind: 'RAIN', blindIds: ['b1', 'b2'] }),
      'Rain alarm: 2 blinds raised and locked until 10 minutes without rain',
    ],
    [
      testAlarm({ kind: 'FROST', peak: 1.2, blindIds: ['b1'] }),
      'Frost: 1 blind held where it stands until 2 hours at 4 °C or more',
    ],
    [
      testAlarm({ kind: 'SENSOR', blindIds: six }),
      'Wind sensor silent: 6 blinds raised and locked until it reads again',
    ],
    [
      testAlarm({ kind: 'RAIN', blindIds: ['b1'], releaseAt: '2026-07-01T12:32:00.000Z' }),
      // The hub's clock in the browser's own format: 14:32 or 02:32 PM.
      /^Rain alarm: 1 blind raised and locked until (14:32|02:32 PM)$/,
    ],
  ])('says what a %s alarm holds and until when', async (alarm, sentence) => {
    show(testWeather({ alarms: [alarm] }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(sentence))
  })

  it('says a blind with another safety position is sent to safety, not raised', async () => {
    stubHub({
      weather: testWeather({ alarms: [testAlarm({ kind: 'WIND', peak: 12, blindIds: ['a'] })] }),
      blindList: [testBlind({ id: 'a', name: 'Awning', safetyPosition: 0 })],
    })
    renderWithHub(<WeatherBanner />)
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Wind alarm: 12.0 m/s. 1 blind sent to safety and locked until 10 minutes of calm',
      ),
    )
  })

  it('comes with the push that tells of an alarm, and goes with the one that ends it', async () => {
    let weather = testWeather()
    const { hub } = show(() => weather)
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
    weather = testWeather({ alarms: [testAlarm({ kind: 'WIND', peak: 15, blindIds: ['b1'] })] })
    act(() => hub.push('weather:changed', testWeatherEvent({ alarms: ['WIND'], locksVersion: 2 })))
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Wind alarm: 15\.0 m\/s\./)
    weather = testWeather()
    act(() => hub.push('weather:changed', testWeatherEvent({ locksVersion: 3 })))
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
  })
})
