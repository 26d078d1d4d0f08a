// Users over the real GraphQL API: who may read and change them, what each operation returns,
// refusals that leave the database as it was, and which sessions survive a change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SessionRepository } from '../../hub/db/sessions'
import {
  ADMIN_PASSWORD,
  createBlind,
  startHub,
  type GqlResponse,
  type TestHub,
} from '../helpers/hub'

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const USER_FIELDS =
  'id username isAdmin userBlindList { isMyFavorite blind { id name isFavorite } }'
const WHO_AM_I = `{ whoAmI { ${USER_FIELDS} } }`
const USER = `query($id: ID!) { user(id: $id) { ${USER_FIELDS} } }`
const USER_LIST = '{ userList { id username isAdmin } }'
const USER_CREATE = `mutation($input: UserInput!) { userCreate(input: $input) { ${USER_FIELDS} } }`
const USER_UPDATE = `mutation($id: ID!, $input: UserUpdateInput!) { userUpdate(id: $id, input: $input) { ${USER_FIELDS} } }`
const USER_DELETE = 'mutation($ids: [ID!]!) { userDelete(ids: $ids) }'
const SET_FAVORITE = 'mutation($id: ID!) { setFavoriteBlind(id: $id) }'
const BLIND_NAMES = '{ blindList { name } }'

interface User {
  id: string
  username: string
  isAdmin: boolean
  userBlindList: {
    isMyFavorite: boolean
    blind: { id: string; name: string; isFavorite: boolean }
  }[]
}

type Variables = Record<string, unknown>

/** The request failed as a whole with this one code, in the body and as the HTTP status. */
function expectFailure(res: GqlResponse, code: number): void {
  expect(res.errors?.map((e) => e.extensions.code)).toEqual([code])
  expect(res.status).toBe(code)
  if (res.data) expect(Object.values(res.data).every((v) => v === null)).toBe(true)
}

/** it.each rows whose test name shows the given column as plain text. */
function named<T, K extends keyof T>(rows: T[], column: K): [T[K], T][] {
  return rows.map((row) => [row[column], row])
}

/** What userBlindList shows, compactly: [blind name, isMyFavorite, blind.isFavorite]. */
function blindsOf(user: User | undefined): [string, boolean, boolean][] {
  return (user?.userBlindList ?? []).map((ub) => [
    ub.blind.name,
    ub.isMyFavorite,
    ub.blind.isFavorite,
  ])
}

/** A session for a user as a login opens it, without paying for scrypt once more (~0.4 s). */
function openSession(t: TestHub, userId: string): string {
  return new SessionRepository(t.database.db, Date.now).create(userId).token
}

/** Creates a user through the API as admin, with one password hash, and opens a session for them. */
async function addUser(
  t: TestHub,
  username: string,
  { isAdmin = false, blindIds = [] as string[] } = {},
): Promise<{ id: string; token: string }> {
  const res = await t.gql<{ userCreate: { id: string } }>(
    'mutation($input: UserInput!) { userCreate(input: $input) { id } }',
    { input: { username, password: `${username}-password`, isAdmin, blindIds } },
    t.adminToken,
  )
  if (!res.data) throw new Error(`userCreate ${username} failed: ${JSON.stringify(res.errors)}`)
  const id = res.data.userCreate.id
  return { id, token: openSession(t, id) }
}

async function whoAmI(t: TestHub, token: string): Promise<GqlResponse<{ whoAmI: User }>> {
  return t.gql<{ whoAmI: User }>(WHO_AM_I, {}, token)
}

