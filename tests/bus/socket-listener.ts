// A browser's socket.io connection, as bus tests need it: it records every event it hears
// and waits for the one a test expects.
import { io, type Socket } from 'socket.io-client'
import type { ClientToServerEvents, ServerToClientEvents } from '../../hub/realtime/events'

type EventName = keyof ServerToClientEvents
export type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0]

export interface Listener {
  received: { event: string; payload: unknown }[]
  /** The payloads of `event` heard so far that `match` accepts. */
  heard<E extends EventName>(event: E, match?: (p: Payload<E>) => boolean): Payload<E>[]
  /** The first payload of `event` that `match` accepts, heard before or after this call. */
  next<E extends EventName>(
    event: E,
    match?: (p: Payload<E>) => boolean,
    timeoutMs?: number,
  ): Promise<Payload<E>>
  close(): void
}

/** Connects with `token` and resolves once the hub accepted the socket. */
export function listen(url: string, token: string): Promise<Listener> {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, {
    path: '/socket.io',
    auth: { token },
    reconnection: false,
    forceNew: true,
  })
  const received: Listener['received'] = []
  socket.onAny((event: string, payload: unknown) => received.push({ event, payload }))

  const heard: Listener['heard'] = (event, match = () => true) =>
    received
      .filter((r) => r.event === event)
      .map((r) => r.payload as Payload<typeof event>)
      .filter(match)

  const listener: Listener = {
    received,
    heard,
    next(event, match = () => true, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const deadline = Date.now() + timeoutMs
        const poll = () => {
          const hit = heard(event, match)[0]
          if (hit !== undefined) return resolve(hit)
          if (Date.now() > deadline) {
            return reject(
              new Error(
                `no matching ${event} within ${timeoutMs} ms; heard ${JSON.stringify(received)}`,
              ),
            )
          }
          setTimeout(poll, 10)
        }
        poll()
      })
    },
    close: () => void socket.close(),
  }
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(listener))
    socket.once('connect_error', (err) => {
      socket.close()
      reject(err)
    })
  })
}
