// The realtime connection of spec sections 7 and 9: socket.io on the hub's own origin, path
// /socket.io, polling first then websocket, the token in the handshake.
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client'
import type {
  ClientToServerEvents,
  HandshakeAuth,
  ServerToClientEvents,
} from '../../../hub/realtime/events'

export type HubSocket = Socket<ServerToClientEvents, ClientToServerEvents>

/** The client settings of spec section 9. */
export function socketOptions(token: string): Partial<ManagerOptions & SocketOptions> {
  const auth: HandshakeAuth = { token }
  return {
    path: '/socket.io',
    transports: ['polling', 'websocket'],
    auth,
    timeout: 20000,
    reconnection: true,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
    randomizationFactor: 0.5,
    reconnectionAttempts: Infinity,
  }
}

/** Loaded only after login, so the login page does not carry socket.io's code. */
export async function connectHubSocket(token: string): Promise<HubSocket> {
  const { io } = await import('socket.io-client')
  return io(socketOptions(token))
}
