import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Blind, User } from '../../api/types'
import { errorAt } from '../../test-support/field-error'
import { testBlind } from '../../test-support/blinds'
import {
  HubErrorAnswer,
  renderWithHub,
  setUpHubTests,
  stubHub,
  type SentRequest,
} from '../../test-support/hub-stub'
import UsersPage from './UsersPage'

const blind = (id: string, name: string): Blind => testBlind({ id, name })
const kitchen = blind('b-kitchen', 'Kitchen')
const office = blind('b-office', 'Office')

const admin: User = {
  id: 'u-admin',
  username: 'admin',
  isAdmin: true,
  userBlindList: [kitchen, office].map((b) => ({ isMyFavorite: false, blind: b })),
}
const anna: User = {
  id: 'u-anna',
  username: 'anna',
  isAdmin: false,
  userBlindList: [{ isMyFavorite: true, blind: kitchen }],
}

function renderUsers(users: User[], answers: Record<string, unknown> = {}): SentRequest[] {
  const { sent } = stubHub({
    whoAmI: admin,
    userList: users,
    blindList: [office, kitchen],
    ...answers,
  })
  renderWithHub(<UsersPage />)
  return sent
}

const writes = (sent: SentRequest[]) =>
  sent.filter((r) => !['whoAmI', 'userList', 'blindList'].includes(r.operationName))

describe('the users page', () => {
  setUpHubTests()

  it('lists each user with their role and blinds, and marks the current user', async () => {
    renderUsers([admin, anna])
    const rows = within(await screen.findByRole('list', { name: 'Users' })).getAllByRole('listitem')
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Aadmin \(you\)adminAll blinds/),
      expect.stringMatching(/^Aanna1 blind: Kitchen/),
    ])
  })

  it('refuses a short username and a short password when adding, and sends nothing', async () => {
    const sent = renderUsers([admin])
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Add user' }))
    const dialog = screen.getByRole('dialog', { name: 'Add user' })
    await user.type(within(dialog).getByLabelText('Username'), 'ab')
    await user.type(within(dialog).getByLabelText('Password'), 'short')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    expect(errorAt('Username')).toBe('Must be 3 to 32 characters (got 2)')
    expect(errorAt('Password')).toBe('Must be 8 to 256 characters long (got 5)')
    expect(writes(sent)).toEqual([])
  })

  it('requires a password when adding a user, even an empty one', async () => {
    const sent = renderUsers([admin])
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Add user' }))
    await user.type(screen.getByLabelText('Username'), 'bert')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(errorAt('Password')).toBe('Must not be empty')
    expect(writes(sent)).toEqual([])
  })

  it('takes a username typed in capitals in lower case, saying so, instead of refusing it', async () => {
    const sent = renderUsers([admin], {
      userCreate: { id: 'u-robin', username: 'robin', isAdmin: false, userBlindList: [] },
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Add user' }))
    const username = screen.getByLabelText('Username')
    await user.type(username, 'Robin')
    const hint = document.getElementById(`${username.id}-hint`)
    expect(hint?.textContent).toContain('Usernames are lower case: this one is saved as robin.')
    await user.type(screen.getByLabelText('Password'), 'robins-password')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(writes(sent)).toHaveLength(1))
    expect(writes(sent)[0]).toMatchObject({
      operationName: 'userCreate',
      variables: { input: { username: 'robin' } },
    })
  })

  it('stops the username and password at their limits while typing', async () => {
    renderUsers([admin])
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Add user' }))
    const username = screen.getByLabelText('Username') as HTMLInputElement
    await user.type(username, 'a'.repeat(40))
    expect(username.value).toBe('a'.repeat(32))
    expect(screen.getByLabelText('Password').getAttribute('maxlength')).toBe('256')
  })

  it('keeps the password when an edit leaves it empty and sends only what changed', async () => {
    const sent = renderUsers([admin, anna], {
      userUpdate: { ...anna, userBlindList: [] },
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Edit anna' }))
    const dialog = screen.getByRole('dialog', { name: 'Edit anna' })
    expect(within(dialog).getByText('Leave empty to keep the current password.')).toBeTruthy()
    expect(within(dialog).getByLabelText('Kitchen')).toHaveProperty('checked', true)
    await user.click(within(dialog).getByLabelText('Office'))
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(writes(sent)).toHaveLength(1))
    expect(writes(sent)[0]).toMatchObject({
      operationName: 'userUpdate',
      variables: { id: 'u-anna', input: { blindIds: ['b-kitchen', 'b-office'] } },
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByRole('status').textContent).toContain('User anna saved')
  })

  it('still checks a new password typed during an edit', async () => {
    const sent = renderUsers([admin, anna])
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Edit anna' }))
    await user.type(screen.getByLabelText('Password'), '1234')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(errorAt('Password')).toBe('Must be 8 to 256 characters long (got 4)')
    expect(writes(sent)).toEqual([])
  })

  it('protects the last administrator: no delete, and the role cannot be taken away', async () => {
    renderUsers([admin, anna])
    const user = userEvent.setup()
    const deleteAdmin = await screen.findByRole('button', { name: 'Delete admin' })
    expect(deleteAdmin).toHaveProperty('disabled', true)
    expect(screen.getByRole('button', { name: 'Delete anna' })).toHaveProperty('disabled', false)
    expect(screen.getByText('The last administrator cannot be removed.')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Edit admin' }))
    const role = screen.getByLabelText('Administrator')
    expect(role).toHaveProperty('disabled', true)
    expect(role).toHaveProperty('checked', true)
  })

  it('lets either of two administrators be deleted', async () => {
    renderUsers([admin, { ...anna, isAdmin: true }])
    expect(await screen.findByRole('button', { name: 'Delete admin' })).toHaveProperty(
      'disabled',
      false,
    )
    expect(screen.getByRole('button', { name: 'Delete anna' })).toHaveProperty('disabled', false)
  })

  it('shows the hub’s refusal to delete in the dialog', async () => {
    renderUsers([admin, anna], {
      userDelete: new HubErrorAnswer('You may not delete anna right now', 409, 'ids'),
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Delete anna' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Delete user anna?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You may not delete anna right now',
    )
  })
})
