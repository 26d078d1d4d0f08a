// One socket per session, shared with the app through context. Pages never touch the socket:
// they use `useHubEvent(name, handler)` (STYLE.md 8).
import { createContext, useContext, useEffect, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import type { ServerToClientEvents } from '../../../hub/realtime/events'
import { fireLogout } from '../session/logout-event'
import { connectHubSocket, type HubSocket } from './socket'

export type Connection = 'connecting' | 'connected' | 'reconnecting'

export interface Realtime {
  socket: HubSocket | null
  connection: Connection
}

/** Exported for component tests, which give a stand-in socket (test-support/hub-socket). */
export const RealtimeContext = createContext<Realtime>({ socket: null, connection: 'connecting' })

export function RealtimeProvider({ token, children }: { token: string; children: ReactNode }) {
  const [realtime, setRealtime] = useState<Realtime>({ socket: null, connection: 'connecting' })

  useEffect(() => {
    let socket: HubSocket | null = null
    let closed = false
    void connectHubSocket(token).then((s) => {
      if (closed) {
        s.disconnect()
        return
      }
      socket = s
      s.on('connect', () => setRealtime({ socket: s, connection: 'connected' }))
      s.on('disconnect', (reason) => {
        setRealtime({ socket: s, connection: 'reconnecting' })
        // socket.io does not reconnect by itself after the hub closed the connection, which it
        // does when the session is revoked. Try again: a revoked token then gets its 401.
        if (reason === 'io server disconnect') s.connect()
      })
      s.on('connect_error', (err) => {
        // The hub refuses a handshake whose token is not (or no longer) valid with "401".
        if (err.message === '401') {
          console.error('Realtime connection refused (401): logging out')
          fireLogout()
        } else {
          setRealtime({ socket: s, connection: 'reconnecting' })
        }
      })
      setRealtime({ socket: s, connection: 'connecting' })
    })
    return () => {
      closed = true
      socket?.disconnect()
    }
  }, [token])

  return <RealtimeContext.Provider value={realtime}>{children}</RealtimeContext.Provider>
}

export function useConnection(): Connection {
  return useContext(RealtimeContext).connection
}

/** Calls `handler` for every `name` event from the hub while the component is mounted. */
export function useHubEvent<E extends keyof ServerToClientEvents>(
  name: E,
  handler: ServerToClientEvents[E],
): void {
  const { socket } = useContext(RealtimeContext)
  const latest = useRef(handler)
  latest.current = handler
  useEffect(() => {
    if (!socket) return
    const listener = ((...args: Parameters<ServerToClientEvents[E]>) =>
      (latest.current as (...a: unknown[]) => void)(...args)) as ServerToClientEvents[E]
    // socket.io's typed `on` cannot relate a generic event name to its listener.
    const untyped = socket as unknown as {
      on: (n: string, l: unknown) => void
      off: (n: string, l: unknown) => void
    }
    untyped.on(name, listener)
    return () => untyped.off(name, listener)
  }, [socket, name])
}
