// Logging in and out, sessions and their end, login throttling, and what the database keeps
// of tokens and passwords (ARCHITECTURE.md section 7).
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { request } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ADMIN_PASSWORD, startHub, type GqlResponse, type TestHub } from '../helpers/hub'
import { TEST_PASSWORD_COST } from '../helpers/password-cost'

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
const START = Date.UTC(2031, 0, 15, 8, 0, 0)

const LOGIN =
  'query Login($u: String!, $p: String!) { login(username: $u, password: $p) { token expiresAt } }'
const WHO_AM_I = '{ whoAmI { id username isAdmin } }'
const SET_PASSWORD =
  'mutation($id: ID!, $p: String!) { userUpdate(id: $id, input: { password: $p }) { id } }'
const SET_OWN_PASSWORD =
  'mutation($id: ID!, $p: String!, $current: String!) { userUpdate(id: $id, input: { password: $p, currentPassword: $current }) { id } }'

type LoginData = { login: { token: string; expiresAt: string } }
type WhoAmIData = { whoAmI: { id: string; username: string; isAdmin: boolean } }

// Every loopback address reaches the hub on 127.0.0.1, so each test can be its own client.
let nextHost = 10
const freshAddress = () => `127.0.${Math.floor(nextHost / 250)}.${(nextHost++ % 250) + 2}`

/** POST /graphql from the given local address. */
function gqlFrom<T>(
  t: TestHub,
  localAddress: string,
  query: string,
  variables: Record<string, unknown>,
): Promise<GqlResponse<T>> {
  const body = JSON.stringify({ query, variables })
  const { port } = new URL(t.url)
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: Number(port),
        localAddress,
        method: 'POST',
        path: '/graphql',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
            data?: T | null
            errors?: GqlResponse['errors']
          }
          resolve({ status: res.statusCode ?? 0, data: parsed.data ?? null, errors: parsed.errors })
        })
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

const loginFrom = (t: TestHub, address: string, username: string, password: string) =>
  gqlFrom<LoginData>(t, address, LOGIN, { u: username, p: password })

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

function expectUnauthenticated(res: GqlResponse) {
  expect(res.status).toBe(401)
  expect(res.data).toBeNull()
  expect(res.errors?.map((e) => e.extensions.code)).toEqual([401])
}

function expectWrongCredentials(res: GqlResponse) {
  expect(res.status).toBe(401)
  expect(res.data).toBeNull()
  expect(res.errors).toEqual([
    expect.objectContaining({
      message: 'Wrong username or password',
      extensions: { code: 401, reason: 'WRONG_LOGIN' },
    }),
  ])
}

function expectThrottled(res: GqlResponse) {
  expect(res.status).toBe(429)
  expect(res.data).toBeNull()
  expect(res.errors).toHaveLength(1)
  expect(res.errors?.[0]?.extensions.code).toBe(429)
  expect(res.errors?.[0]?.message).toMatch(
    /^Too many failed logins; try again in (a minute|\d+ minutes)$/,
  )
}