describe('who may read and change users', () => {
  let t: TestHub
  let kitchen: string
  let bob: { id: string; token: string }
  let carol: { id: string; token: string }

  beforeAll(async () => {
    t = await startHub()
    kitchen = await createBlind(t, 'Kitchen', '1:0', '1:1')
    await createBlind(t, 'Bedroom', '1:2', '1:3')
    // Created out of alphabetical order, so that userList shows its own sorting.
    carol = await addUser(t, 'carol')
    bob = await addUser(t, 'bob', { blindIds: [kitchen] })
  })
  afterAll(() => t.close())

  const everyOperation: { operation: string; query: string; variables: () => Variables }[] = [
    { operation: 'whoAmI', query: WHO_AM_I, variables: () => ({}) },
    { operation: 'user', query: USER, variables: () => ({ id: bob.id }) },
    { operation: 'userList', query: USER_LIST, variables: () => ({}) },
    {
      operation: 'userCreate',
      query: USER_CREATE,
      variables: () => ({ input: { username: 'mallory', password: 'mallory-password' } }),
    },
    {
      operation: 'userUpdate',
      query: USER_UPDATE,
      variables: () => ({ id: bob.id, input: { password: 'taken-over-password' } }),
    },
    { operation: 'userDelete', query: USER_DELETE, variables: () => ({ ids: [bob.id] }) },
  ]

  it.each(named(everyOperation, 'operation'))(
    'refuses %s without a token with 401',
    async (_, { query, variables }) => {
      const before = t.snapshot()
      expectFailure(await t.gql(query, variables()), 401)
      expect(t.snapshot()).toBe(before)
    },
  )

  it.each(named(everyOperation, 'operation'))(
    'refuses %s with an unknown token with 401',
    async (_, { query, variables }) => {
      const before = t.snapshot()
      expectFailure(await t.gql(query, variables(), 'x'.repeat(43)), 401)
      expect(t.snapshot()).toBe(before)
    },
  )

  it('tells a regular user who they are, with the blinds assigned to them', async () => {
    const res = await whoAmI(t, bob.token)
    expect(res.status).toBe(200)
    expect(res.data?.whoAmI).toEqual({
      id: bob.id,
      username: 'bob',
      isAdmin: false,
      userBlindList: [
        { isMyFavorite: false, blind: { id: kitchen, name: 'Kitchen', isFavorite: false } },
      ],
    })
  })

  it('lets a regular user read their own user', async () => {
    const res = await t.gql<{ user: User }>(USER, { id: bob.id }, bob.token)
    expect(res.data?.user).toMatchObject({ id: bob.id, username: 'bob', isAdmin: false })
    expect(blindsOf(res.data?.user)).toEqual([['Kitchen', false, false]])
  })

  const forbiddenToRegularUsers: { action: string; query: string; variables: () => Variables }[] = [
    { action: 'read another user', query: USER, variables: () => ({ id: carol.id }) },
    { action: 'read the admin', query: USER, variables: () => ({ id: t.adminId }) },
    { action: 'probe for an unknown user', query: USER, variables: () => ({ id: UNKNOWN_ID }) },
    { action: 'list users', query: USER_LIST, variables: () => ({}) },
    {
      action: 'create a user',
      query: USER_CREATE,
      variables: () => ({ input: { username: 'mallory', password: 'mallory-password' } }),
    },
    {
      action: 'change another user’s password',
      query: USER_UPDATE,
      variables: () => ({ id: carol.id, input: { password: 'taken-over-password' } }),
    },
    {
      action: 'change the admin’s password',
      query: USER_UPDATE,
      variables: () => ({ id: t.adminId, input: { password: 'taken-over-password' } }),
    },
    {
      action: 'rename themselves',
      query: USER_UPDATE,
      variables: () => ({ id: bob.id, input: { username: 'bobby' } }),
    },
    {
      action: 'make themselves an admin',
      query: USER_UPDATE,
      variables: () => ({ id: bob.id, input: { isAdmin: true } }),
    },
    {
      action: 'set isAdmin false on themselves',
      query: USER_UPDATE,
      variables: () => ({ id: bob.id, input: { isAdmin: false } }),
    },
    {
      action: 'assign blinds to themselves',
      query: USER_UPDATE,
      variables: () => ({ id: bob.id, input: { blindIds: [kitchen] } }),
    },
    {
      action: 'change their own password together with their role',
      query: USER_UPDATE,
      variables: () => ({ id: bob.id, input: { password: 'bob-new-password', isAdmin: true } }),
    },
    { action: 'delete themselves', query: USER_DELETE, variables: () => ({ ids: [bob.id] }) },
    { action: 'delete another user', query: USER_DELETE, variables: () => ({ ids: [carol.id] }) },
  ]

  it.each(named(forbiddenToRegularUsers, 'action'))(
    'forbids a regular user to %s with 403',
    async (_, { query, variables }) => {
      const before = t.snapshot()
      expectFailure(await t.gql(query, variables(), bob.token), 403)
      expect(t.snapshot()).toBe(before)
    },
  )

  it('lets an admin read and list every user', async () => {
    const one = await t.gql<{ user: User }>(USER, { id: carol.id }, t.adminToken)
    expect(one.data?.user).toEqual({
      id: carol.id,
      username: 'carol',
      isAdmin: false,
      userBlindList: [],
    })
    const list = await t.gql<{ userList: User[] }>(USER_LIST, {}, t.adminToken)
    expect(list.data?.userList).toEqual([
      { id: t.adminId, username: 'admin', isAdmin: true },
      { id: bob.id, username: 'bob', isAdmin: false },
      { id: carol.id, username: 'carol', isAdmin: false },
    ])
  })

  it('lets an admin create, update and delete users', async () => {
    const created = await t.gql<{ userCreate: User }>(
      USER_CREATE,
      { input: { username: 'dave', password: 'dave-password' } },
      t.adminToken,
    )
    const id = created.data!.userCreate.id
    const updated = await t.gql<{ userUpdate: User }>(
      USER_UPDATE,
      { id, input: { username: 'david', blindIds: [kitchen] } },
      t.adminToken,
    )
    expect(updated.data?.userUpdate).toMatchObject({ id, username: 'david', isAdmin: false })
    expect((await t.gql(USER_DELETE, { ids: [id] }, t.adminToken)).data).toEqual({
      userDelete: [id],
    })
  })
})

