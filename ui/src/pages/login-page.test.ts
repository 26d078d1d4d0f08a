// The login page without React, through the UI's own start: in the reader's language (the
// device's choice, else the browser's), with the hub's refusal worded in it, and the fields
// named so a screen reader and a password manager find them.
import { screen, waitFor } from '@testing-library/dom'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startUi } from '../app/start'
import { LANGUAGE_KEY } from '../i18n/language'

let refusal: { message: string; extensions: Record<string, unknown> }
let stopUi = () => {}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify({ data: null, errors: [refusal] }), { status: 200 }),
    ),
  )
})
afterEach(() => {
  stopUi()
  document.body.replaceChildren()
  document.documentElement.lang = 'en'
  localStorage.clear()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const start = () => {
  stopUi = startUi(document.body.appendChild(document.createElement('div')))
}

async function logIn() {
  await userEvent.type(screen.getByRole('textbox'), 'anna')
  await userEvent.type(document.querySelector<HTMLInputElement>('input[type=password]')!, 'x')
  await userEvent.click(screen.getByRole('button'))
}

describe('the login page', () => {
  it('speaks German to a German reader, the refusal of a wrong password too', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'de')
    refusal = {
      message: 'Wrong username or password',
      extensions: { code: 401, reason: 'WRONG_LOGIN' },
    }
    start()
    expect(await screen.findByRole('button', { name: 'Anmelden' })).toBeTruthy()
    expect(screen.getByText('Melde dich an, um deine Rollläden zu steuern.')).toBeTruthy()
    expect(document.documentElement.lang).toBe('de')
    expect(screen.getByLabelText('Benutzername').getAttribute('autocomplete')).toBe('username')
    expect(screen.getByLabelText('Passwort').getAttribute('autocomplete')).toBe('current-password')
    await logIn()
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Falscher Benutzername oder falsches Passwort.',
      ),
    )
  })

  it('follows the browser when the device has no choice, with plurals in the refusal', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['de-AT', 'en'] })
    refusal = {
      message: 'Too many failed logins; try again in 5 minutes',
      extensions: { code: 429, reason: 'TOO_MANY_ATTEMPTS', minutes: 5 },
    }
    start()
    await screen.findByRole('button', { name: 'Anmelden' })
    await logIn()
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/5 Minuten/))
  })

  it('shows the hub’s own English words to an English reader', async () => {
    refusal = {
      message: 'Too many failed logins; try again in a minute',
      extensions: { code: 429, reason: 'TOO_MANY_ATTEMPTS', minutes: 1 },
    }
    start()
    expect(await screen.findByRole('heading', { name: 'Lamella' })).toBeTruthy()
    expect(screen.getByRole('form', { name: 'Lamella' })).toBeTruthy()
    await logIn()
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Too many failed logins; try again in a minute',
      ),
    )
  })
})
