// The language choice in the account menu: the page speaks the chosen language at once, without
// a reload, and the choice is sent to the hub to be kept on the user for her other devices.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { I18nProvider } from '../i18n/I18nProvider'
import { LANGUAGE_KEY } from '../i18n/language'
import { SessionProvider } from '../session/session'
import { SessionCache } from '../session/SessionCache'
import { setUpHubTests, stubHub } from '../test-support/hub-stub'
import { ColorModeProvider } from '../theme/color-mode'
import { AccountMenu } from './AccountMenu'
import { ToastProvider } from './toast'

setUpHubTests()
afterEach(() => localStorage.removeItem(LANGUAGE_KEY))

const anna = { id: 'u-anna', username: 'anna', isAdmin: false, userBlindList: [] }

function renderMenu() {
  render(
    <I18nProvider>
      <ColorModeProvider>
        <ToastProvider>
          <SessionProvider token="token-a">
            <SessionCache>
              <AccountMenu userId="u-anna" username="anna" isAdmin={false} />
            </SessionCache>
          </SessionProvider>
        </ToastProvider>
      </ColorModeProvider>
    </I18nProvider>,
  )
}

describe('the language choice', () => {
  it('switches the menu to German at once and keeps the choice on the user', async () => {
    const hub = stubHub({ userLanguageSet: { userLanguageSet: { ...anna, language: 'de' } } })
    renderMenu()
    await userEvent.click(await screen.findByRole('button', { name: 'Account: anna' }))
    const languages = screen.getByRole('group', { name: 'Language' })
    await userEvent.click(within(languages).getByRole('button', { name: 'Deutsch' }))

    expect(await screen.findByRole('button', { name: 'Passwort ändern' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeTruthy()
    expect(screen.getByRole('group', { name: 'Farbmodus' })).toBeTruthy()
    expect(document.documentElement.lang).toBe('de')
    expect(
      within(screen.getByRole('group', { name: 'Sprache' }))
        .getByRole('button', { name: 'Deutsch' })
        .getAttribute('aria-pressed'),
    ).toBe('true')
    await waitFor(() => expect(hub.variablesOf('userLanguageSet')).toEqual([{ language: 'de' }]))
  })

  it('goes back to the browser’s language, sent as null', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'de')
    const hub = stubHub({ userLanguageSet: { userLanguageSet: { ...anna, language: null } } })
    renderMenu()
    await userEvent.click(await screen.findByRole('button', { name: 'Konto: anna' }))
    await userEvent.click(screen.getByRole('button', { name: 'Browser' }))

    expect(await screen.findByRole('button', { name: 'Change password' })).toBeTruthy()
    await waitFor(() => expect(hub.variablesOf('userLanguageSet')).toEqual([{ language: null }]))
  })
})
