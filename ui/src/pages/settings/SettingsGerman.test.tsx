// The settings page in German: coordinates with a decimal comma and O for east, a bus address
// worded in German, and the latest alarms counting one Rollladen and two Rollläden.
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { HubStatus } from '../../api/types'
import { I18nProvider } from '../../i18n/I18nProvider'
import { LANGUAGE_KEY } from '../../i18n/language'
import { renderWithHub, setUpHubTests, stubHub } from '../../test-support/hub-stub'
import { testAlarm, testSensor, testWeather } from '../../weather/test-weather'
import { HouseLocation } from './HouseLocation'
import { WeatherAlarmSettings } from './WeatherAlarmSettings'
import { WeatherSensors } from './WeatherSensors'

const hubStatus = { timeZone: 'Europe/Berlin', mqtt: null } as unknown as HubStatus

describe('the settings page in German', () => {
  setUpHubTests()
  beforeEach(() => localStorage.setItem(LANGUAGE_KEY, 'de'))
  afterEach(() => localStorage.removeItem(LANGUAGE_KEY))

  it('says where the house stands with a decimal comma and O for east', async () => {
    stubHub({ houseLocation: { lat: 52.52, lon: 13.405, fromEnvironment: false } })
    renderWithHub(
      <I18nProvider>
        <HouseLocation />
      </I18nProvider>,
    )
    expect(await screen.findByText('Das Haus steht bei 52,520° N, 13,405° O')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Ändern' })).toBeTruthy()
  })

  it('lists a sensor’s bus address and the latest alarms with their blinds in German', async () => {
    const sensor = testSensor({ id: 's-wind', name: 'Dach', value: 4.2, unit: 12, register: 1200 })
    stubHub({
      hubStatus,
      weather: testWeather({ sensors: [sensor] }),
      blindList: [],
      weatherAlarms: [
        testAlarm({ id: 'a2', kind: 'FROST', peak: -1.5, blindIds: ['b1'], overriddenBy: 'admin' }),
        testAlarm({ id: 'a1', kind: 'WIND', peak: 16.4, blindIds: ['b1', 'b2'] }),
      ],
    })
    renderWithHub(
      <I18nProvider>
        <WeatherSensors />
        <WeatherAlarmSettings />
      </I18nProvider>,
    )
    const sensors = await screen.findByRole('list', { name: 'Wettersensoren' })
    expect(within(sensors).getByText(/^Bus-Unit 12 · Funktion \d · Register 1200$/)).toBeTruthy()
    expect(within(sensors).getByText('Online · 4,2 m/s')).toBeTruthy()
    const alarms = await screen.findByRole('list', { name: 'Letzte Alarme, neueste zuerst' })
    const [frost, wind] = within(alarms).getAllByRole('listitem')
    expect(frost!.textContent).toMatch(/^Frost · Spitze -1,5 °C/)
    expect(frost!.textContent).toContain('· 1 Rollladen')
    expect(frost!.textContent).toContain('aufgehoben von admin')
    expect(wind!.textContent).toMatch(/^Wind · Spitze 16,4 m\/s/)
    expect(wind!.textContent).toContain('· 2 Rollläden')
  })
})