describe('managing users', () => {
  let t: TestHub
  let kitchen: string
  let bedroom: string
  let office: string

  beforeAll(async () => {
    t = await startHub()
    kitchen = await createBlind(t, 'Kitchen', '1:0', '1:1')
    bedroom = await createBlind(t, 'bedroom', '1:2', '1:3')
    office = await createBlind(t, 'Office', '1:4', '1:5')
  })
  afterAll(() => t.close())

  it('tells the admin who they are, with every blind', async () => {
    const res = await whoAmI(t, t.adminToken)
    expect(res.data?.whoAmI).toMatchObject({ id: t.adminId, username: 'admin', isAdmin: true })
    expect(blindsOf(res.data?.whoAmI)).toEqual([
      ['bedroom', false, false],
      ['Kitchen', false, false],
      ['Office', false, false],
    ])
  })

  it('creates a regular user with the blinds assigned, sorted by name, who can then log in', async () => {
    const res = await t.gql<{ userCreate: User }>(
      USER_CREATE,
      {
        input: {
          username: ' erin.k_2-x ',
          password: 'erin-password',
          blindIds: [office, bedroom, office],
        },
      },
      t.adminToken,
    )
    expect(res.status).toBe(200)
    const user = res.data!.userCreate
    expect(user.id).toMatch(UUID)
    expect(user).toEqual({
      id: user.id,
      username: 'erin.k_2-x',
      isAdmin: false,
      userBlindList: [
        { isMyFavorite: false, blind: { id: bedroom, name: 'bedroom', isFavorite: false } },
        { isMyFavorite: false, blind: { id: office, name: 'Office', isFavorite: false } },
      ],
    })
    const token = await t.login('erin.k_2-x', 'erin-password')
    expect((await t.gql(BLIND_NAMES, {}, token)).data).toEqual({
      blindList: [{ name: 'bedroom' }, { name: 'Office' }],
    })
    expect(
      t.database.sqlite.prepare('SELECT password_hash FROM users WHERE id = ?').get(user.id),
    ).not.toEqual({
      password_hash: 'erin-password',
    })
  })

  it('creates an admin, who sees every blind whatever is assigned', async () => {
    const res = await t.gql<{ userCreate: User }>(
      USER_CREATE,
      {
        input: { username: 'root', password: 'x'.repeat(256), isAdmin: true, blindIds: [kitchen] },
      },
      t.adminToken,
    )
    expect(res.data?.userCreate).toMatchObject({ username: 'root', isAdmin: true })
    expect(blindsOf(res.data?.userCreate).map(([name]) => name)).toEqual([
      'bedroom',
      'Kitchen',
      'Office',
    ])
  })

  it('lists users sorted by username', async () => {
    const res = await t.gql<{ userList: User[] }>(USER_LIST, {}, t.adminToken)
    expect(res.data?.userList.map((u) => [u.username, u.isAdmin])).toEqual([
      ['admin', true],
      ['erin.k_2-x', false],
      ['root', true],
    ])
  })

  it('shows in userBlindList the owner’s favourites as isMyFavorite and the asker’s as isFavorite', async () => {
    const fay = await addUser(t, 'fay', { blindIds: [kitchen, bedroom] })
    await t.gql(SET_FAVORITE, { id: kitchen }, fay.token)
    await t.gql(SET_FAVORITE, { id: bedroom }, t.adminToken)

    const asAdmin = await t.gql<{ user: User }>(USER, { id: fay.id }, t.adminToken)
    expect(blindsOf(asAdmin.data?.user)).toEqual([
      ['bedroom', false, true],
      ['Kitchen', true, false],
    ])
    const asFay = await whoAmI(t, fay.token)
    expect(blindsOf(asFay.data?.whoAmI)).toEqual([
      ['bedroom', false, false],
      ['Kitchen', true, true],
    ])
    const fayReadingHerself = await t.gql<{ user: User }>(USER, { id: fay.id }, fay.token)
    expect(blindsOf(fayReadingHerself.data?.user)).toEqual(blindsOf(asFay.data?.whoAmI))
    const adminSelf = await whoAmI(t, t.adminToken)
    expect(blindsOf(adminSelf.data?.whoAmI)).toEqual([
      ['bedroom', true, true],
      ['Kitchen', false, false],
      ['Office', false, false],
    ])
  })

  it('renames a user, changes their role and replaces their blinds, keeping their session', async () => {
    const gus = await addUser(t, 'gus', { blindIds: [kitchen] })
    const renamed = await t.gql<{ userUpdate: User }>(
      USER_UPDATE,
      { id: gus.id, input: { username: 'gustav', blindIds: [office, bedroom] } },
      t.adminToken,
    )
    expect(renamed.data?.userUpdate).toMatchObject({
      id: gus.id,
      username: 'gustav',
      isAdmin: false,
    })
    expect(blindsOf(renamed.data?.userUpdate).map(([name]) => name)).toEqual(['bedroom', 'Office'])
    expect((await t.gql(BLIND_NAMES, {}, gus.token)).data).toEqual({
      blindList: [{ name: 'bedroom' }, { name: 'Office' }],
    })
    expect((await whoAmI(t, gus.token)).data?.whoAmI.username).toBe('gustav')

    const promoted = await t.gql<{ userUpdate: User }>(
      USER_UPDATE,
      { id: gus.id, input: { isAdmin: true } },
      t.adminToken,
    )
    expect(promoted.data?.userUpdate.isAdmin).toBe(true)
    expect((await t.gql(BLIND_NAMES, {}, gus.token)).data).toEqual({
      blindList: [{ name: 'bedroom' }, { name: 'Kitchen' }, { name: 'Office' }],
    })
    expect((await t.gql(USER_LIST, {}, gus.token)).status).toBe(200)

    const demoted = await t.gql<{ userUpdate: User }>(
      USER_UPDATE,
      { id: gus.id, input: { isAdmin: false, blindIds: [] } },
      t.adminToken,
    )
    expect(demoted.data?.userUpdate).toMatchObject({
      username: 'gustav',
      isAdmin: false,
      userBlindList: [],
    })
    expect((await t.gql(BLIND_NAMES, {}, gus.token)).data).toEqual({ blindList: [] })
    expectFailure(await t.gql(USER_LIST, {}, gus.token), 403)
  })

  it('leaves what an update does not name as it was', async () => {
    const list = await t.gql<{ userList: User[] }>(USER_LIST, {}, t.adminToken)
    const erin = list.data!.userList.find((u) => u.username === 'erin.k_2-x')!
    const before = t.snapshot()
    const res = await t.gql<{ userUpdate: User }>(
      USER_UPDATE,
      { id: erin.id, input: {} },
      t.adminToken,
    )
    expect(res.data?.userUpdate).toMatchObject({
      id: erin.id,
      username: 'erin.k_2-x',
      isAdmin: false,
    })
    expect(blindsOf(res.data?.userUpdate).map(([name]) => name)).toEqual(['bedroom', 'Office'])
    // Only updated_at may move.
    const withoutTimes = (s: string) => s.replace(/"updated_at":\d+/g, '')
    expect(withoutTimes(t.snapshot())).toBe(withoutTimes(before))
  })

  it('lets an admin step down while another admin remains', async () => {
    const root = (
      await t.gql<{ userList: User[] }>(USER_LIST, {}, t.adminToken)
    ).data!.userList.find((u) => u.username === 'root')!
    const rootToken = openSession(t, root.id)
    const res = await t.gql<{ userUpdate: User }>(
      USER_UPDATE,
      { id: root.id, input: { isAdmin: false } },
      rootToken,
    )
    expect(res.data?.userUpdate.isAdmin).toBe(false)
    expectFailure(await t.gql(USER_LIST, {}, rootToken), 403)
  })

  it('deletes users, returns only the ids actually deleted, and ends their sessions', async () => {
    const hal = await addUser(t, 'hal', { blindIds: [kitchen] })
    await t.gql(SET_FAVORITE, { id: kitchen }, hal.token)
    const res = await t.gql<{ userDelete: string[] }>(
      USER_DELETE,
      { ids: [hal.id, UNKNOWN_ID, hal.id] },
      t.adminToken,
    )
    expect(res.status).toBe(200)
    expect(res.data).toEqual({ userDelete: [hal.id] })
    expectFailure(await whoAmI(t, hal.token), 401)
    expectFailure(await t.gql(BLIND_NAMES, {}, hal.token), 401)
    expectFailure(await t.gql(USER, { id: hal.id }, t.adminToken), 404)
    const rows = t.database.sqlite
      .prepare(
        `SELECT (SELECT count(*) FROM sessions WHERE user_id = $id) AS sessions,
                (SELECT count(*) FROM user_blinds WHERE user_id = $id) AS assigned,
                (SELECT count(*) FROM blind_favorites WHERE user_id = $id) AS favourites`,
      )
      .get({ id: hal.id })
    expect(rows).toEqual({ sessions: 0, assigned: 0, favourites: 0 })
    const again = await t.gql(USER_DELETE, { ids: [hal.id] }, t.adminToken)
    expect(again.data).toEqual({ userDelete: [] })
  })

  it('lets an admin delete another admin, and themselves while another admin remains', async () => {
    const ida = await addUser(t, 'ida', { isAdmin: true })
    const joe = await addUser(t, 'joe', { isAdmin: true })
    expect((await t.gql(USER_DELETE, { ids: [ida.id] }, joe.token)).data).toEqual({
      userDelete: [ida.id],
    })
    expect((await t.gql(USER_DELETE, { ids: [joe.id] }, joe.token)).data).toEqual({
      userDelete: [joe.id],
    })
    expectFailure(await whoAmI(t, joe.token), 401)
    expect((await whoAmI(t, t.adminToken)).status).toBe(200)
  })

  it('refuses to delete every admin at once, and deletes none of the users listed', async () => {
    const kim = await addUser(t, 'kim', { isAdmin: true })
    const before = t.snapshot()
    const res = await t.gql(USER_DELETE, { ids: [kim.id, t.adminId] }, t.adminToken)
    expectFailure(res, 409)
    expect(res.errors?.[0]?.extensions.field).toBe('ids')
    expect(res.errors?.[0]?.message).toMatch(/last admin/)
    expect(t.snapshot()).toBe(before)
    expect((await whoAmI(t, kim.token)).status).toBe(200)
  })

  it('lets a user log in with a password of 256 characters, however many bytes each takes', async () => {
    const password = '🔒'.repeat(256)
    const res = await t.gql<{ userCreate: User }>(
      USER_CREATE,
      { input: { username: 'lockie', password } },
      t.adminToken,
    )
    expect(res.data?.userCreate.username).toBe('lockie')
    const token = await t.login('lockie', password)
    expect((await whoAmI(t, token)).data?.whoAmI.username).toBe('lockie')
  })

  it('takes a username typed in capitals in lower case, and logs it in however it is typed', async () => {
    const res = await t.gql<{ userCreate: User }>(
      USER_CREATE,
      { input: { username: ' ZOE.Q ', password: 'zoe-password' } },
      t.adminToken,
    )
    expect(res.data?.userCreate.username).toBe('zoe.q')
    const renamed = await t.gql<{ userUpdate: User }>(
      USER_UPDATE,
      { id: res.data!.userCreate.id, input: { username: 'Zoe' } },
      t.adminToken,
    )
    expect(renamed.data?.userUpdate.username).toBe('zoe')
    const token = await t.login('ZOE', 'zoe-password')
    expect((await whoAmI(t, token)).data?.whoAmI.username).toBe('zoe')

    // The same name in capitals is the same name.
    const taken = await t.gql(
      USER_CREATE,
      { input: { username: 'ADMIN', password: 'x'.repeat(8) } },
      t.adminToken,
    )
    expect(taken.errors?.[0]).toMatchObject({
      message: 'username admin is already taken',
      extensions: { code: 409, field: 'username' },
    })
  })
})

