// The account menu: who is signed in, the colour mode, changing one's own password (the hub
// checks the current one) and logging out.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { onLogout } from '../session/logout-event'
import { SessionProvider } from '../session/session'
import { SessionCache } from '../session/SessionCache'
import { HubErrorAnswer, setUpHubTests, stubHub } from '../test-support/hub-stub'
import { ColorModeProvider } from '../theme/color-mode'
import { AccountMenu } from './AccountMenu'
import { ToastProvider } from './toast'

setUpHubTests()

const anna = { id: 'u-anna', username: 'anna', isAdmin: false, userBlindList: [] }

function renderMenu() {
  render(
    <ColorModeProvider>
      <ToastProvider>
        <SessionProvider token="token-a">
          <SessionCache>
            <AccountMenu userId="u-anna" username="anna" isAdmin={false} />
            <a href="/blinds">Next on the page</a>
          </SessionCache>
        </SessionProvider>
      </ToastProvider>
    </ColorModeProvider>,
  )
  return screen.getByRole('button', { name: 'Account: anna' })
}

async function openPasswordDialog() {
  const user = userEvent.setup()
  await user.click(renderMenu())
  await user.click(screen.getByRole('button', { name: 'Change password' }))
  return { user, dialog: await screen.findByRole('dialog', { name: 'Change password' }) }
}

describe('the account menu', () => {
  it('names who is signed in on its button and opens to the colour mode, password and log out', async () => {
    stubHub()
    const button = renderMenu()
    expect(button.textContent).toContain('anna')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull()

    await userEvent.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!
    expect(panel.textContent).toContain('Signed in as anna')
    const colourMode = within(panel).getByRole('group', { name: 'Colour mode' })
    expect(within(colourMode).getAllByRole('button')).toHaveLength(3)
    // Log out is no neighbour of the colour mode buttons, where a slip would hit it.
    expect(within(colourMode).queryByRole('button', { name: 'Log out' })).toBeNull()
    expect(
      colourMode.nextElementSibling?.contains(screen.getByRole('button', { name: 'Log out' })),
    ).toBe(true)
    expect(screen.getByRole('button', { name: 'Change password' })).toBeTruthy()
  })

  it('closes on Escape and gives the focus back to its button', async () => {
    stubHub()
    const button = renderMenu()
    await userEvent.click(button)
    await userEvent.keyboard('{Escape}')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(button)
  })

  it('closes once Tab takes the focus past its last entry, and stays open while it is inside', async () => {
    stubHub()
    const user = userEvent.setup()
    const button = renderMenu()
    await user.click(button)
    await user.tab()
    // On the colour mode's buttons, then Change password and Log out: still open.
    while (document.activeElement?.textContent !== 'Log out') {
      expect(button.getAttribute('aria-expanded')).toBe('true')
      await user.tab()
    }
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy()
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Next on the page' }))
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull()
  })

  it('logs out from the menu: revokes the token on the hub, then fires the logout event', async () => {
    const hub = stubHub({ logout: true, whoAmI: anna })
    const loggedOut = vi.fn()
    const stopListening = onLogout(loggedOut)
    const user = userEvent.setup()
    await user.click(renderMenu())
    await user.click(screen.getByRole('button', { name: 'Log out' }))
    await waitFor(() => expect(loggedOut).toHaveBeenCalledTimes(1))
    expect(hub.sent.map((s) => s.operationName)).toContain('logout')
    stopListening()
  })
})

describe('changing one’s own password', () => {
  it('sends the new password with the current one, then says so and closes', async () => {
    const hub = stubHub({ userUpdate: anna })
    const { user, dialog } = await openPasswordDialog()
    await user.type(within(dialog).getByLabelText('Current password'), 'old-password')
    await user.type(within(dialog).getByLabelText('New password'), 'new-password')
    await user.type(within(dialog).getByLabelText('New password again'), 'new-password')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    expect(await screen.findByText(/Password changed/)).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(hub.variablesOf('userUpdate')).toEqual([
      { id: 'u-anna', input: { password: 'new-password', currentPassword: 'old-password' } },
    ])
  })

  it('shows the hub’s refusal of a wrong current password at that field', async () => {
    stubHub({
      userUpdate: new HubErrorAnswer(
        'currentPassword does not match your password',
        400,
        'currentPassword',
      ),
    })
    const { user, dialog } = await openPasswordDialog()
    const current = within(dialog).getByLabelText('Current password')
    await user.type(current, 'a-wrong-guess')
    await user.type(within(dialog).getByLabelText('New password'), 'new-password')
    await user.type(within(dialog).getByLabelText('New password again'), 'new-password')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    expect(await within(dialog).findByText('Does not match your password')).toBeTruthy()
    expect(current.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(current)
  })

  it('refuses a new password typed differently the second time, sending nothing', async () => {
    const hub = stubHub({ userUpdate: anna })
    const { user, dialog } = await openPasswordDialog()
    await user.type(within(dialog).getByLabelText('Current password'), 'old-password')
    await user.type(within(dialog).getByLabelText('New password'), 'new-password')
    await user.type(within(dialog).getByLabelText('New password again'), 'new-passwort')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    expect(within(dialog).getByText('Must be the same as the new password')).toBeTruthy()
    expect(hub.variablesOf('userUpdate')).toEqual([])
  })

  it('asks for the current password and a new one of 8 characters, as the hub does', async () => {
    const hub = stubHub({ userUpdate: anna })
    const { user, dialog } = await openPasswordDialog()
    await user.type(within(dialog).getByLabelText('New password'), 'short')
    await user.type(within(dialog).getByLabelText('New password again'), 'short')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    expect(within(dialog).getByText('Is required when you change your own password')).toBeTruthy()
    expect(within(dialog).getByText(/Must be 8 to 256 characters/)).toBeTruthy()
    expect(hub.variablesOf('userUpdate')).toEqual([])
  })
})