describe('sessions', () => {
  let t: TestHub
  const clock = { now: START }
  const users: Record<string, { id: string; token: string }> = {}

  beforeAll(async () => {
    t = await startHub({ now: () => clock.now })
    // Each user is a scrypt hash and a login: made all at once, they take the time of a few.
    const names = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi']
    // grace and heidi share a password, to show that their hashes still differ.
    const passwordOf = (name: string) =>
      name === 'grace' || name === 'heidi' ? 'same-password' : `${name}-password`
    const created = await Promise.all(
      names.map((name) => t.createUser(name, { password: passwordOf(name) })),
    )
    names.forEach((name, i) => (users[name] = created[i]!))
  })
  afterAll(() => t.close())

  describe('logging in', () => {
    let alice: { id: string; token: string }
    beforeAll(() => {
      alice = users.alice!
    })

    it('returns a token and an ISO-8601 expiry 30 days ahead', async () => {
      const res = await t.gql<LoginData>(LOGIN, { u: 'alice', p: 'alice-password' })
      expect(res.status).toBe(200)
      expect(res.errors).toBeUndefined()
      expect(res.data?.login.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(res.data?.login.expiresAt).toBe('2031-02-14T08:00:00.000Z')
      expect(res.data?.login.expiresAt).toBe(new Date(clock.now + 30 * DAY).toISOString())
    })

    it('gives every login a token of its own', async () => {
      const again = await t.login('alice', 'alice-password')
      expect(again).not.toBe(alice.token)
      expect((await t.gql<WhoAmIData>(WHO_AM_I, {}, again)).data?.whoAmI.id).toBe(alice.id)
    })

    it('answers a wrong password and an unknown user with the same 401, so usernames cannot be probed', async () => {
      const [wrong, unknown] = await Promise.all([
        loginFrom(t, freshAddress(), 'alice', 'not-the-password'),
        loginFrom(t, freshAddress(), 'nobody-here', 'alice-password'),
      ])
      expectWrongCredentials(wrong)
      expectWrongCredentials(unknown)
      expect(wrong.errors?.[0]?.message).toBe(unknown.errors?.[0]?.message)
    })

    it('tells whoAmI whose token it is', async () => {
      const mine = await t.gql<WhoAmIData>(WHO_AM_I, {}, alice.token)
      expect(mine.status).toBe(200)
      expect(mine.data?.whoAmI).toEqual({ id: alice.id, username: 'alice', isAdmin: false })
      const admin = await t.gql<WhoAmIData>(WHO_AM_I, {}, t.adminToken)
      expect(admin.data?.whoAmI).toEqual({ id: t.adminId, username: 'admin', isAdmin: true })
    })

    it('answers whoAmI with 401 without a token or with a made-up one', async () => {
      expectUnauthenticated(await t.gql(WHO_AM_I, {}))
      expectUnauthenticated(await t.gql(WHO_AM_I, {}, 'A'.repeat(43)))
      expectUnauthenticated(await t.gql(WHO_AM_I, {}, alice.token.slice(0, -1)))
    })
  })

  describe('logging out', () => {
    it('revokes the token sent and leaves the user’s other sessions alone', async () => {
      const bob = users.bob!
      const other = await t.login('bob', 'bob-password')

      const res = await t.gql<{ logout: boolean }>('mutation { logout }', {}, bob.token)
      expect(res.status).toBe(200)
      expect(res.data).toEqual({ logout: true })

      expectUnauthenticated(await t.gql(WHO_AM_I, {}, bob.token))
      const still = await t.gql<WhoAmIData>(WHO_AM_I, {}, other)
      expect(still.data?.whoAmI.username).toBe('bob')
      const rows = t.database.sqlite
        .prepare('SELECT token_hash FROM sessions WHERE user_id = ?')
        .all(bob.id)
      expect(rows).toEqual([{ token_hash: sha256(other) }])
    })

    it('answers logout without a token with 401', async () => {
      const before = t.snapshot()
      expectUnauthenticated(await t.gql('mutation { logout }', {}))
      expect(t.snapshot()).toBe(before)
    })
  })

  describe('ending sessions', () => {
    it('keeps the session a user changes their own password with and ends their others', async () => {
      const carol = users.carol!
      const [second, third] = await Promise.all([
        t.login('carol', 'carol-password'),
        t.login('carol', 'carol-password'),
      ])

      const res = await t.gql(
        SET_OWN_PASSWORD,
        { id: carol.id, p: 'carol-new-password', current: 'carol-password' },
        carol.token,
      )
      expect(res.status).toBe(200)
      expect(res.errors).toBeUndefined()

      expect((await t.gql<WhoAmIData>(WHO_AM_I, {}, carol.token)).data?.whoAmI.id).toBe(carol.id)
      expectUnauthenticated(await t.gql(WHO_AM_I, {}, second))
      expectUnauthenticated(await t.gql(WHO_AM_I, {}, third))
      const [old, fresh] = await Promise.all([
        loginFrom(t, freshAddress(), 'carol', 'carol-password'),
        loginFrom(t, freshAddress(), 'carol', 'carol-new-password'),
      ])
      expectWrongCredentials(old)
      expect(fresh.status).toBe(200)
      expect(fresh.data?.login.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    })

    it('ends every session of a user whose password an admin sets, and none of the admin’s', async () => {
      const dave = users.dave!
      const res = await t.gql(SET_PASSWORD, { id: dave.id, p: 'dave-new-password' }, t.adminToken)
      expect(res.errors).toBeUndefined()
      expectUnauthenticated(await t.gql(WHO_AM_I, {}, dave.token))
      expect((await t.gql<WhoAmIData>(WHO_AM_I, {}, t.adminToken)).data?.whoAmI.username).toBe(
        'admin',
      )
    })

    it('answers the token of a deleted user with 401', async () => {
      const erin = users.erin!
      const res = await t.gql<{ userDelete: string[] }>(
        'mutation($ids: [ID!]!) { userDelete(ids: $ids) }',
        { ids: [erin.id] },
        t.adminToken,
      )
      expect(res.data).toEqual({ userDelete: [erin.id] })
      expectUnauthenticated(await t.gql(WHO_AM_I, {}, erin.token))
      expect(
        t.database.sqlite
          .prepare('SELECT count(*) AS n FROM sessions WHERE user_id = ?')
          .get(erin.id),
      ).toEqual({
        n: 0,
      })
    })
  })

  describe('what the database keeps', () => {
    it('stores a token only as its SHA-256 and the token itself nowhere', async () => {
      const frank = users.frank!
      const row = t.database.sqlite
        .prepare('SELECT user_id, created_at, expires_at FROM sessions WHERE token_hash = ?')
        .get(sha256(frank.token))
      expect(row).toEqual({
        user_id: frank.id,
        created_at: clock.now,
        expires_at: clock.now + 30 * DAY,
      })

      const tables = t.database.sqlite
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
        .all() as { name: string }[]
      for (const { name } of tables) {
        const text = JSON.stringify(t.database.sqlite.prepare(`SELECT * FROM "${name}"`).all())
        expect(text, `table ${name}`).not.toContain(frank.token)
      }
      for (const file of [t.dbPath, `${t.dbPath}-wal`]) {
        if (existsSync(file)) expect(readFileSync(file).includes(frank.token), file).toBe(false)
      }
    })

    it('stores passwords as salted scrypt hashes with their parameters, never in clear', () => {
      const hashes = t.database.sqlite
        .prepare('SELECT username, password_hash FROM users')
        .all() as {
        username: string
        password_hash: string
      }[]
      for (const { username, password_hash } of hashes) {
        expect(password_hash, username).toMatch(
          new RegExp(
            `^scrypt\\$${TEST_PASSWORD_COST}\\$8\\$1\\$[A-Za-z0-9+/]{22}==\\$[A-Za-z0-9+/]{43}=$`,
          ),
        )
      }
      const of = (name: string) => hashes.find((h) => h.username === name)?.password_hash
      expect(of('grace')).not.toBe(of('heidi'))
      for (const file of [t.dbPath, `${t.dbPath}-wal`]) {
        if (!existsSync(file)) continue
        const bytes = readFileSync(file)
        expect(bytes.includes('same-password'), file).toBe(false)
        expect(bytes.includes(ADMIN_PASSWORD), file).toBe(false)
      }
    })
  })
})

describe('token expiry', () => {
  let t: TestHub
  const clock = { now: START }
  beforeAll(async () => {
    t = await startHub({ now: () => clock.now })
  })
  afterAll(() => t.close())

  it('accepts a token for 30 days after login and answers it with 401 after', async () => {
    const { token } = await t.createUser('ivan')
    const loggedInAt = clock.now

    clock.now = loggedInAt + 30 * DAY - MINUTE
    expect((await t.gql<WhoAmIData>(WHO_AM_I, {}, token)).data?.whoAmI.username).toBe('ivan')

    clock.now = loggedInAt + 30 * DAY + 1
    expectUnauthenticated(await t.gql(WHO_AM_I, {}, token))
  })
})

describe('login throttling', () => {
  let t: TestHub
  const clock = { now: START }
  beforeAll(async () => {
    t = await startHub({ now: () => clock.now })
    await Promise.all(['judy', 'kim', 'leo'].map((name) => t.createUser(name)))
  })
  afterAll(() => t.close())
  // An hour later every earlier failure is forgotten, so each test starts clean.
  beforeEach(() => {
    clock.now += 60 * MINUTE
  })

  /** One failed login per address, all at once. */
  const failFromEach = (username: string, addresses: string[]) =>
    Promise.all(addresses.map((a) => loginFrom(t, a, username, 'wrong-password')))

  it('refuses a username after five failures with 429, even with the right password, for 15 minutes', async () => {
    const addresses = [1, 2, 3, 4, 5].map(freshAddress)
    const failures = await failFromEach('judy', addresses)
    failures.forEach(expectWrongCredentials)
    const blockedAt = clock.now

    const refused = await loginFrom(t, freshAddress(), 'judy', 'judy-password')
    expectThrottled(refused)
    expect(refused.errors?.[0]?.message).toBe('Too many failed logins; try again in 15 minutes')
    // Another user, even from an address that failed for judy, is not affected.
    expect((await loginFrom(t, addresses[0]!, 'kim', 'kim-password')).status).toBe(200)

    clock.now = blockedAt + 14 * MINUTE
    expectThrottled(await loginFrom(t, freshAddress(), 'judy', 'judy-password'))

    clock.now = blockedAt + 15 * MINUTE + 1000
    const res = await loginFrom(t, freshAddress(), 'judy', 'judy-password')
    expect(res.status).toBe(200)
    expect(res.data?.login.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('refuses a client address after five failures across different usernames', async () => {
    const address = freshAddress()
    const failures = await Promise.all(
      ['nobody1', 'nobody2', 'kim', 'leo', 'nobody3'].map((u) =>
        loginFrom(t, address, u, 'wrong-password'),
      ),
    )
    failures.forEach(expectWrongCredentials)

    expectThrottled(await loginFrom(t, address, 'admin', ADMIN_PASSWORD))
    // The same user from another address is welcome.
    expect((await loginFrom(t, freshAddress(), 'admin', ADMIN_PASSWORD)).status).toBe(200)

    clock.now += 15 * MINUTE + 1000
    expect((await loginFrom(t, address, 'admin', ADMIN_PASSWORD)).status).toBe(200)
  })

  it('forgets a username’s failures after a good login', async () => {
    const failures = await failFromEach('leo', [1, 2, 3, 4].map(freshAddress))
    failures.forEach(expectWrongCredentials)
    expect((await loginFrom(t, freshAddress(), 'leo', 'leo-password')).status).toBe(200)

    // Counted on from four, this fifth failure would block leo.
    expectWrongCredentials(await loginFrom(t, freshAddress(), 'leo', 'wrong-password'))
    expect((await loginFrom(t, freshAddress(), 'leo', 'leo-password')).status).toBe(200)
  })

  it('keeps counting an address’s failures after a good login from it', async () => {
    const address = freshAddress()
    const failures = await Promise.all(
      ['nobody4', 'nobody5', 'nobody6', 'nobody7'].map((u) =>
        loginFrom(t, address, u, 'wrong-password'),
      ),
    )
    failures.forEach(expectWrongCredentials)
    expect((await loginFrom(t, address, 'kim', 'kim-password')).status).toBe(200)
    expectWrongCredentials(await loginFrom(t, address, 'nobody8', 'wrong-password'))
    expectThrottled(await loginFrom(t, address, 'kim', 'kim-password'))
  })
})
