// socket.io on the hub's own HTTP server at /socket.io. A socket needs a valid token in its
// handshake, joins its user's room, and hears only what that user may see.
import { systemClock, type Clock, type ClockTimer } from '../clock/clock'
import type { Server as HttpServer } from 'node:http'
import { Server, type Socket } from 'socket.io'
import type { SessionRepository } from '../db/sessions'
import type { HubEvents } from '../events'
import type {
  BlindMotionEvent,
  BusStatusEvent,
  ClientToServerEvents,
  HandshakeAuth,
  ServerToClientEvents,
} from './events'

interface SocketData {
  userId: string
  tokenHash: string
}

type HubServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>
type HubSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>

export interface RealtimeDeps {
  /** Its timers (default the system's). */
  clock?: Clock
  httpServer: HttpServer
  sessions: SessionRepository
  events: HubEvents
  busStatus: () => BusStatusEvent
  /** The moving blinds a user may see, sent to each new socket. */
  movingBlindsFor: (userId: string) => BlindMotionEvent[]
  /**
   * How often sockets are checked against the sessions table, to drop those whose session
   * expired or was ended by another process (the `lamella` command).
   */
  sessionCheckMs?: number
}

export const SESSION_CHECK_MS = 60_000

const roomOf = (userId: string) => `user:${userId}`

export class RealtimeServer {
  readonly name = 'realtime'
  private io: HubServer | null = null
  private readonly unsubscribe: (() => void)[] = []
  private sessionCheck: ClockTimer | undefined

  private get clock(): Clock {
    return this.deps.clock ?? systemClock
  }

  constructor(private readonly deps: RealtimeDeps) {}

  start(): void {
    const io: HubServer = new Server(this.deps.httpServer, {
      path: '/socket.io',
      serveClient: false,
      // A handshake is small; anything larger is not ours.
      maxHttpBufferSize: 16 * 1024,
    })
    io.use((socket, next) => {
      const { token } = (socket.handshake.auth ?? {}) as HandshakeAuth
      const auth = typeof token === 'string' ? this.deps.sessions.authenticate(token) : null
      if (!auth) return next(new Error('401'))
      socket.data = { userId: auth.user.id, tokenHash: auth.tokenHash }
      next()
    })
    io.on('connection', (socket: HubSocket) => {
      void socket.join(roomOf(socket.data.userId))
      socket.emit('bus:status', this.deps.busStatus())
      for (const motion of this.deps.movingBlindsFor(socket.data.userId))
        socket.emit('blind:motion', motion)
    })
    this.io = io

    const { events } = this.deps
    this.unsubscribe.push(
      events.on('data:changed', ({ entity, audience }) => {
        for (const [userId, ids] of audience)
          io.to(roomOf(userId)).emit('data:changed', { entity, ids })
      }),
      events.on('sessions:revoked', ({ tokenHashes }) => {
        const revoked = new Set(tokenHashes)
        for (const socket of io.of('/').sockets.values()) {
          if (revoked.has(socket.data.tokenHash)) socket.disconnect(true)
        }
      }),
      events.on('blind:motion', ({ event, audience }) => {
        for (const userId of audience) io.to(roomOf(userId)).emit('blind:motion', event)
      }),
      events.on('automation:run', ({ event, audience }) => {
        for (const userId of audience) io.to(roomOf(userId)).emit('automation:run', event)
      }),
      events.on('bus:status', (status) => {
        io.emit('bus:status', status)
      }),
      // Every socket is a logged-in user's, and every user may see the PV inverter.
      events.on('pv:sample', (sample) => {
        io.emit('pv:sample', sample)
      }),
      // The weather and its alarms are the household's: every user sees them (the banner).
      events.on('weather:changed', (weather) => {
        io.emit('weather:changed', weather)
      }),
      // Holiday mode is the household's: every user sees it (Home shows it).
      events.on('holiday:changed', () => {
        io.emit('data:changed', { entity: 'holiday', ids: [] })
      }),
      // Whether the location is known shows to everyone (hubStatus); where it is, to admins.
      events.on('location:changed', () => {
        io.emit('data:changed', { entity: 'location', ids: [] })
      }),
    )
    this.sessionCheck = this.clock.setInterval(
      () => this.dropDeadSessions(),
      this.deps.sessionCheckMs ?? SESSION_CHECK_MS,
    )
    this.sessionCheck.unref()
  }

  private dropDeadSessions(): void {
    const sockets = [...(this.io?.of('/').sockets.values() ?? [])]
    const live = this.deps.sessions.liveTokenHashes([
      ...new Set(sockets.map((s) => s.data.tokenHash)),
    ])
    for (const socket of sockets) if (!live.has(socket.data.tokenHash)) socket.disconnect(true)
  }

  /** Disconnects every socket and stops listening; the HTTP server is the app's to close. */
  async stop(): Promise<void> {
    this.unsubscribe.splice(0).forEach((off) => off())
    this.clock.clear(this.sessionCheck)
    const io = this.io
    this.io = null
    if (!io) return
    io.disconnectSockets(true)
    io.engine.close()
  }
}
