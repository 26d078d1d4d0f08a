// The house's location on the settings page: the line once the hub knows it, the form while
// it does not, what is sent and what is refused.
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { HouseLocation as Location } from '../../api/types'
import { errorAt } from '../../test-support/field-error'
import {
  HubErrorAnswer,
  renderWithHub,
  setUpHubTests,
  stubHub,
  type Answer,
} from '../../test-support/hub-stub'
import { HouseLocation } from './HouseLocation'
import { locationText, pastedPair, typedCoordinate } from './location-text'

const LAT = 'Latitude (° north)'
const LON = 'Longitude (° east)'
const berlin: Location = { lat: 52.52, lon: 13.405, fromEnvironment: false }
const unknown: Location = { lat: null, lon: null, fromEnvironment: false }

/** The hub keeps what it is told and answers the next read with it. */
function show(location: Location, answers: Record<string, Answer> = {}) {
  let stored = location
  const hub = stubHub({
    houseLocation: () => stored,
    houseLocationSet: (v: Record<string, unknown>) =>
      (stored = {
        lat: v.lat as number | null,
        lon: v.lon as number | null,
        fromEnvironment: false,
      }),
    ...answers,
  })
  const view = renderWithHub(<HouseLocation />)
  return { ...view, sent: hub, user: userEvent.setup(), setStored: (l: Location) => (stored = l) }
}

describe('the house’s location in words and as typed', () => {
  it('gives three decimals with north/south and east/west', () => {
    expect(locationText(52.52, 13.405)).toBe('52.520° N, 13.405° E')
    expect(locationText(-33.8688, -70.66)).toBe('33.869° S, 70.660° W')
    expect(locationText(-0.0001, 0)).toBe('0.000° N, 0.000° E')
  })

  it('reads a dot or a comma as the decimal point, and blank as nothing', () => {
    expect(typedCoordinate('52.52')).toBe(52.52)
    expect(typedCoordinate(' -33.87 ')).toBe(-33.87)
    expect(typedCoordinate('52,52')).toBe(52.52)
    expect(typedCoordinate('13.405°')).toBe(13.405)
    expect(typedCoordinate('')).toBeNull()
    expect(typedCoordinate('north')).toBeNaN()
  })

  it('splits a place copied from a map app, but not a comma decimal', () => {
    expect(pastedPair('52.520008, 13.404954')).toEqual({ lat: '52.520008', lon: '13.404954' })
    expect(pastedPair('-33.87,151.21')).toEqual({ lat: '-33.87', lon: '151.21' })
    expect(pastedPair('52,52')).toBeNull()
    expect(pastedPair('52.52')).toBeNull()
  })
})