describe('refusing bad user input', () => {
  let t: TestHub
  let kitchen: string
  let bobId: string

  beforeAll(async () => {
    t = await startHub()
    kitchen = await createBlind(t, 'Kitchen', '1:0', '1:1')
    const bob = await t.gql<{ userCreate: { id: string } }>(
      USER_CREATE,
      { input: { username: 'bob', password: 'bob-password', blindIds: [kitchen] } },
      t.adminToken,
    )
    bobId = bob.data!.userCreate.id
  })
  afterAll(() => t.close())

  interface BadInput {
    rule: string
    query: string
    variables: () => Variables
    code: number
    /** extensions.field, when the hub sets it; null when it must be absent. */
    field: string | null
    message: RegExp
  }

  const create = (input: Variables) => () => ({
    input: { username: 'newcomer', password: 'newcomer-password', ...input },
  })
  const updateBob = (input: Variables) => () => ({ id: bobId, input })

  const badInputs: BadInput[] = [
    // userCreate
    {
      rule: 'an empty username',
      query: USER_CREATE,
      variables: create({ username: '' }),
      code: 400,
      field: 'username',
      message: /^username must not be empty$/,
    },
    {
      rule: 'a username of 2 characters',
      query: USER_CREATE,
      variables: create({ username: 'ab' }),
      code: 400,
      field: 'username',
      message: /^username .*got 2/,
    },
    {
      rule: 'a username of 33 characters',
      query: USER_CREATE,
      variables: create({ username: 'a'.repeat(33) }),
      code: 400,
      field: 'username',
      message: /^username .*got 33/,
    },
    {
      rule: 'a username with a letter outside a-z',
      query: USER_CREATE,
      variables: create({ username: 'Älice' }),
      code: 400,
      field: 'username',
      message: /^username .*lower-case/,
    },
    {
      rule: 'a username with a space inside',
      query: USER_CREATE,
      variables: create({ username: 'al ice' }),
      code: 400,
      field: 'username',
      message: /^username .*lower-case/,
    },
    {
      rule: 'a username with an @',
      query: USER_CREATE,
      variables: create({ username: 'alice@home' }),
      code: 400,
      field: 'username',
      message: /^username /,
    },
    {
      rule: 'a username with a non-ASCII letter',
      query: USER_CREATE,
      variables: create({ username: 'jürgen' }),
      code: 400,
      field: 'username',
      message: /^username /,
    },
    {
      rule: 'a username that is taken',
      query: USER_CREATE,
      variables: create({ username: 'bob' }),
      code: 409,
      field: 'username',
      message: /^username bob is already taken/,
    },
    {
      rule: 'a username that is taken once trimmed',
      query: USER_CREATE,
      variables: create({ username: '  admin ' }),
      code: 409,
      field: 'username',
      message: /^username admin /,
    },
    {
      rule: 'a password of 7 characters',
      query: USER_CREATE,
      variables: create({ password: 'x'.repeat(7) }),
      code: 400,
      field: 'password',
      message: /^password .*8 to 256.*got 7/,
    },
    {
      rule: 'a password of 257 characters',
      query: USER_CREATE,
      variables: create({ password: 'x'.repeat(257) }),
      code: 400,
      field: 'password',
      message: /^password .*got 257/,
    },
    {
      rule: 'an unknown blind id',
      query: USER_CREATE,
      variables: create({ blindIds: [UNKNOWN_ID] }),
      code: 404,
      field: 'blindIds[0]',
      message: new RegExp(`^Blind ${UNKNOWN_ID} does not exist`),
    },
    {
      rule: 'an unknown blind id after a known one',
      query: USER_CREATE,
      variables: () => create({ blindIds: [kitchen, UNKNOWN_ID] })(),
      code: 404,
      field: 'blindIds[1]',
      message: /does not exist/,
    },
    {
      rule: 'a malformed blind id',
      query: USER_CREATE,
      variables: create({ blindIds: ['kitchen'] }),
      code: 400,
      field: 'blindIds[0]',
      message: /^blindIds\[0\] must be a UUID/,
    },
    {
      rule: 'isAdmin sent as a string',
      query: USER_CREATE,
      variables: create({ isAdmin: 'yes' }),
      code: 400,
      field: null,
      message: /isAdmin/,
    },
    {
      rule: 'a password sent as a number',
      query: USER_CREATE,
      variables: create({ password: 12345678 }),
      code: 400,
      field: null,
      message: /password/,
    },
    {
      rule: 'a user input without a password',
      query: USER_CREATE,
      variables: () => ({ input: { username: 'newcomer' } }),
      code: 400,
      field: null,
      message: /password/,
    },
    // userUpdate
    {
      rule: 'an update of a malformed id',
      query: USER_UPDATE,
      variables: () => ({ id: 'bob', input: { username: 'bobby' } }),
      code: 400,
      field: 'id',
      message: /^id must be a UUID/,
    },
    {
      rule: 'an update of an unknown id',
      query: USER_UPDATE,
      variables: () => ({ id: UNKNOWN_ID, input: { username: 'bobby' } }),
      code: 404,
      field: 'id',
      message: new RegExp(`^User ${UNKNOWN_ID} does not exist`),
    },
    {
      rule: 'a rename to a username with a letter outside a-z',
      query: USER_UPDATE,
      variables: updateBob({ username: 'Böbby' }),
      code: 400,
      field: 'username',
      message: /^username .*lower-case/,
    },
    {
      rule: 'a rename to a username of 2 characters',
      query: USER_UPDATE,
      variables: updateBob({ username: 'bo' }),
      code: 400,
      field: 'username',
      message: /^username .*got 2/,
    },
    {
      rule: 'a rename to a username of 33 characters',
      query: USER_UPDATE,
      variables: updateBob({ username: 'b'.repeat(33) }),
      code: 400,
      field: 'username',
      message: /^username .*got 33/,
    },
    {
      rule: 'a rename to a taken username',
      query: USER_UPDATE,
      variables: updateBob({ username: 'admin' }),
      code: 409,
      field: 'username',
      message: /^username admin is already taken/,
    },
    {
      rule: 'a new password of 7 characters',
      query: USER_UPDATE,
      variables: updateBob({ password: 'short77' }),
      code: 400,
      field: 'password',
      message: /^password .*got 7/,
    },
    {
      rule: 'a new password of 257 characters',
      query: USER_UPDATE,
      variables: updateBob({ password: 'y'.repeat(257) }),
      code: 400,
      field: 'password',
      message: /^password .*got 257/,
    },
    {
      rule: 'assigning an unknown blind',
      query: USER_UPDATE,
      variables: updateBob({ blindIds: [UNKNOWN_ID] }),
      code: 404,
      field: 'blindIds[0]',
      message: /does not exist/,
    },
    {
      rule: 'assigning a malformed blind id',
      query: USER_UPDATE,
      variables: updateBob({ blindIds: [''] }),
      code: 400,
      field: 'blindIds[0]',
      message: /^blindIds\[0\] must be a UUID/,
    },
    {
      rule: 'demoting the last admin',
      query: USER_UPDATE,
      variables: () => ({ id: t.adminId, input: { isAdmin: false } }),
      code: 409,
      field: 'isAdmin',
      message: /last admin/,
    },
    {
      rule: 'demoting the last admin while renaming them',
      query: USER_UPDATE,
      variables: () => ({ id: t.adminId, input: { username: 'boss', isAdmin: false } }),
      code: 409,
      field: 'isAdmin',
      message: /last admin/,
    },
    {
      rule: 'isAdmin sent as a string in an update',
      query: USER_UPDATE,
      variables: updateBob({ isAdmin: 'no' }),
      code: 400,
      field: null,
      message: /isAdmin/,
    },
    {
      rule: 'an update input with a field the schema does not know',
      query: USER_UPDATE,
      variables: updateBob({ role: 'admin' }),
      code: 400,
      field: null,
      message: /role/,
    },
    // userDelete
    {
      rule: 'deleting an empty list of ids',
      query: USER_DELETE,
      variables: () => ({ ids: [] }),
      code: 400,
      field: 'ids',
      message: /^ids must list at least one id/,
    },
    {
      rule: 'deleting a malformed id',
      query: USER_DELETE,
      variables: () => ({ ids: ['bob'] }),
      code: 400,
      field: 'ids[0]',
      message: /^ids\[0\] must be a UUID/,
    },
    {
      rule: 'deleting a malformed id next to a real one',
      query: USER_DELETE,
      variables: () => ({ ids: [bobId, 'nope'] }),
      code: 400,
      field: 'ids[1]',
      message: /^ids\[1\] must be a UUID/,
    },
    {
      rule: 'deleting the last admin',
      query: USER_DELETE,
      variables: () => ({ ids: [t.adminId] }),
      code: 409,
      field: 'ids',
      message: /last admin/,
    },
    {
      rule: 'deleting the last admin together with a regular user',
      query: USER_DELETE,
      variables: () => ({ ids: [bobId, t.adminId] }),
      code: 409,
      field: 'ids',
      message: /last admin/,
    },
    {
      rule: 'deleting with ids sent as an object',
      query: USER_DELETE,
      variables: () => ({ ids: { id: bobId } }),
      code: 400,
      field: null,
      message: /\$ids/,
    },
    // user
    {
      rule: 'reading a malformed id',
      query: USER,
      variables: () => ({ id: 'admin' }),
      code: 400,
      field: 'id',
      message: /^id must be a UUID/,
    },
    {
      rule: 'reading an unknown id',
      query: USER,
      variables: () => ({ id: UNKNOWN_ID }),
      code: 404,
      field: 'id',
      message: /does not exist/,
    },
  ]

  it.each(named(badInputs, 'rule'))(
    'refuses %s and changes nothing',
    async (_, { query, variables, code, field, message }) => {
      const before = t.snapshot()
      const res = await t.gql(query, variables(), t.adminToken)
      expectFailure(res, code)
      const [error] = res.errors!
      expect(error!.message).toMatch(message)
      if (field === null) expect(error!.extensions.field).toBeUndefined()
      else expect(error!.extensions.field).toBe(field)
      expect(t.snapshot()).toBe(before)
    },
  )

  it('refuses a regular user’s own new password of 7 characters and keeps the old one', async () => {
    const bobToken = openSession(t, bobId)
    const before = t.snapshot()
    const res = await t.gql(USER_UPDATE, { id: bobId, input: { password: 'short77' } }, bobToken)
    expectFailure(res, 400)
    expect(res.errors?.[0]?.extensions.field).toBe('password')
    expect(t.snapshot()).toBe(before)
  })
})

