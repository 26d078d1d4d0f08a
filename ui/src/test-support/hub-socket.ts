// A stand-in for the hub's socket in component tests: pages listen through useHubEvent as in
// the app, and a test pushes what the hub would with `push(name, payload)`.
import type { ServerToClientEvents } from '../../../hub/realtime/events'
import type { HubSocket } from '../realtime/socket'

type Listener = (...args: unknown[]) => void

export interface FakeHubSocket {
  /** What the app's useHubEvent needs of a socket. */
  socket: HubSocket
  /** Sends an event to every listener, as the hub's push would. */
  push<E extends keyof ServerToClientEvents>(
    name: E,
    ...payload: Parameters<ServerToClientEvents[E]>
  ): void
}

export function fakeHubSocket(): FakeHubSocket {
  const listeners = new Map<string, Set<Listener>>()
  const socket = {
    on(name: string, listener: Listener) {
      const set = listeners.get(name) ?? new Set()
      set.add(listener)
      listeners.set(name, set)
      return socket
    },
    off(name: string, listener: Listener) {
      listeners.get(name)?.delete(listener)
      return socket
    },
  }
  return {
    socket: socket as unknown as HubSocket,
    push(name, ...payload) {
      for (const listener of [...(listeners.get(name) ?? [])]) listener(...payload)
    },
  }
}
