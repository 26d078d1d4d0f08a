// A locked blind's card shows the lock in short words with the full reason as its description;
// its buttons stay, and when the hub refuses a move away from safety (423) the toast says why
// in the hub's plain words. A lock that comes or goes shows live, with `weather:changed`.
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { Blind, User } from '../api/types'
import { I18nProvider } from '../i18n/I18nProvider'
import { LANGUAGE_KEY } from '../i18n/language'
import BlindsPage from '../pages/blinds/BlindsPage'
import { testBlind } from '../test-support/blinds'
import { HubErrorAnswer, renderWithHub, setUpHubTests, stubHub } from '../test-support/hub-stub'
import { testLock, testWeather, testWeatherEvent } from './test-weather'

const anna: User = { id: 'u-anna', username: 'anna', isAdmin: false, userBlindList: [] }
const REFUSAL =
  'Terrace may only go to its safety position (100 % open): wind alarm, wind 14.2 m/s over the limit of 10 m/s; it lifts after the release time of calm'

async function showTerrace(blindList: Blind[] | (() => Blind[]), more = {}) {
  const hub = stubHub({ whoAmI: anna, blindList, weather: testWeather(), ...more })
  const view = renderWithHub(<BlindsPage />)
  const card = (await screen.findByRole('heading', { name: 'Terrace' })).closest('li')!
  return { ...view, sent: hub, card }
}

describe('a blind weather protection holds', () => {
  setUpHubTests()

  it('shows a lock on its card, with the full reason as the description', async () => {
    const { card } = await showTerrace([
      testBlind({ id: 't', name: 'Terrace', windLimit: 10, weatherLock: testLock() }),
    ])
    const lock = within(card).getByText('Locked: wind alarm').parentElement!
    expect(lock.getAttribute('title')).toBe(
      'Wind 14.2 m/s over the limit of 10 m/s; it lifts after the release time of calm.',
    )
    const description = document.getElementById(lock.getAttribute('aria-describedby')!)
    expect(description?.textContent).toBe(lock.getAttribute('title'))
    expect(within(card).getByRole('button', { name: 'Down Terrace' })).toHaveProperty(
      'disabled',
      false,
    )
  })

  it('says a blind frost holds is held, not locked', async () => {
    const { card } = await showTerrace([
      testBlind({
        id: 't',
        name: 'Terrace',
        frostProtect: true,
        weatherLock: testLock({
          kind: 'FROST',
          reason: 'frost: 1.2 °C after rain',
        }),
      }),
    ])
    expect(within(card).getByText('Held: frost')).toBeTruthy()
    expect(within(card).queryByText(/Locked/)).toBeNull()
  })

  it('tells in a toast why the hub refused to lower it (423)', async () => {
    const { card } = await showTerrace(
      [testBlind({ id: 't', name: 'Terrace', windLimit: 10, weatherLock: testLock() })],
      { blindMove: new HubErrorAnswer(REFUSAL, 423) },
    )
    await userEvent.click(within(card).getByRole('button', { name: 'Down Terrace' }))
    const toast = await waitFor(() => {
      const message = document.querySelector('.toast-error')
      if (!message) throw new Error('no error toast yet')
      return message
    })
    expect(toast.textContent).toContain(REFUSAL)
  })

  it('shows the lock live once the hub says locks changed, and drops it when they lift', async () => {
    let lock: Blind['weatherLock'] = null
    const { hub, card } = await showTerrace(() => [
      testBlind({ id: 't', name: 'Terrace', windLimit: 10, weatherLock: lock }),
    ])
    expect(within(card).queryByText('Locked: wind alarm')).toBeNull()
    lock = testLock()
    act(() => hub.push('weather:changed', testWeatherEvent({ alarms: ['WIND'], locksVersion: 7 })))
    await within(card).findByText('Locked: wind alarm')
    lock = null
    act(() => hub.push('weather:changed', testWeatherEvent({ locksVersion: 8 })))
    await waitFor(() => expect(within(card).queryByText('Locked: wind alarm')).toBeNull())
  })
})

describe('a blind weather protection holds, shown in German', () => {
  setUpHubTests()
  afterEach(() => localStorage.removeItem(LANGUAGE_KEY))

  it('words the lock on its card with the wind now and the blind’s limit, in German numbers', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'de')
    const lock = testLock({ value: 14.2, limit: 10.5 })
    stubHub({
      whoAmI: anna,
      blindList: [testBlind({ id: 't', name: 'Terrasse', windLimit: 10.5, weatherLock: lock })],
      weather: testWeather(),
    })
    renderWithHub(
      <I18nProvider>
        <BlindsPage />
      </I18nProvider>,
    )
    const card = (await screen.findByRole('heading', { name: 'Terrasse' })).closest('li')!
    const chip = (await within(card).findByText('Gesperrt: Windalarm')).parentElement!
    const words =
      'Wind 14,2 m/s über der Grenze von 10,5 m/s; die Sperre endet, wenn es lange genug ruhig war (Freigabezeit).'
    expect(chip.getAttribute('title')).toBe(words)
    const description = document.getElementById(chip.getAttribute('aria-describedby')!)
    expect(description?.textContent).toBe(words)
  })
})
