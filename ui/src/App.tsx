// The start of the web UI: the login page and who is signed in. The screens of the spec
// (home, blinds, automations, users) are issue 5's.
import { useEffect, useState, type FormEvent } from 'react'
import { ApiError, graphql } from './api'
import { readToken, writeToken } from './auth-store'

interface Me {
  username: string
  isAdmin: boolean
}

function LoginPage({ onLogin }: { onLogin: (token: string) => void }) {
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError('')
    try {
      const data = await graphql<{ login: { token: string } }>(
        'Login',
        'query Login($username: String!, $password: String!) { login(username: $username, password: $password) { token expiresAt } }',
        { username, password },
        null,
      )
      onLogin(data.login.token)
    } catch (err) {
      setError(err instanceof ApiError ? err.message : '')
    } finally {
      setBusy(false)
    }
  }

  return (
    <main className="login">
      <form onSubmit={submit} aria-labelledby="login-title">
        <h1 id="login-title">Lamella</h1>
        <label>
          Username
          <input
            name="username"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            required
          />
        </label>
        <label>
          Password
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </label>
        <p role="alert" className="error">
          {error}
        </p>
        <button type="submit" disabled={busy}>
          Log in
        </button>
      </form>
    </main>
  )
}

export function App() {
  const [token, setToken] = useState(readToken)
  const [me, setMe] = useState<Me | null>(null)

  useEffect(() => {
    if (!token) return
    graphql<{ whoAmI: Me }>(
      'WhoAmI',
      'query WhoAmI { whoAmI { id username isAdmin } }',
      {},
      token,
    ).then(
      (data) => setMe(data.whoAmI),
      (err) => {
        console.error(err)
        if (err instanceof ApiError && err.code === 401) logout()
      },
    )
  }, [token])

  const login = (t: string) => {
    writeToken(t)
    setToken(t)
  }
  const logout = () => {
    writeToken(null)
    setToken(null)
    setMe(null)
  }

  if (!token) return <LoginPage onLogin={login} />
  if (!me) return <div className="spinner" role="progressbar" aria-label="Loading" />
  return (
    <main className="home">
      <h1>Lamella</h1>
      <p>
        Signed in as <strong data-testid="username">{me.username}</strong>
        {me.isAdmin ? ' (admin)' : ''}
      </p>
      <button onClick={logout}>Log out</button>
    </main>
  )
}
