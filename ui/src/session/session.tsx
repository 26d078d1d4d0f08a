// The session of spec section 4 inside the logged-in app: its token, and the logout action,
// which revokes the token on the hub and fires the logout event. app/start.ts hears the event
// (as it hears any 401), drops the stored token and brings the login page back.
import { createContext, useContext, useMemo } from 'react'
import type { ReactNode } from 'react'
import { logout as revoke } from '../api/session-calls'
import { fireLogout } from './logout-event'

export interface Session {
  token: string
  /** Revokes the token on the hub (best effort), then fires the logout event. */
  logout: () => Promise<void>
}

const SessionContext = createContext<Session | null>(null)

export function useSession(): Session {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession outside SessionProvider')
  return session
}

async function logout(): Promise<void> {
  try {
    await revoke()
  } catch {
    // Already logged, and the token is dropped either way.
  }
  fireLogout()
}

export function SessionProvider({ token, children }: { token: string; children: ReactNode }) {
  const session = useMemo(() => ({ token, logout }), [token])
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
}