describe('sessions after a password change', () => {
  let t: TestHub

  beforeAll(async () => {
    t = await startHub()
  })
  afterAll(() => t.close())

  const loginFails = async (username: string, password: string) => {
    const res = await t.gql(
      'query($u: String!, $p: String!) { login(username: $u, password: $p) { token } }',
      {
        u: username,
        p: password,
      },
    )
    return res.errors?.[0]?.extensions.code
  }

  it('ends every session of a user whose password an admin changes, and only theirs', async () => {
    const bob = await addUser(t, 'bob')
    const bobOnPhone = openSession(t, bob.id)
    const res = await t.gql<{ userUpdate: User }>(
      USER_UPDATE,
      { id: bob.id, input: { password: 'bob-new-password' } },
      t.adminToken,
    )
    expect(res.data?.userUpdate).toMatchObject({ id: bob.id, username: 'bob' })
    expectFailure(await whoAmI(t, bob.token), 401)
    expectFailure(await whoAmI(t, bobOnPhone), 401)
    expect((await whoAmI(t, t.adminToken)).data?.whoAmI.id).toBe(t.adminId)
    expect(await loginFails('bob', 'bob-password')).toBe(401)
    const fresh = await t.login('bob', 'bob-new-password')
    expect((await whoAmI(t, fresh)).data?.whoAmI.id).toBe(bob.id)
  })

  it('keeps the session a user changes their own password with and ends their others', async () => {
    const carol = await addUser(t, 'carol')
    const carolOnPhone = openSession(t, carol.id)
    const res = await t.gql<{ userUpdate: User }>(
      USER_UPDATE,
      {
        id: carol.id,
        input: { password: 'carol-new-password', currentPassword: 'carol-password' },
      },
      carol.token,
    )
    expect(res.status).toBe(200)
    expect(res.data?.userUpdate).toMatchObject({ id: carol.id, username: 'carol', isAdmin: false })
    expect((await whoAmI(t, carol.token)).data?.whoAmI.id).toBe(carol.id)
    expectFailure(await whoAmI(t, carolOnPhone), 401)
    expect(await loginFails('carol', 'carol-password')).toBe(401)
    const fresh = await t.login('carol', 'carol-new-password')
    expect((await whoAmI(t, fresh)).data?.whoAmI.id).toBe(carol.id)
  })

  it('keeps the session an admin changes their own password with and ends their others', async () => {
    const otherAdminSession = openSession(t, t.adminId)
    const res = await t.gql(
      USER_UPDATE,
      { id: t.adminId, input: { password: 'admin-new-password', currentPassword: ADMIN_PASSWORD } },
      t.adminToken,
    )
    expect(res.errors).toBeUndefined()
    expect((await whoAmI(t, t.adminToken)).data?.whoAmI.id).toBe(t.adminId)
    expectFailure(await whoAmI(t, otherAdminSession), 401)
  })

  it('keeps every session when an update leaves the password alone', async () => {
    const dan = await addUser(t, 'dan')
    await t.gql(USER_UPDATE, { id: dan.id, input: { username: 'daniel' } }, t.adminToken)
    expect((await whoAmI(t, dan.token)).data?.whoAmI.username).toBe('daniel')
  })

  it('ends the sessions of a deleted user', async () => {
    const eve = await addUser(t, 'eve')
    const eveOnPhone = openSession(t, eve.id)
    expect((await t.gql(USER_DELETE, { ids: [eve.id] }, t.adminToken)).data).toEqual({
      userDelete: [eve.id],
    })
    expectFailure(await whoAmI(t, eve.token), 401)
    expectFailure(await whoAmI(t, eveOnPhone), 401)
    expect(await loginFails('eve', 'eve-password')).toBe(401)
  })
})

