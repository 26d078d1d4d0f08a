// The session of spec section 4: logged in while a token is stored. Logging in stores the
// token and starts a fresh client cache; the logout event (logout action or any 401) drops
// the cache, the stored token and the state.
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import type { ReactNode } from 'react'
import { SWRConfig } from 'swr'
import { fetchKey, mutations, type QueryKey } from '../api/operations'
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
  // Each login and logout starts a new cache: the SWRConfig below is remounted with a new Map.
  const [generation, setGeneration] = useState(0)

  useEffect(
    () =>
      onLogout(() => {
        writeToken(null)
        setToken(null)
        setGeneration((g) => g + 1)
      }),
    [],
  )

  const login = useCallback((newToken: string) => {
    writeToken(newToken)
    setToken(newToken)
    setGeneration((g) => g + 1)
  }, [])

  const logout = useCallback(async () => {
    try {
      await mutations.logout()
    } catch {
      // Already logged, and the token is dropped below either way.
    }
    fireLogout()
  }, [])

  const session = useMemo(() => ({ token, login, logout }), [token, login, logout])
  return (
    <SessionContext.Provider value={session}>
      <SWRConfig
        key={generation}
        value={{
          provider: () => new Map(),
          fetcher: (key: QueryKey) => fetchKey(key),
          // A failed revalidation keeps what is shown; the error is in the hook's `error`.
          shouldRetryOnError: (err: { code?: number }) => err?.code === 0 || err?.code === 503,
          errorRetryCount: 5,
        }}
      >
        {children}
      </SWRConfig>
    </SessionContext.Provider>
  )
}
