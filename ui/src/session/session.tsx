// The session of spec section 4: logged in while a token is stored. Logging in stores the
// token; the logout event (logout action or any 401) drops the stored token and the state. The
// client cache lives with the logged-in app (SessionCache), so each login starts a fresh one.
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import type { ReactNode } from 'react'
import { logout as revoke } from '../api/session-calls'
import { readToken, writeToken } from './auth-store'
import { fireLogout, onLogout } from './logout-event'

export interface Session {
  token: string | null
  login: (token: string) => void
  /** Revokes the token on the hub (best effort), then fires the logout event. */
  logout: () => Promise<void>
}

const SessionContext = createContext<Session | null>(null)

export function useSession(): Session {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession outside SessionProvider')
  return session
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState(readToken)

  useEffect(
    () =>
      onLogout(() => {
        writeToken(null)
        setToken(null)
      }),
    [],
  )

  const login = useCallback((newToken: string) => {
    writeToken(newToken)
    setToken(newToken)
  }, [])

  const logout = useCallback(async () => {
    try {
      await revoke()
    } catch {
      // Already logged, and the token is dropped below either way.
    }
    fireLogout()
  }, [])

  const session = useMemo(() => ({ token, login, logout }), [token, login, logout])
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
}
