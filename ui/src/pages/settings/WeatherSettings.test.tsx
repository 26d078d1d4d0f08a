// Weather on the settings page: the sensors listed with where they are read, whether they
// answer and their value; a sensor added with a preset, refused at its fields by the hub's own
// rules (unit 0, register 70000) and by the hub's 400; deleted after asking; the release times
// saved or refused (0 minutes); frost lifted after asking; and the latest alarms.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { HubStatus } from '../../api/types'
import type { Weather } from '../../api/weather-types'
import { errorAt } from '../../test-support/field-error'
import {
  HubErrorAnswer,
  renderWithHub,
  setUpHubTests,
  stubHub,
  type Answer,
} from '../../test-support/hub-stub'
import { testAlarm, testSensor, testWeather } from '../../weather/test-weather'
import { WeatherAlarmSettings } from './WeatherAlarmSettings'
import { WeatherSensors } from './WeatherSensors'

const hubStatus = { timeZone: 'Europe/Berlin', mqtt: null } as unknown as HubStatus
const anemometer = testSensor({ id: 's-wind', name: 'Roof', value: 4.2 })
const rain = testSensor({
  id: 's-rain',
  name: 'Rain gauge',
  kind: 'RAIN',
  unit: 3,
  value: null,
  online: false,
  error: 'no answer from unit 3',
})

function show(weather: Weather, answers: Record<string, Answer> = {}) {
  const hub = stubHub({ hubStatus, weather, weatherAlarms: [], blindList: [], ...answers })
  renderWithHub(
    <>
      <WeatherSensors />
      <WeatherAlarmSettings />
    </>,
  )
  return { hub, user: userEvent.setup() }
}

describe('the weather sensors on the settings page', () => {
  setUpHubTests()

  it('lists each sensor with where it is read, whether it answers, its value and its error', async () => {
    show(testWeather({ sensors: [anemometer, rain] }))
    const list = await screen.findByRole('list', { name: 'Weather sensors' })
    const [roof, gauge] = within(list).getAllByRole('listitem')
    expect(roof!.textContent).toContain('Bus unit 2 · function 3 · register 0')
    expect(roof!.textContent).toContain('Online · 4.2 m/s')
    expect(gauge!.textContent).toContain('Offline · No reading yet')
    expect(gauge!.textContent).toContain('no answer from unit 3')
  })

  it('adds a sensor a preset filled in, sending its bus settings', async () => {
    const { hub, user } = show(testWeather(), {
      weatherSensorCreate: (v: Record<string, unknown>) =>
        testSensor({ id: 's-new', ...(v.input as object) }),
    })
    await user.click(await screen.findByRole('button', { name: 'Add sensor' }))
    const dialog = screen.getByRole('dialog', { name: 'Add weather sensor' })
    await user.selectOptions(within(dialog).getByLabelText('Preset'), 'xy-md02')
    expect(within(dialog).getByLabelText('Unit')).toHaveProperty('value', '22')
    expect(within(dialog).getByLabelText('Register')).toHaveProperty('value', '1')
    expect(within(dialog).getByLabelText('Function')).toHaveProperty('value', '4')
    expect(within(dialog).getByLabelText('Measures')).toHaveProperty('value', 'TEMPERATURE')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(hub.variablesOf('weatherSensorCreate')).toEqual([
      {
        input: {
          name: 'Outside',
          kind: 'TEMPERATURE',
          scale: 0.1,
          pollMs: null,
          unit: 22,
          function: 4,
          register: 1,
          signed: true,
        },
      },
    ])
  })

  it('refuses unit 0 and register 70000 at their fields, sending nothing', async () => {
    const { hub, user } = show(testWeather())
    await user.click(await screen.findByRole('button', { name: 'Add sensor' }))
    await user.type(screen.getByLabelText('Name'), 'Roof')
    await user.type(screen.getByLabelText('Unit'), '0')
    await user.type(screen.getByLabelText('Register'), '70000')
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }))
    expect(errorAt('Unit')).toBe('Must be an integer from 1 to 247 (got 0)')
    expect(errorAt('Register')).toBe('Must be an integer from 0 to 65535 (got 70000)')
    expect(document.activeElement).toBe(screen.getByLabelText('Unit'))
    expect(hub.variablesOf('weatherSensorCreate')).toHaveLength(0)
  })

  it('shows the hub’s 400 about the name at that field', async () => {
    const { user } = show(testWeather({ sensors: [anemometer] }), {
      weatherSensorUpdate: new HubErrorAnswer('name "Rain" is already taken', 409, 'name'),
    })
    await user.click(await screen.findByRole('button', { name: 'Edit Roof' }))
    await user.clear(screen.getByLabelText('Name'))
    await user.type(screen.getByLabelText('Name'), 'Rain')
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(errorAt('Name')).toBe('"Rain" is already taken'))
  })

  it('deletes a sensor only once asked', async () => {
    const { hub, user } = show(testWeather({ sensors: [anemometer] }), {
      weatherSensorDelete: ['s-wind'],
    })
    await user.click(await screen.findByRole('button', { name: 'Delete Roof' }))
    const ask = screen.getByRole('alertdialog', { name: 'Delete Roof?' })
    expect(ask.textContent).toContain('every wind-protected blind is locked')
    expect(hub.variablesOf('weatherSensorDelete')).toHaveLength(0)
    await user.click(within(ask).getByRole('button', { name: 'Delete' }))
    await waitFor(() =>
      expect(hub.variablesOf('weatherSensorDelete')).toEqual([{ ids: ['s-wind'] }]),
    )
  })
})

