// socket.io on the hub's own port (ARCHITECTURE.md section 4): only with a valid token, each
// socket hears only what its user may see, and a revoked session loses its sockets.
import { io, type Socket } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type {
  ClientToServerEvents,
  DataChangedEvent,
  ServerToClientEvents,
} from '../../hub/realtime/events'
import { createBlind, startHub, type TestHub } from '../helpers/hub'

/** How long to listen before concluding that an event does not come. */
const QUIET_MS = 300
const EVENT_TIMEOUT_MS = 3000

type EventName = keyof ServerToClientEvents
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0]

interface Client {
  socket: Socket<ServerToClientEvents, ClientToServerEvents>
  received: { event: string; payload: unknown }[]
  /** Each disconnect's reason, in order. */
  disconnects: string[]
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('realtime events', () => {
  let t: TestHub
  let open: Client[] = []

  /** A client that records everything it hears; closed after each test. */
  function client(token?: string): Client {
    const socket: Client['socket'] = io(t.url, {
      path: '/socket.io',
      auth: token === undefined ? {} : { token },
      reconnection: false,
      forceNew: true,
    })
    const c: Client = { socket, received: [], disconnects: [] }
    socket.onAny((event: string, payload: unknown) => c.received.push({ event, payload }))
    socket.on('disconnect', (reason) => c.disconnects.push(reason))
    open.push(c)
    return c
  }

  function connect(token: string): Promise<Client> {
    const c = client(token)
    return new Promise((resolve, reject) => {
      c.socket.once('connect', () => resolve(c))
      c.socket.once('connect_error', reject)
    })
  }

  function connectError(token?: string): Promise<Error> {
    const c = client(token)
    return new Promise((resolve, reject) => {
      c.socket.once('connect', () => reject(new Error('the socket connected')))
      c.socket.once('connect_error', resolve)
    })
  }

  /** The first payload of `event` that `match` accepts, received before or after this call. */
  function next<E extends EventName>(
    c: Client,
    event: E,
    match: (p: Payload<E>) => boolean = () => true,
  ): Promise<Payload<E>> {
    return new Promise((resolve, reject) => {
      const deadline = Date.now() + EVENT_TIMEOUT_MS
      const poll = () => {
        const hit = c.received.find((r) => r.event === event && match(r.payload as Payload<E>))
        if (hit) return resolve(hit.payload as Payload<E>)
        if (Date.now() > deadline) {
          return reject(
            new Error(
              `no ${event} within ${EVENT_TIMEOUT_MS} ms; got ${JSON.stringify(c.received)}`,
            ),
          )
        }
        setTimeout(poll, 10)
      }
      poll()
    })
  }

  function disconnected(c: Client): Promise<string> {
    if (c.disconnects.length > 0) return Promise.resolve(c.disconnects[0]!)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`still connected after ${EVENT_TIMEOUT_MS} ms`)),
        EVENT_TIMEOUT_MS,
      )
      c.socket.once('disconnect', (reason) => {
        clearTimeout(timer)
        resolve(reason)
      })
    })
  }

  const changesOf = (c: Client, entity: DataChangedEvent['entity'], id: string) =>
    c.received.filter(
      (r) =>
        r.event === 'data:changed' &&
        (r.payload as DataChangedEvent).entity === entity &&
        (r.payload as DataChangedEvent).ids.includes(id),
    )

  const aboutBlind = (id: string) => (p: DataChangedEvent) =>
    p.entity === 'blind' && p.ids.includes(id)

  let sharedBlind: string
  const users: Record<string, { id: string; token: string }> = {}

  beforeAll(async () => {
    t = await startHub({ sessionCheckMs: 200 })
    sharedBlind = await createBlind(t, 'Living room', '1:0', '1:1')
    const specs: [string, string[]][] = [
      ['uma', []],
      ['wes', [sharedBlind]],
      ['xena', [sharedBlind]],
      ['yara', []],
      ['zed', []],
      ['quinn', []],
      ['vera', []],
    ]
    const created = await Promise.all(
      specs.map(([name, blindIds]) => t.createUser(name, { blindIds })),
    )
    specs.forEach(([name], i) => (users[name] = created[i]!))
  })
  afterEach(() => {
    for (const c of open) c.socket.close()
    open = []
  })
  afterAll(() => t.close())

  describe('the handshake', () => {
    it('refuses a socket without a token with connect_error 401', async () => {
      expect((await connectError()).message).toBe('401')
    })

    it('refuses a socket with an unknown token with connect_error 401', async () => {
      expect((await connectError('x'.repeat(43))).message).toBe('401')
      expect((await connectError('')).message).toBe('401')
    })

    it('sends the bus status first to a socket with a valid token', async () => {
      const c = await connect(users.uma!.token)
      expect(await next(c, 'bus:status')).toEqual({ online: true, path: 'emulator' })
      expect(c.received[0]?.event).toBe('bus:status')
    })
  })

  describe('who hears of a change', () => {
    it('tells admins of a new blind and keeps it from a user it is not assigned to', async () => {
      const admin = await connect(t.adminToken)
      const uma = await connect(users.uma!.token)
      const id = await createBlind(t, 'Study', '2:0', '2:1')

      expect(await next(admin, 'data:changed', aboutBlind(id))).toEqual({
        entity: 'blind',
        ids: [id],
      })
      await sleep(QUIET_MS)
      expect(changesOf(uma, 'blind', id)).toEqual([])
      expect(changesOf(admin, 'blind', id)).toHaveLength(1)
    })

    it('tells a user of a blind once it is assigned to them', async () => {
      const id = await createBlind(t, 'Attic', '3:0', '3:1')
      const uma = await connect(users.uma!.token)
      const res = await t.gql(
        'mutation($id: ID!, $ids: [ID!]) { userUpdate(id: $id, input: { blindIds: $ids }) { id } }',
        { id: users.uma!.id, ids: [id] },
        t.adminToken,
      )
      expect(res.errors).toBeUndefined()
      expect(await next(uma, 'data:changed', aboutBlind(id))).toEqual({
        entity: 'blind',
        ids: [id],
      })

      // From now on, changes to that blind reach them too.
      const rename = await t.gql(
        'mutation($id: ID!) { blindUpdate(id: $id, input: { name: "Attic west", blindAddressUp: "3:0", blindAddressDown: "3:1" }) { id } }',
        { id },
        t.adminToken,
      )
      expect(rename.errors).toBeUndefined()
      await sleep(QUIET_MS)
      expect(changesOf(uma, 'blind', id)).toHaveLength(2)
    })

    it('sends a favourite change to every socket of the user who made it and to nobody else', async () => {
      const secondSession = await t.login('wes', 'wes-password')
      const [wes1, wes2, xena, admin] = await Promise.all([
        connect(users.wes!.token),
        connect(secondSession),
        connect(users.xena!.token),
        connect(t.adminToken),
      ])
      const res = await t.gql(
        'mutation($id: ID!) { setFavoriteBlind(id: $id) }',
        { id: sharedBlind },
        users.wes!.token,
      )
      expect(res.data).toEqual({ setFavoriteBlind: true })

      expect(await next(wes1, 'data:changed', aboutBlind(sharedBlind))).toEqual({
        entity: 'blind',
        ids: [sharedBlind],
      })
      expect(await next(wes2, 'data:changed', aboutBlind(sharedBlind))).toEqual({
        entity: 'blind',
        ids: [sharedBlind],
      })
      await sleep(QUIET_MS)
      expect(changesOf(xena, 'blind', sharedBlind)).toEqual([])
      expect(changesOf(admin, 'blind', sharedBlind)).toEqual([])
    })
  })

  describe('revoked sessions', () => {
    it('disconnects the sockets of a session that logs out and keeps the user’s other sessions connected', async () => {
      const otherSession = await t.login('yara', 'yara-password')
      const [leaving, leavingToo, staying] = await Promise.all([
        connect(users.yara!.token),
        connect(users.yara!.token),
        connect(otherSession),
      ])
      const res = await t.gql('mutation { logout }', {}, users.yara!.token)
      expect(res.data).toEqual({ logout: true })

      expect(await disconnected(leaving)).toBe('io server disconnect')
      expect(await disconnected(leavingToo)).toBe('io server disconnect')
      await sleep(QUIET_MS)
      expect(staying.socket.connected).toBe(true)
      expect(staying.disconnects).toEqual([])
      expect((await connectError(users.yara!.token)).message).toBe('401')
    })

    it('disconnects the other sessions’ sockets when a user changes their password', async () => {
      const otherSession = await t.login('zed', 'zed-password')
      const [changer, other] = await Promise.all([connect(users.zed!.token), connect(otherSession)])
      const res = await t.gql(
        'mutation($id: ID!) { userUpdate(id: $id, input: { password: "zed-new-password", currentPassword: "zed-password" }) { id } }',
        { id: users.zed!.id },
        users.zed!.token,
      )
      expect(res.errors).toBeUndefined()

      expect(await disconnected(other)).toBe('io server disconnect')
      await sleep(QUIET_MS)
      expect(changer.socket.connected).toBe(true)
      expect(changer.disconnects).toEqual([])
      expect((await connectError(otherSession)).message).toBe('401')
    })

    it('disconnects every socket of a deleted user', async () => {
      const quinn = await connect(users.quinn!.token)
      const admin = await connect(t.adminToken)
      const res = await t.gql(
        'mutation($ids: [ID!]!) { userDelete(ids: $ids) }',
        { ids: [users.quinn!.id] },
        t.adminToken,
      )
      expect(res.data).toEqual({ userDelete: [users.quinn!.id] })

      expect(await disconnected(quinn)).toBe('io server disconnect')
      expect(
        await next(
          admin,
          'data:changed',
          (p) => p.entity === 'user' && p.ids.includes(users.quinn!.id),
        ),
      ).toEqual({
        entity: 'user',
        ids: [users.quinn!.id],
      })
      expect(admin.socket.connected).toBe(true)
      expect((await connectError(users.quinn!.token)).message).toBe('401')
    })

    it('disconnects a socket whose session was ended by another process, such as the lamella command', async () => {
      const vera = await connect(users.vera!.token)
      const admin = await connect(t.adminToken)
      // `lamella user passwd` deletes the rows from its own process; the hub hears nothing.
      t.database.sqlite.prepare('DELETE FROM sessions WHERE user_id = ?').run(users.vera!.id)

      expect(await disconnected(vera)).toBe('io server disconnect')
      await sleep(QUIET_MS)
      expect(admin.socket.connected).toBe(true)
    })
  })
})
