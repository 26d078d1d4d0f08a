// The only page before login (spec section 2): username, password and the server's error
// text, empty when the server sent none (spec section 8).
import { loginMessages } from './login.messages'
import { useT } from '../i18n/I18nProvider'
import { useState, type FormEvent } from 'react'
import { ApiError } from '../api/client'
import { login } from '../api/session-calls'
import { useSession } from '../session/session'
import { LogoMark } from '../shell/first-icons'

const m = loginMessages

/**
 * A refused login in the reader's words. The wording of the hub's errors loads only when a
 * login fails, so a new browser's first page does not download it; English is the hub's own
 * message and needs none of it.
 */
async function loginErrorWords(err: ApiError): Promise<string> {
  const { errorWords } = await import('../forms/error-words')
  return errorWords(err.reason, err.values, err.message)
}

export function LoginPage() {
  const session = useSession()
  const t = useT()
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError('')
    try {
      const { token } = await login(username, password)
      session.login(token)
    } catch (err) {
      setError(err instanceof ApiError ? await loginErrorWords(err) : '')
      setBusy(false)
    }
  }

  return (
    <main className="login-page">
      <form className="card login-card" onSubmit={submit} aria-labelledby="login-title">
        <div className="login-brand">
          <LogoMark />
          <h1 id="login-title">Lamella</h1>
        </div>
        <p className="muted">{t(m.intro)}</p>
        <label className="field">
          <span className="field-label">{t(m.username)}</span>
          <input
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            required
          />
        </label>
        <label className="field">
          <span className="field-label">{t(m.password)}</span>
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </label>
        <p role="alert" className="form-error">
          {error}
        </p>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t(m.loggingIn) : t(m.logIn)}
        </button>
      </form>
    </main>
  )
}
