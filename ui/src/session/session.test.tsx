// The session rules of spec sections 4 and 8, against a stubbed /graphql, through the UI's own
// start (app/start.ts): login stores the token and starts a fresh cache, any 401 logs out, and
// a current user that cannot load logs out when none is known. The realtime socket is
// replaced: these tests run without a hub.
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startUi } from '../app/start'
import { mutations } from '../api/operations'

vi.mock('../realtime/socket', () => ({
  connectHubSocket: () => new Promise(() => {}),
}))

type Reply = { status?: number; body: unknown }
type Answer = Reply | Promise<Reply>
let answers: Record<string, (variables: Record<string, unknown>) => Answer>
let calls: { operationName: string; token: string | null }[]

const user = (username: string, isAdmin = false) => ({
  id: `id-${username}`,
  username,
  isAdmin,
  userBlindList: [],
})
const ok = (data: unknown) => ({ body: { data } })
const error = (code: number, message: string) => ({
  status: code,
  body: { data: null, errors: [{ message, extensions: { code } }] },
})

beforeEach(() => {
  calls = []
  answers = {}
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const request = JSON.parse(String(init.body)) as {
        operationName: string
        variables: Record<string, unknown>
      }
      const headers = init.headers as Record<string, string>
      calls.push({ operationName: request.operationName, token: headers['x-auth-token'] ?? null })
      const answer = answers[request.operationName]
      if (!answer) return new Response(JSON.stringify(ok({})), { status: 200 })
      const { status = 200, body } = await answer(request.variables)
      return new Response(JSON.stringify(body), { status })
    }),
  )
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
let stopUi = () => {}
afterEach(() => {
  stopUi()
  document.body.replaceChildren()
  history.replaceState(null, '', '/')
  localStorage.clear()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function renderApp() {
  stopUi = startUi(document.body.appendChild(document.createElement('div')))
}

async function logIn(username: string) {
  await userEvent.type(await screen.findByLabelText('Username'), username)
  await userEvent.type(screen.getByLabelText('Password'), 'a-long-password')
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }))
}

const stored = () => localStorage.getItem('authStore')

describe('the session', () => {
  it('shows the login page when no token is stored, and loads no account', async () => {
    renderApp()
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy()
    expect(calls).toEqual([])
  })

  it('keeps saying Logging in… until the app has loaded, and a failed login says why', async () => {
    answers.login = () => error(401, 'Wrong username or password')
    renderApp()
    await logIn('anna')
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Wrong username or password'),
    )
    // Ready for another try.
    expect((screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement).disabled).toBe(
      false,
    )
    let release = (_: Reply) => {}
    answers.login = () => new Promise<Reply>((resolve) => (release = resolve))
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }))
    const busy = screen.getByRole('button', { name: 'Logging in…' }) as HTMLButtonElement
    expect(busy.disabled).toBe(true)
    expect(screen.getByRole('alert').textContent).toBe('')
    release(ok({ login: { token: 'token-1', expiresAt: '2030-01-01T00:00:00Z' } }))
    await screen.findByRole('progressbar', { name: 'Loading your account' })
  })

  it('stores the token after login, shows a spinner while the user loads, then the user', async () => {
    let release = (_: Reply) => {}
    answers.login = () => ok({ login: { token: 'token-1', expiresAt: '2030-01-01T00:00:00Z' } })
    answers.whoAmI = () => new Promise<Reply>((resolve) => (release = resolve))
    renderApp()
    await logIn('anna')
    expect(JSON.parse(stored() ?? 'null')).toEqual({ token: 'token-1' })
    await screen.findByRole('progressbar', { name: 'Loading your account' })
    // The logged-in app's code loads first (on its own, after login), then it asks who she is.
    await waitFor(() => expect(calls.some((c) => c.operationName === 'whoAmI')).toBe(true))
    release(ok({ whoAmI: user('anna') }))
    expect((await screen.findAllByTestId('username'))[0]?.textContent).toBe('anna')
    expect(calls.find((c) => c.operationName === 'whoAmI')?.token).toBe('token-1')
  })

  it('shows the server error text when login fails, and stores nothing', async () => {
    answers.login = () => error(401, 'Wrong username or password')
    renderApp()
    await logIn('anna')
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Wrong username or password'),
    )
    expect(stored()).toBeNull()
  })

  it('logs out when a query answers with GraphQL errors that all carry code 401', async () => {
    localStorage.setItem('authStore', JSON.stringify({ token: 'revoked' }))
    answers.whoAmI = () => error(401, 'Not logged in')
    renderApp()
    await screen.findByRole('button', { name: 'Log in' })
    expect(stored()).toBeNull()
    expect(console.error).toHaveBeenCalled()
  })

  it('logs out when the current user cannot load and none is known', async () => {
    localStorage.setItem('authStore', JSON.stringify({ token: 'token-1' }))
    answers.whoAmI = () => error(500, 'Internal error')
    renderApp()
    await screen.findByRole('button', { name: 'Log in' })
    expect(stored()).toBeNull()
  })

  it('logs out on a 401 from any call, such as a mutation', async () => {
    localStorage.setItem('authStore', JSON.stringify({ token: 'token-1' }))
    answers.whoAmI = () => ok({ whoAmI: user('anna') })
    renderApp()
    await screen.findAllByTestId('username')
    answers.blindMove = () => error(401, 'Session expired')
    await expect(mutations.blindMove(['x'], 'UP')).rejects.toThrow('Session expired')
    await screen.findByRole('button', { name: 'Log in' })
    expect(stored()).toBeNull()
  })

  it('starts a fresh cache at each login: the next user never sees the last one', async () => {
    answers.login = () => ok({ login: { token: 'token-a', expiresAt: '2030-01-01T00:00:00Z' } })
    answers.whoAmI = () => ok({ whoAmI: user('anna', true) })
    renderApp()
    await logIn('anna')
    await screen.findAllByTestId('username')

    answers.logout = () => ok({ logout: true })
    await userEvent.click(screen.getByRole('button', { name: 'Account: anna' }))
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }))
    await screen.findByRole('button', { name: 'Log in' })
    expect(stored()).toBeNull()
    expect(calls.find((c) => c.operationName === 'logout')?.token).toBe('token-a')

    let release = (_: Reply) => {}
    answers.login = () => ok({ login: { token: 'token-b', expiresAt: '2030-01-01T00:00:00Z' } })
    answers.whoAmI = () => new Promise<Reply>((resolve) => (release = resolve))
    await logIn('bert')
    // Anna's cached account must not show while Bert's loads.
    await screen.findByRole('progressbar', { name: 'Loading your account' })
    expect(screen.queryByTestId('username')).toBeNull()
    release(ok({ whoAmI: user('bert') }))
    expect((await screen.findAllByTestId('username'))[0]?.textContent).toBe('bert')
  })
})