describe('the house’s location on the settings page', () => {
  setUpHubTests()

  it('shows where the house stands, with Change, once it is set in the UI', async () => {
    show(berlin)
    expect((await screen.findByText(/^The house stands at/)).textContent).toBe(
      'The house stands at 52.520° N, 13.405° E',
    )
    expect(screen.getByRole('button', { name: 'Change' })).toBeTruthy()
    expect(screen.queryByLabelText(LAT)).toBeNull()
    expect(screen.queryByText(/cannot tell where the sun is/)).toBeNull()
  })

  it('shows a location from the hub’s environment without a way to change it', async () => {
    show({ lat: -33.8688, lon: 151.2093, fromEnvironment: true })
    const line = await screen.findByText(/^The house stands at/)
    expect(line.textContent).toBe(
      'The house stands at 33.869° S, 151.209° E, set on the hub (LAMELLA_LAT, LAMELLA_LON)',
    )
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull()
    expect(screen.queryByLabelText(LAT)).toBeNull()
  })

  it('warns while the hub does not know it, with the form open and no Cancel', async () => {
    show(unknown)
    await screen.findByText(
      'The hub does not know where the house stands, so it cannot tell where the sun is.',
    )
    expect(screen.getByLabelText(LAT)).toHaveProperty('inputMode', 'decimal')
    expect(screen.getByLabelText(LON)).toHaveProperty('inputMode', 'decimal')
    expect(
      screen.getByText(
        'From a map app: the first number is the latitude. South and west are negative.',
      ),
    ).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Set location' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Cancel/ })).toBeNull()
    expect(screen.queryByText(/^The house stands at/)).toBeNull()
  })

  it('saves a typed location, comma decimals too, and shows it at once', async () => {
    const { sent, user } = show(unknown)
    await user.type(await screen.findByLabelText(LAT), '-33,87')
    await user.type(screen.getByLabelText(LON), '151.21')
    await user.click(screen.getByRole('button', { name: 'Set location' }))

    expect((await screen.findByText(/^The house stands at/)).textContent).toBe(
      'The house stands at 33.870° S, 151.210° E',
    )
    expect(sent.variablesOf('houseLocationSet')).toEqual([{ lat: -33.87, lon: 151.21 }])
    expect(screen.queryByLabelText(LAT)).toBeNull()
    expect(screen.queryByText(/cannot tell where the sun is/)).toBeNull()
    expect(await screen.findByText('House location saved')).toBeTruthy()
  })

  it('changes a known location, starting from it, and Cancel leaves it as it was', async () => {
    const { sent, user } = show(berlin)
    await user.click(await screen.findByRole('button', { name: 'Change' }))
    expect(document.activeElement).toBe(screen.getByLabelText(LAT))
    expect(screen.getByLabelText(LAT)).toHaveProperty('value', '52.52')
    expect(screen.getByLabelText(LON)).toHaveProperty('value', '13.405')

    await user.clear(screen.getByLabelText(LON))
    await user.type(screen.getByLabelText(LON), '-0.1276')
    await user.click(screen.getByRole('button', { name: 'Cancel location change' }))
    expect(screen.getByText(/^The house stands at/).textContent).toBe(
      'The house stands at 52.520° N, 13.405° E',
    )
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change' }))
    expect(sent.variablesOf('houseLocationSet')).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Change' }))
    await user.clear(screen.getByLabelText(LAT))
    await user.type(screen.getByLabelText(LAT), '51.5072')
    await user.clear(screen.getByLabelText(LON))
    await user.type(screen.getByLabelText(LON), '-0.1276')
    await user.click(screen.getByRole('button', { name: 'Set location' }))
    expect((await screen.findByText(/^The house stands at/)).textContent).toBe(
      'The house stands at 51.507° N, 0.128° W',
    )
    expect(sent.variablesOf('houseLocationSet')).toEqual([{ lat: 51.5072, lon: -0.1276 }])
  })

  it('refuses a latitude out of range and a missing longitude at their fields, sending nothing', async () => {
    const { sent, user } = show(unknown)
    await user.type(await screen.findByLabelText(LAT), '95')
    await user.click(screen.getByRole('button', { name: 'Set location' }))

    expect(errorAt(LAT)).toBe(
      'Must be a number from -90 to 90 (degrees north; south is negative) (got 95)',
    )
    expect(errorAt(LON)).toBe('Must be given with lat')
    expect(document.activeElement).toBe(screen.getByLabelText(LAT))
    expect(sent.variablesOf('houseLocationSet')).toEqual([])

    // Typing in a field clears its message.
    await user.clear(screen.getByLabelText(LAT))
    await user.type(screen.getByLabelText(LAT), 'north')
    expect(errorAt(LAT)).toBe('')
    await user.click(screen.getByRole('button', { name: 'Set location' }))
    expect(errorAt(LAT)).toBe(
      'Must be a number from -90 to 90 (degrees north; south is negative) (got NaN)',
    )
    expect(sent.variablesOf('houseLocationSet')).toEqual([])
  })

  it('asks for both numbers when Save is pressed with nothing typed', async () => {
    const { sent, user } = show(unknown)
    await user.click(await screen.findByRole('button', { name: 'Set location' }))
    expect(errorAt(LAT)).toBe('Type the latitude and the longitude')
    expect(sent.variablesOf('houseLocationSet')).toEqual([])
  })

  it('shows the hub’s refusal at the field it names', async () => {
    const { user } = show(unknown, {
      houseLocationSet: new HubErrorAnswer(
        'lon must be a number from -180 to 180 (degrees east; west is negative) (got 200)',
        400,
        'lon',
      ),
    })
    await user.type(await screen.findByLabelText(LAT), '52.52')
    await user.type(screen.getByLabelText(LON), '13.4')
    await user.click(screen.getByRole('button', { name: 'Set location' }))
    await waitFor(() =>
      expect(errorAt(LON)).toBe(
        'Must be a number from -180 to 180 (degrees east; west is negative) (got 200)',
      ),
    )
    expect(errorAt(LAT)).toBe('')
    expect(screen.getByLabelText(LON)).toHaveProperty('ariaInvalid', 'true')
  })

  it('says why when the hub’s environment took over, and shows that location', async () => {
    const env: Location = { lat: 48.137, lon: 11.575, fromEnvironment: true }
    const { user, setStored } = show(unknown, {
      houseLocationSet: () => {
        setStored(env)
        return new HubErrorAnswer(
          'The location is set by LAMELLA_LAT and LAMELLA_LON on the hub',
          409,
        )
      },
    })
    await user.type(await screen.findByLabelText(LAT), '52.52')
    await user.type(screen.getByLabelText(LON), '13.4')
    await user.click(screen.getByRole('button', { name: 'Set location' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not save the location: The location is set by LAMELLA_LAT and LAMELLA_LON on the hub',
    )
    await screen.findByText(/set on the hub/)
    expect(screen.queryByLabelText(LAT)).toBeNull()
  })

  it('fills both fields from a place pasted from a map app', async () => {
    const { sent, user } = show(unknown)
    await user.click(await screen.findByLabelText(LAT))
    await user.paste('52.520008, 13.404954')
    expect(screen.getByLabelText(LAT)).toHaveProperty('value', '52.520008')
    expect(screen.getByLabelText(LON)).toHaveProperty('value', '13.404954')
    await user.click(screen.getByRole('button', { name: 'Set location' }))
    await screen.findByText('The house stands at 52.520° N, 13.405° E')
    expect(sent.variablesOf('houseLocationSet')).toEqual([{ lat: 52.520008, lon: 13.404954 }])
  })

  it('follows a change made in another browser', async () => {
    const { hub, setStored } = show(berlin)
    await screen.findByText('The house stands at 52.520° N, 13.405° E')
    setStored({ lat: 40.4168, lon: -3.7038, fromEnvironment: false })
    act(() => hub.push('data:changed', { entity: 'location', ids: [] }))
    await screen.findByText('The house stands at 40.417° N, 3.704° W')
  })

  it('shows nothing to someone the hub refuses (403)', async () => {
    const { sent, container } = show(unknown, {
      houseLocation: new HubErrorAnswer('Only admins may do this', 403),
    })
    await waitFor(() => expect(sent.variablesOf('houseLocation')).toHaveLength(1))
    await waitFor(() => expect(container.textContent).toBe(''))
    expect(container.querySelector('.house-location')).toBeNull()
  })

  it('saves the location on Enter in either field', async () => {
    const { sent, user } = show(unknown)
    await user.type(await screen.findByLabelText(LAT), '52.52')
    await user.type(screen.getByLabelText(LON), '13.405{Enter}')
    await screen.findByText('The house stands at 52.520° N, 13.405° E')
    expect(sent.variablesOf('houseLocationSet')).toEqual([{ lat: 52.52, lon: 13.405 }])
  })
})