describe('changing one’s own password', () => {
  let t: TestHub

  beforeAll(async () => {
    t = await startHub()
  })
  afterAll(() => t.close())

  const OWN_PASSWORD = `mutation($id: ID!, $input: UserUpdateInput!) { userUpdate(id: $id, input: $input) { id username } }`

  /** Whether a login with this password works (any 401 or 429 is a no). */
  const canLogIn = async (username: string, password: string) => {
    const res = await t.gql(
      'query($u: String!, $p: String!) { login(username: $u, password: $p) { token } }',
      { u: username, p: password },
    )
    return res.errors === undefined
  }

  it('refuses a user’s own new password without the current one, naming currentPassword', async () => {
    const fay = await addUser(t, 'fay')
    const before = t.snapshot()
    const res = await t.gql(
      OWN_PASSWORD,
      { id: fay.id, input: { password: 'fay-new-password' } },
      fay.token,
    )
    expectFailure(res, 400)
    expect(res.errors?.[0]?.extensions.field).toBe('currentPassword')
    expect(res.errors?.[0]?.message).toMatch(/^currentPassword is required/)
    expect(t.snapshot()).toBe(before)
  })

  it('refuses a wrong current password with a 400 naming currentPassword, and changes nothing', async () => {
    const gus = await addUser(t, 'gus')
    const gusOnPhone = openSession(t, gus.id)
    const before = t.snapshot()
    const res = await t.gql(
      OWN_PASSWORD,
      { id: gus.id, input: { password: 'gus-new-password', currentPassword: 'not-gus-password' } },
      gus.token,
    )
    expectFailure(res, 400)
    expect(res.errors?.[0]?.extensions.field).toBe('currentPassword')
    expect(res.errors?.[0]?.message).toBe('currentPassword does not match your password')
    expect(t.snapshot()).toBe(before)
    // Nothing ended: both sessions live on, and the old password still opens a new one.
    expect((await whoAmI(t, gusOnPhone)).data?.whoAmI.id).toBe(gus.id)
    expect(await canLogIn('gus', 'gus-password')).toBe(true)
  })

  it('changes a user’s own password when the current one is right', async () => {
    const hal = await addUser(t, 'hal')
    const res = await t.gql<{ userUpdate: { id: string; username: string } }>(
      OWN_PASSWORD,
      { id: hal.id, input: { password: 'hal-new-password', currentPassword: 'hal-password' } },
      hal.token,
    )
    expect(res.errors).toBeUndefined()
    expect(res.data?.userUpdate).toEqual({ id: hal.id, username: 'hal' })
    expect(await canLogIn('hal', 'hal-new-password')).toBe(true)
    expect(await canLogIn('hal', 'hal-password')).toBe(false)
  })

  it('asks an admin for their own current password too, but not for another user’s', async () => {
    const ida = await addUser(t, 'ida')
    const own = await t.gql(
      OWN_PASSWORD,
      { id: t.adminId, input: { password: 'admin-new-password' } },
      t.adminToken,
    )
    expectFailure(own, 400)
    expect(own.errors?.[0]?.extensions.field).toBe('currentPassword')
    const other = await t.gql(
      OWN_PASSWORD,
      { id: ida.id, input: { password: 'ida-new-password' } },
      t.adminToken,
    )
    expect(other.errors).toBeUndefined()
    expect(await canLogIn('ida', 'ida-new-password')).toBe(true)
  })
})

describe('wrong current passwords and the login throttle', () => {
  let t: TestHub

  beforeAll(async () => {
    t = await startHub()
  })
  afterAll(() => t.close())

  it('counts each wrong current password as a failed login, so five lock the account for a while', async () => {
    const joe = await addUser(t, 'joe')
    const change = (currentPassword: string) =>
      t.gql(
        USER_UPDATE,
        { id: joe.id, input: { password: 'joe-new-password', currentPassword } },
        joe.token,
      )
    for (let i = 0; i < 5; i++) expectFailure(await change(`wrong-guess-${i}`), 400)
    const before = t.snapshot()
    // Even the right one is refused now, and so is a login: a stolen session guesses no faster.
    expectFailure(await change('joe-password'), 429)
    const login = await t.gql(
      'query($u: String!, $p: String!) { login(username: $u, password: $p) { token } }',
      { u: 'joe', p: 'joe-password' },
    )
    expect(login.errors?.[0]?.extensions.code).toBe(429)
    expect(t.snapshot()).toBe(before)
  })
})