describe('the weather alarms on the settings page', () => {
  setUpHubTests()

  it('saves the release times', async () => {
    const { hub, user } = show(testWeather(), {
      weatherSettingsSet: testWeather({ windReleaseMinutes: 15 }),
    })
    const wind = await screen.findByLabelText('Wind: calm for (minutes)')
    await user.clear(wind)
    await user.type(wind, '15')
    await user.click(screen.getByRole('button', { name: 'Save release times' }))
    await waitFor(() =>
      expect(hub.variablesOf('weatherSettingsSet')).toEqual([{ wind: 15, rain: 10 }]),
    )
  })

  it('refuses a release time of 0 at its field, sending nothing', async () => {
    const { hub, user } = show(testWeather())
    const rainField = await screen.findByLabelText('Rain: dry for (minutes)')
    await user.clear(rainField)
    await user.type(rainField, '0')
    await user.click(screen.getByRole('button', { name: 'Save release times' }))
    expect(errorAt('Rain: dry for (minutes)')).toBe(
      'Must be an integer from 1 to 60 minutes (got 0)',
    )
    expect(document.activeElement).toBe(rainField)
    expect(hub.variablesOf('weatherSettingsSet')).toHaveLength(0)
  })

  it('offers to lift frost only while frost holds, and asks first', async () => {
    const frost = testWeather({
      alarms: [testAlarm({ kind: 'FROST', peak: 0.5, blindIds: ['b'] })],
    })
    const { hub, user } = show(frost, { weatherFrostOverride: testWeather() })
    await user.click(await screen.findByRole('button', { name: 'Lift frost protection' }))
    const ask = screen.getByRole('alertdialog', { name: 'Lift frost protection?' })
    await user.click(within(ask).getByRole('button', { name: 'Lift it' }))
    await waitFor(() => expect(hub.variablesOf('weatherFrostOverride')).toHaveLength(1))
  })

  it('has no frost button while no frost holds', async () => {
    show(testWeather())
    await screen.findByLabelText('Wind: calm for (minutes)')
    expect(screen.queryByRole('button', { name: 'Lift frost protection' })).toBeNull()
  })

  it('lists the latest alarms with their kind, peak, times, blinds and who lifted frost', async () => {
    show(testWeather(), {
      weatherAlarms: [
        testAlarm({
          id: 'a2',
          kind: 'FROST',
          peak: -1.5,
          blindIds: ['b1'],
          endedAt: '2026-07-01T14:00:00.000Z',
          overriddenBy: 'admin',
        }),
        testAlarm({
          id: 'a1',
          kind: 'WIND',
          peak: 16.4,
          blindIds: ['b1', 'b2'],
          endedAt: '2026-07-01T12:30:00.000Z',
        }),
      ],
    })
    const list = await screen.findByRole('list', { name: 'Latest alarms, newest first' })
    const [frost, wind] = within(list).getAllByRole('listitem')
    expect(frost!.textContent).toMatch(/^Frost · peak -1\.5 °C/)
    expect(frost!.textContent).toContain('1 blind')
    expect(frost!.textContent).toContain('lifted by admin')
    expect(wind!.textContent).toMatch(/^Wind · peak 16\.4 m\/s/)
    expect(wind!.textContent).toContain('2 blinds')
  })
})
