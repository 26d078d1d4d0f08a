// Blinds over the real GraphQL API: who may see and change them, what each operation returns,
// and that bad input is refused with its code while the database stays as it was.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { BLIND_FIELDS, createBlind, startHub, type GqlResponse, type TestHub } from '../helpers/hub'

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const BLIND_LIST = `{ blindList { ${BLIND_FIELDS} } }`
const BLIND = `query($id: ID!) { blind(id: $id) { ${BLIND_FIELDS} } }`
const BLIND_CREATE = `mutation($input: BlindInput!) { blindCreate(input: $input) { ${BLIND_FIELDS} } }`
const BLIND_UPDATE = `mutation($id: ID!, $input: BlindInput!) { blindUpdate(id: $id, input: $input) { ${BLIND_FIELDS} } }`
const BLIND_DELETE = 'mutation($ids: [ID!]!) { blindDelete(ids: $ids) }'
const SET_FAVORITE = 'mutation($id: ID!) { setFavoriteBlind(id: $id) }'
const UNSET_FAVORITE = 'mutation($id: ID!) { unsetFavoriteBlind(id: $id) }'
const AUTOMATION_CREATE =
  'mutation($input: AutomationInput!) { automationCreate(input: $input) { id } }'

interface Blind {
  id: string
  name: string
  blindAddressUp: string
  blindAddressDown: string
  travelTimeMs: number
  isFavorite: boolean
  motion: string
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

function blindInput(name: string, up: string, down: string, travelTimeMs?: number): Variables {
  return {
    name,
    blindAddressUp: up,
    blindAddressDown: down,
    ...(travelTimeMs !== undefined && { travelTimeMs }),
  }
}

describe('who may see and change blinds', () => {
  let t: TestHub
  let kitchen: string
  let bedroom: string
  let bob: { id: string; token: string }

  beforeAll(async () => {
    t = await startHub()
    kitchen = await createBlind(t, 'Kitchen', '1:0', '1:1')
    bedroom = await createBlind(t, 'Bedroom', '1:2', '1:3')
    bob = await t.createUser('bob', { blindIds: [kitchen] })
  })
  afterAll(() => t.close())

  const everyOperation: { operation: string; query: string; variables: () => Variables }[] = [
    { operation: 'blindList', query: BLIND_LIST, variables: () => ({}) },
    { operation: 'blind', query: BLIND, variables: () => ({ id: kitchen }) },
    {
      operation: 'blindCreate',
      query: BLIND_CREATE,
      variables: () => ({ input: blindInput('Hall', '2:0', '2:1') }),
    },
    {
      operation: 'blindUpdate',
      query: BLIND_UPDATE,
      variables: () => ({ id: kitchen, input: blindInput('Kitchen', '1:0', '1:1', 5000) }),
    },
    { operation: 'blindDelete', query: BLIND_DELETE, variables: () => ({ ids: [kitchen] }) },
    { operation: 'setFavoriteBlind', query: SET_FAVORITE, variables: () => ({ id: kitchen }) },
    { operation: 'unsetFavoriteBlind', query: UNSET_FAVORITE, variables: () => ({ id: kitchen }) },
  ]

  it.each(named(everyOperation, 'operation'))(
    'refuses %s without a token with 401',
    async (_, { query, variables }) => {
      const before = t.snapshot()
      const res = await t.gql(query, variables())
      expectFailure(res, 401)
      expect(t.snapshot()).toBe(before)
    },
  )

  it.each(named(everyOperation, 'operation'))(
    'refuses %s with an unknown token with 401',
    async (_, { query, variables }) => {
      const before = t.snapshot()
      const res = await t.gql(query, variables(), 'not-a-real-token')
      expectFailure(res, 401)
      expect(t.snapshot()).toBe(before)
    },
  )

  it('shows a regular user only the blinds assigned to them', async () => {
    const res = await t.gql<{ blindList: Blind[] }>(BLIND_LIST, {}, bob.token)
    expect(res.status).toBe(200)
    expect(res.data?.blindList.map((b) => b.id)).toEqual([kitchen])
  })

  it('shows a regular user an assigned blind by id', async () => {
    const res = await t.gql<{ blind: Blind }>(BLIND, { id: kitchen }, bob.token)
    expect(res.data?.blind).toMatchObject({ id: kitchen, name: 'Kitchen', blindAddressUp: '1:0' })
  })

  it('lets a regular user favour and unfavour an assigned blind', async () => {
    expect((await t.gql(SET_FAVORITE, { id: kitchen }, bob.token)).data).toEqual({
      setFavoriteBlind: true,
    })
    expect(
      (await t.gql<{ blind: Blind }>(BLIND, { id: kitchen }, bob.token)).data?.blind.isFavorite,
    ).toBe(true)
    expect((await t.gql(UNSET_FAVORITE, { id: kitchen }, bob.token)).data).toEqual({
      unsetFavoriteBlind: true,
    })
    expect(
      (await t.gql<{ blind: Blind }>(BLIND, { id: kitchen }, bob.token)).data?.blind.isFavorite,
    ).toBe(false)
  })

  const forbiddenToRegularUsers: { action: string; query: string; variables: () => Variables }[] = [
    {
      action: 'read a blind not assigned to them',
      query: BLIND,
      variables: () => ({ id: bedroom }),
    },
    {
      action: 'favour a blind not assigned to them',
      query: SET_FAVORITE,
      variables: () => ({ id: bedroom }),
    },
    {
      action: 'unfavour a blind not assigned to them',
      query: UNSET_FAVORITE,
      variables: () => ({ id: bedroom }),
    },
    {
      action: 'create a blind',
      query: BLIND_CREATE,
      variables: () => ({ input: blindInput('Hall', '2:0', '2:1') }),
    },
    {
      action: 'update a blind assigned to them',
      query: BLIND_UPDATE,
      variables: () => ({ id: kitchen, input: blindInput('My kitchen', '1:0', '1:1') }),
    },
    {
      action: 'update a blind not assigned to them',
      query: BLIND_UPDATE,
      variables: () => ({ id: bedroom, input: blindInput('Bedroom', '1:2', '1:3') }),
    },
    {
      action: 'delete a blind assigned to them',
      query: BLIND_DELETE,
      variables: () => ({ ids: [kitchen] }),
    },
    {
      action: 'delete a blind not assigned to them',
      query: BLIND_DELETE,
      variables: () => ({ ids: [bedroom] }),
    },
  ]

  it.each(named(forbiddenToRegularUsers, 'action'))(
    'forbids a regular user to %s with 403',
    async (_, { query, variables }) => {
      const before = t.snapshot()
      const res = await t.gql(query, variables(), bob.token)
      expectFailure(res, 403)
      expect(t.snapshot()).toBe(before)
    },
  )

  it('shows an admin every blind, assigned to anyone or not', async () => {
    const list = await t.gql<{ blindList: Blind[] }>(BLIND_LIST, {}, t.adminToken)
    expect(list.data?.blindList.map((b) => b.id)).toEqual([bedroom, kitchen])
    const one = await t.gql<{ blind: Blind }>(BLIND, { id: bedroom }, t.adminToken)
    expect(one.data?.blind).toMatchObject({ id: bedroom, name: 'Bedroom' })
  })

  it('lets an admin create, update, favour and delete blinds', async () => {
    const created = await t.gql<{ blindCreate: Blind }>(
      BLIND_CREATE,
      { input: blindInput('Hall', '2:0', '2:1') },
      t.adminToken,
    )
    const id = created.data!.blindCreate.id
    const updated = await t.gql<{ blindUpdate: Blind }>(
      BLIND_UPDATE,
      { id, input: blindInput('Hallway', '2:0', '2:1') },
      t.adminToken,
    )
    expect(updated.data?.blindUpdate.name).toBe('Hallway')
    expect((await t.gql(SET_FAVORITE, { id }, t.adminToken)).data).toEqual({
      setFavoriteBlind: true,
    })
    expect((await t.gql(UNSET_FAVORITE, { id }, t.adminToken)).data).toEqual({
      unsetFavoriteBlind: true,
    })
    expect((await t.gql(BLIND_DELETE, { ids: [id] }, t.adminToken)).data).toEqual({
      blindDelete: [id],
    })
  })
})

describe('working with blinds', () => {
  let t: TestHub
  let dora: { id: string; token: string }

  beforeAll(async () => {
    t = await startHub()
    dora = await t.createUser('dora')
  })
  afterAll(() => t.close())

  // Each test starts from a hub without blinds (and so without dora's assignments).
  beforeEach(async () => {
    const list = await t.gql<{ blindList: Blind[] }>(BLIND_LIST, {}, t.adminToken)
    const ids = list.data!.blindList.map((b) => b.id)
    if (ids.length > 0) await t.gql(BLIND_DELETE, { ids }, t.adminToken)
  })

  const assignToDora = (blindIds: string[]) =>
    t.gql(
      'mutation($id: ID!, $input: UserUpdateInput!) { userUpdate(id: $id, input: $input) { id } }',
      {
        id: dora.id,
        input: { blindIds },
      },
      t.adminToken,
    )

  it('creates a blind with the default travel time and the canonical form of its addresses', async () => {
    const res = await t.gql<{ blindCreate: Blind }>(
      BLIND_CREATE,
      { input: blindInput('  Living room  ', ' 01:007 ', '1 : 008') },
      t.adminToken,
    )
    expect(res.status).toBe(200)
    expect(res.errors).toBeUndefined()
    const blind = res.data!.blindCreate
    expect(blind.id).toMatch(UUID)
    expect(blind).toEqual({
      id: blind.id,
      name: 'Living room',
      blindAddressUp: '1:7',
      blindAddressDown: '1:8',
      travelTimeMs: 60000,
      isFavorite: false,
      motion: 'IDLE',
    })
    const row = t.database.sqlite
      .prepare(
        'SELECT name, address_up, address_down, travel_time_up_ms, travel_time_down_ms FROM blinds WHERE id = ?',
      )
      .get(blind.id)
    expect(row).toEqual({
      name: 'Living room',
      address_up: '1:7',
      address_down: '1:8',
      travel_time_up_ms: 60000,
      travel_time_down_ms: 60000,
    })
  })

  it('gives a blind the default travel time when travelTimeMs is sent as null', async () => {
    const res = await t.gql<{ blindCreate: Blind }>(
      BLIND_CREATE,
      { input: { ...blindInput('Hall', '2:0', '2:1'), travelTimeMs: null } },
      t.adminToken,
    )
    expect(res.data?.blindCreate.travelTimeMs).toBe(60000)
  })

  it('creates a blind with the given travel time, and accepts the limits of each field', async () => {
    const name = 'N'.repeat(64)
    const res = await t.gql<{ blindCreate: Blind }>(
      BLIND_CREATE,
      { input: blindInput(name, '247:255', '1:0', 300000) },
      t.adminToken,
    )
    expect(res.data?.blindCreate).toMatchObject({
      name,
      blindAddressUp: '247:255',
      blindAddressDown: '1:0',
      travelTimeMs: 300000,
    })
    const shortest = await t.gql<{ blindCreate: Blind }>(
      BLIND_CREATE,
      { input: blindInput('Ü', '2:0', '2:1', 1000) },
      t.adminToken,
    )
    expect(shortest.data?.blindCreate).toMatchObject({ name: 'Ü', travelTimeMs: 1000 })
  })

  it('lists blinds sorted by name, ignoring case', async () => {
    const cellar = await createBlind(t, 'cellar', '1:4', '1:5')
    const attic = await createBlind(t, 'Attic', '1:0', '1:1')
    const bedroom = await createBlind(t, 'bedroom', '1:2', '1:3')
    const res = await t.gql<{ blindList: Blind[] }>(BLIND_LIST, {}, t.adminToken)
    expect(res.data?.blindList.map((b) => [b.id, b.name])).toEqual([
      [attic, 'Attic'],
      [bedroom, 'bedroom'],
      [cellar, 'cellar'],
    ])
  })

  it('returns one blind by id with everything the list shows', async () => {
    const id = await createBlind(t, 'Office', '3:10', '3:11', 45000)
    const res = await t.gql<{ blind: Blind }>(BLIND, { id }, t.adminToken)
    expect(res.data?.blind).toEqual({
      id,
      name: 'Office',
      blindAddressUp: '3:10',
      blindAddressDown: '3:11',
      travelTimeMs: 45000,
      isFavorite: false,
      motion: 'IDLE',
    })
  })

  it('updates every field of a blind and shows the new values everywhere', async () => {
    const id = await createBlind(t, 'Office', '3:10', '3:11', 45000)
    const res = await t.gql<{ blindUpdate: Blind }>(
      BLIND_UPDATE,
      { id, input: blindInput(' Study ', '004:020', '4:21', 20000) },
      t.adminToken,
    )
    const expected = {
      id,
      name: 'Study',
      blindAddressUp: '4:20',
      blindAddressDown: '4:21',
      travelTimeMs: 20000,
      isFavorite: false,
      motion: 'IDLE',
    }
    expect(res.data?.blindUpdate).toEqual(expected)
    expect((await t.gql<{ blind: Blind }>(BLIND, { id }, t.adminToken)).data?.blind).toEqual(
      expected,
    )
    expect(
      (await t.gql<{ blindList: Blind[] }>(BLIND_LIST, {}, t.adminToken)).data?.blindList,
    ).toEqual([expected])
  })

  it('keeps the travel time when an update leaves it out', async () => {
    const id = await createBlind(t, 'Office', '3:10', '3:11', 45000)
    const res = await t.gql<{ blindUpdate: Blind }>(
      BLIND_UPDATE,
      { id, input: blindInput('Office', '3:10', '3:11') },
      t.adminToken,
    )
    expect(res.data?.blindUpdate.travelTimeMs).toBe(45000)
  })

  it('lets a blind keep its own addresses, swap its sides and change the case of its name', async () => {
    const id = await createBlind(t, 'Kitchen', '1:0', '1:1')
    await createBlind(t, 'Bedroom', '1:2', '1:3')
    const res = await t.gql<{ blindUpdate: Blind }>(
      BLIND_UPDATE,
      { id, input: blindInput('KITCHEN', '1:1', '1:0') },
      t.adminToken,
    )
    expect(res.errors).toBeUndefined()
    expect(res.data?.blindUpdate).toMatchObject({
      name: 'KITCHEN',
      blindAddressUp: '1:1',
      blindAddressDown: '1:0',
    })
  })

  it('lets an address freed by one blind be used by another', async () => {
    const kitchen = await createBlind(t, 'Kitchen', '1:0', '1:1')
    await t.gql(
      BLIND_UPDATE,
      { id: kitchen, input: blindInput('Kitchen', '1:8', '1:9') },
      t.adminToken,
    )
    const res = await t.gql<{ blindCreate: Blind }>(
      BLIND_CREATE,
      { input: blindInput('Bedroom', '1:1', '1:0') },
      t.adminToken,
    )
    expect(res.data?.blindCreate).toMatchObject({ blindAddressUp: '1:1', blindAddressDown: '1:0' })
  })

  it('keeps favourites per user: isFavorite is always the asking user’s own flag', async () => {
    const kitchen = await createBlind(t, 'Kitchen', '1:0', '1:1')
    const bedroom = await createBlind(t, 'Bedroom', '1:2', '1:3')
    await assignToDora([kitchen, bedroom])
    const favourites = async (token: string) =>
      Object.fromEntries(
        (await t.gql<{ blindList: Blind[] }>(BLIND_LIST, {}, token)).data!.blindList.map((b) => [
          b.name,
          b.isFavorite,
        ]),
      )

    expect((await t.gql(SET_FAVORITE, { id: kitchen }, t.adminToken)).data).toEqual({
      setFavoriteBlind: true,
    })
    expect((await t.gql(SET_FAVORITE, { id: bedroom }, dora.token)).data).toEqual({
      setFavoriteBlind: true,
    })
    expect(await favourites(t.adminToken)).toEqual({ Kitchen: true, Bedroom: false })
    expect(await favourites(dora.token)).toEqual({ Kitchen: false, Bedroom: true })
    expect(
      (await t.gql<{ blind: Blind }>(BLIND, { id: kitchen }, dora.token)).data?.blind.isFavorite,
    ).toBe(false)
    expect(
      (await t.gql<{ blind: Blind }>(BLIND, { id: kitchen }, t.adminToken)).data?.blind.isFavorite,
    ).toBe(true)

    // Favouring twice keeps one favourite; unfavouring touches only the asking user's flag.
    expect((await t.gql(SET_FAVORITE, { id: kitchen }, t.adminToken)).data).toEqual({
      setFavoriteBlind: true,
    })
    expect((await t.gql(SET_FAVORITE, { id: kitchen }, dora.token)).data).toEqual({
      setFavoriteBlind: true,
    })
    expect((await t.gql(UNSET_FAVORITE, { id: kitchen }, t.adminToken)).data).toEqual({
      unsetFavoriteBlind: true,
    })
    expect(await favourites(t.adminToken)).toEqual({ Kitchen: false, Bedroom: false })
    expect(await favourites(dora.token)).toEqual({ Kitchen: true, Bedroom: true })

    // Unfavouring a blind that is no favourite is fine too.
    expect((await t.gql(UNSET_FAVORITE, { id: bedroom }, t.adminToken)).data).toEqual({
      unsetFavoriteBlind: true,
    })
    expect(await favourites(dora.token)).toEqual({ Kitchen: true, Bedroom: true })
  })

  it('reports a favourite in the create and update answers only for the asking user', async () => {
    const id = await createBlind(t, 'Kitchen', '1:0', '1:1')
    await t.gql(SET_FAVORITE, { id }, t.adminToken)
    const res = await t.gql<{ blindUpdate: Blind }>(
      BLIND_UPDATE,
      { id, input: blindInput('Kitchen', '1:0', '1:1') },
      t.adminToken,
    )
    expect(res.data?.blindUpdate.isFavorite).toBe(true)
  })

  it('shows a regular user a blind as soon as it is assigned to them, and no longer once unassigned', async () => {
    const kitchen = await createBlind(t, 'Kitchen', '1:0', '1:1')
    const bedroom = await createBlind(t, 'Bedroom', '1:2', '1:3')
    const names = async () =>
      (await t.gql<{ blindList: Blind[] }>(BLIND_LIST, {}, dora.token)).data!.blindList.map(
        (b) => b.name,
      )
    expect(await names()).toEqual([])
    await assignToDora([kitchen, bedroom])
    expect(await names()).toEqual(['Bedroom', 'Kitchen'])
    await assignToDora([kitchen])
    expect(await names()).toEqual(['Kitchen'])
    expectFailure(await t.gql(BLIND, { id: bedroom }, dora.token), 403)
  })

  it('deletes blinds and returns only the ids actually deleted', async () => {
    const kitchen = await createBlind(t, 'Kitchen', '1:0', '1:1')
    const bedroom = await createBlind(t, 'Bedroom', '1:2', '1:3')
    const office = await createBlind(t, 'Office', '1:4', '1:5')
    const res = await t.gql<{ blindDelete: string[] }>(
      BLIND_DELETE,
      { ids: [kitchen, UNKNOWN_ID, office, kitchen] },
      t.adminToken,
    )
    expect(res.status).toBe(200)
    expect([...res.data!.blindDelete].sort()).toEqual([kitchen, office].sort())
    const list = await t.gql<{ blindList: Blind[] }>(BLIND_LIST, {}, t.adminToken)
    expect(list.data?.blindList.map((b) => b.id)).toEqual([bedroom])
    expectFailure(await t.gql(BLIND, { id: kitchen }, t.adminToken), 404)

    const again = await t.gql<{ blindDelete: string[] }>(
      BLIND_DELETE,
      { ids: [kitchen, office] },
      t.adminToken,
    )
    expect(again.data).toEqual({ blindDelete: [] })
  })

  it('takes a deleted blind away from the users it was assigned to, with their favourite', async () => {
    const kitchen = await createBlind(t, 'Kitchen', '1:0', '1:1')
    await assignToDora([kitchen])
    await t.gql(SET_FAVORITE, { id: kitchen }, dora.token)
    await t.gql(BLIND_DELETE, { ids: [kitchen] }, t.adminToken)
    expect((await t.gql(BLIND_LIST, {}, dora.token)).data).toEqual({ blindList: [] })
    const rows = t.database.sqlite
      .prepare(
        'SELECT (SELECT count(*) FROM user_blinds) AS assigned, (SELECT count(*) FROM blind_favorites) AS favourites',
      )
      .get()
    expect(rows).toEqual({ assigned: 0, favourites: 0 })
  })

  it('lets a blind be deleted once the automation that used it is gone', async () => {
    const kitchen = await createBlind(t, 'Kitchen', '1:0', '1:1')
    const automation = await t.gql<{ automationCreate: { id: string } }>(
      AUTOMATION_CREATE,
      {
        input: {
          name: 'Morning',
          trigger: { type: 'MANUAL' },
          scene: [{ name: 'Open', type: 'BLIND_CONTROL', duration: 1000, blindAddresses: ['1:0'] }],
        },
      },
      t.adminToken,
    )
    const automationId = automation.data!.automationCreate.id
    expectFailure(await t.gql(BLIND_DELETE, { ids: [kitchen] }, t.adminToken), 409)
    await t.gql(
      'mutation($ids: [ID!]!) { automationDelete(ids: $ids) }',
      { ids: [automationId] },
      t.adminToken,
    )
    expect((await t.gql(BLIND_DELETE, { ids: [kitchen] }, t.adminToken)).data).toEqual({
      blindDelete: [kitchen],
    })
  })
})

describe('which automations use a blind', () => {
  let t: TestHub
  let kitchen: string
  let office: string
  let hall: string
  let dora: { id: string; token: string }
  const automationIds: Record<string, string> = {}
  const USED_BY = 'query($id: ID!) { blind(id: $id) { name usedBy { id name } } }'

  const move = (name: string, addresses: string[]) => ({
    name,
    type: 'BLIND_CONTROL',
    duration: 1000,
    blindAddresses: addresses,
  })
  const addAutomation = async (name: string, scene: ReturnType<typeof move>[]) => {
    const res = await t.gql<{ automationCreate: { id: string } }>(
      AUTOMATION_CREATE,
      { input: { name, trigger: { type: 'MANUAL' }, scene } },
      t.adminToken,
    )
    automationIds[name] = res.data!.automationCreate.id
  }
  const usedBy = async (id: string, token = t.adminToken) =>
    (await t.gql<{ blind: { usedBy: { id: string; name: string }[] } }>(USED_BY, { id }, token))
      .data?.blind.usedBy

  beforeAll(async () => {
    t = await startHub()
    kitchen = await createBlind(t, 'Kitchen', '1:0', '1:1')
    office = await createBlind(t, 'Office', '1:2', '1:3')
    hall = await createBlind(t, 'Hall', '1:4', '1:5')
    dora = await t.createUser('dora', { blindIds: [kitchen] })
    await addAutomation('Morning', [move('Open', ['1:0', '1:2'])])
    // Two scenes on one blind: the automation is named once.
    await addAutomation('evening', [move('Close', ['1:1']), move('Close again', ['1:1'])])
    await addAutomation('Away', [move('Close office', ['1:3'])])
  })
  afterAll(() => t.close())

  it('names the automations that drive a blind, sorted by name, before any delete is tried', async () => {
    expect(await usedBy(kitchen)).toEqual([
      { id: automationIds.evening, name: 'evening' },
      { id: automationIds.Morning, name: 'Morning' },
    ])
    expect(await usedBy(office)).toEqual([
      { id: automationIds.Away, name: 'Away' },
      { id: automationIds.Morning, name: 'Morning' },
    ])
    expect(await usedBy(hall)).toEqual([])
  })

  it('tells a regular user only of the automations they may see', async () => {
    // Morning also drives Office, which is not dora's, so she does not see it.
    expect(await usedBy(kitchen, dora.token)).toEqual([
      { id: automationIds.evening, name: 'evening' },
    ])
  })

  it('answers usedBy for a whole blindList with one lookup, not one per blind', async () => {
    const lookups = vi.spyOn(t.hub.services.blinds, 'usedBy')
    try {
      const res = await t.gql<{ blindList: { name: string; usedBy: { name: string }[] }[] }>(
        '{ blindList { name usedBy { name } } }',
        {},
        t.adminToken,
      )
      expect(res.data?.blindList).toEqual([
        { name: 'Hall', usedBy: [] },
        { name: 'Kitchen', usedBy: [{ name: 'evening' }, { name: 'Morning' }] },
        { name: 'Office', usedBy: [{ name: 'Away' }, { name: 'Morning' }] },
      ])
      expect(lookups).toHaveBeenCalledTimes(1)
      expect([...(lookups.mock.calls[0]?.[1] ?? [])].sort()).toEqual([kitchen, office, hall].sort())
    } finally {
      lookups.mockRestore()
    }
  })

  it('forgets an automation once it is deleted, and the blind can then go', async () => {
    await t.gql(
      'mutation($ids: [ID!]!) { automationDelete(ids: $ids) }',
      { ids: [automationIds.Away] },
      t.adminToken,
    )
    expect(await usedBy(office)).toEqual([{ id: automationIds.Morning, name: 'Morning' }])
    expectFailure(await t.gql(BLIND_DELETE, { ids: [office] }, t.adminToken), 409)
    expect((await t.gql(BLIND_DELETE, { ids: [hall] }, t.adminToken)).data).toEqual({
      blindDelete: [hall],
    })
  })
})

describe('refusing bad blind input', () => {
  let t: TestHub
  let kitchen: string
  let bedroom: string

  beforeAll(async () => {
    t = await startHub()
    kitchen = await createBlind(t, 'Kitchen', '1:0', '1:1')
    bedroom = await createBlind(t, 'Bedroom', '1:2', '1:3')
    const automation = await t.gql(
      AUTOMATION_CREATE,
      {
        input: {
          name: 'Morning',
          trigger: { type: 'MANUAL' },
          scene: [
            {
              name: 'Open kitchen',
              type: 'BLIND_CONTROL',
              duration: 1000,
              blindAddresses: ['1:0'],
            },
          ],
        },
      },
      t.adminToken,
    )
    if (!automation.data)
      throw new Error(`automationCreate failed: ${JSON.stringify(automation.errors)}`)
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

  const create = (name: string, up: string, down: string, travelTimeMs?: number) => () => ({
    input: blindInput(name, up, down, travelTimeMs),
  })
  const update =
    (id: () => string, name: string, up: string, down: string, travelTimeMs?: number) => () => ({
      id: id(),
      input: blindInput(name, up, down, travelTimeMs),
    })
  const bedroomId = () => bedroom

  const badInputs: BadInput[] = [
    // blindCreate: names
    {
      rule: 'an empty blind name',
      query: BLIND_CREATE,
      variables: create('', '2:0', '2:1'),
      code: 400,
      field: 'name',
      message: /^name must not be empty$/,
    },
    {
      rule: 'a blind name of only whitespace',
      query: BLIND_CREATE,
      variables: create(' \t  ', '2:0', '2:1'),
      code: 400,
      field: 'name',
      message: /^name must not be empty$/,
    },
    {
      rule: 'a blind name of 65 characters',
      query: BLIND_CREATE,
      variables: create('x'.repeat(65), '2:0', '2:1'),
      code: 400,
      field: 'name',
      message: /^name must be at most 64 characters \(got 65\)$/,
    },
    {
      rule: 'a blind name with a bell character',
      query: BLIND_CREATE,
      variables: create('Kitchen\u0007', '2:0', '2:1'),
      code: 400,
      field: 'name',
      message: /^name .*control characters/,
    },
    {
      rule: 'a blind name with a line break inside',
      query: BLIND_CREATE,
      variables: create('Living\nroom', '2:0', '2:1'),
      code: 400,
      field: 'name',
      message: /^name .*control characters/,
    },
    {
      rule: 'a blind name that differs from another only in case',
      query: BLIND_CREATE,
      variables: create('KITCHEN', '2:0', '2:1'),
      code: 409,
      field: 'name',
      message: /^name: .*Kitchen/,
    },
    {
      rule: 'a blind name that differs from another only in case and spaces',
      query: BLIND_CREATE,
      variables: create('  bedroom ', '2:0', '2:1'),
      code: 409,
      field: 'name',
      message: /^name: .*Bedroom/,
    },
    // blindCreate: addresses
    {
      rule: 'an address that is not UNIT:COIL',
      query: BLIND_CREATE,
      variables: create('Hall', 'one:two', '2:1'),
      code: 400,
      field: 'blindAddressUp',
      message: /^blindAddressUp .*UNIT:COIL/,
    },
    {
      rule: 'an address with a dash for a colon',
      query: BLIND_CREATE,
      variables: create('Hall', '2:0', '2-1'),
      code: 400,
      field: 'blindAddressDown',
      message: /^blindAddressDown .*UNIT:COIL/,
    },
    {
      rule: 'an empty address',
      query: BLIND_CREATE,
      variables: create('Hall', '', '2:1'),
      code: 400,
      field: 'blindAddressUp',
      message: /^blindAddressUp /,
    },
    {
      rule: 'an address with a negative coil',
      query: BLIND_CREATE,
      variables: create('Hall', '2:-1', '2:1'),
      code: 400,
      field: 'blindAddressUp',
      message: /^blindAddressUp /,
    },
    {
      rule: 'an address with unit 0',
      query: BLIND_CREATE,
      variables: create('Hall', '0:5', '2:1'),
      code: 400,
      field: 'blindAddressUp',
      message: /^blindAddressUp .*unit from 1 to 247 \(got 0\)/,
    },
    {
      rule: 'an address with unit 248',
      query: BLIND_CREATE,
      variables: create('Hall', '2:0', '248:0'),
      code: 400,
      field: 'blindAddressDown',
      message: /^blindAddressDown .*unit from 1 to 247 \(got 248\)/,
    },
    {
      rule: 'an address with coil 256',
      query: BLIND_CREATE,
      variables: create('Hall', '2:0', '2:256'),
      code: 400,
      field: 'blindAddressDown',
      message: /^blindAddressDown .*coil from 0 to 255 \(got 256\)/,
    },
    {
      rule: 'a blind whose up and down address are the same',
      query: BLIND_CREATE,
      variables: create('Hall', '2:5', '2:5'),
      code: 400,
      field: 'blindAddressDown',
      message: /^blindAddressDown .*differ from blindAddressUp/,
    },
    {
      rule: 'a blind whose up and down address are the same relay written differently',
      query: BLIND_CREATE,
      variables: create('Hall', '2:5', ' 02:005'),
      code: 400,
      field: 'blindAddressDown',
      message: /^blindAddressDown .*2:5/,
    },
    {
      rule: 'an up address that is another blind’s up address',
      query: BLIND_CREATE,
      variables: create('Hall', '1:0', '2:1'),
      code: 409,
      field: 'blindAddressUp',
      message: /^blindAddressUp: .*1:0.*Kitchen/,
    },
    {
      rule: 'an up address that is another blind’s down address',
      query: BLIND_CREATE,
      variables: create('Hall', '01:01', '2:1'),
      code: 409,
      field: 'blindAddressUp',
      message: /^blindAddressUp: .*1:1.*Kitchen/,
    },
    {
      rule: 'a down address that is another blind’s up address',
      query: BLIND_CREATE,
      variables: create('Hall', '2:0', '1:2'),
      code: 409,
      field: 'blindAddressDown',
      message: /^blindAddressDown: .*1:2.*Bedroom/,
    },
    {
      rule: 'a down address that is another blind’s down address',
      query: BLIND_CREATE,
      variables: create('Hall', '2:0', '1:3'),
      code: 409,
      field: 'blindAddressDown',
      message: /^blindAddressDown: .*1:3.*Bedroom/,
    },
    // blindCreate: travel time
    {
      rule: 'a travel time of 999 ms',
      query: BLIND_CREATE,
      variables: create('Hall', '2:0', '2:1', 999),
      code: 400,
      field: 'travelTimeMs',
      message: /^travelTimeMs .*1000 to 300000.*got 999/,
    },
    {
      rule: 'a travel time of 300001 ms',
      query: BLIND_CREATE,
      variables: create('Hall', '2:0', '2:1', 300001),
      code: 400,
      field: 'travelTimeMs',
      message: /^travelTimeMs .*got 300001/,
    },
    // blindCreate: GraphQL types
    {
      rule: 'a travel time sent as a string',
      query: BLIND_CREATE,
      variables: create('Hall', '2:0', '2:1', '60000' as never),
      code: 400,
      field: null,
      message: /travelTimeMs/,
    },
    {
      rule: 'a travel time with a fraction',
      query: BLIND_CREATE,
      variables: create('Hall', '2:0', '2:1', 1000.5),
      code: 400,
      field: null,
      message: /travelTimeMs/,
    },
    {
      rule: 'a name sent as a number',
      query: BLIND_CREATE,
      variables: create(42 as never, '2:0', '2:1'),
      code: 400,
      field: null,
      message: /name/,
    },
    {
      rule: 'a blind input without a down address',
      query: BLIND_CREATE,
      variables: () => ({ input: { name: 'Hall', blindAddressUp: '2:0' } }),
      code: 400,
      field: 'blindAddressDown',
      message: /^blindAddressDown is required$/,
    },
    {
      rule: 'a blind input with a field the schema does not know',
      query: BLIND_CREATE,
      variables: () => ({ input: { ...blindInput('Hall', '2:0', '2:1'), motor: 'fast' } }),
      code: 400,
      field: null,
      message: /motor/,
    },
    // blindUpdate
    {
      rule: 'an update of a malformed id',
      query: BLIND_UPDATE,
      variables: update(() => 'kitchen', 'Kitchen', '1:0', '1:1'),
      code: 400,
      field: 'id',
      message: /^id must be a UUID/,
    },
    {
      rule: 'an update of an unknown id',
      query: BLIND_UPDATE,
      variables: update(() => UNKNOWN_ID, 'Hall', '2:0', '2:1'),
      code: 404,
      field: 'id',
      message: new RegExp(`Blind ${UNKNOWN_ID} does not exist`),
    },
    {
      rule: 'an update to the name of another blind in other case',
      query: BLIND_UPDATE,
      variables: update(bedroomId, 'kitchen', '1:2', '1:3'),
      code: 409,
      field: 'name',
      message: /^name: .*Kitchen/,
    },
    {
      rule: 'an update to an empty name',
      query: BLIND_UPDATE,
      variables: update(bedroomId, '   ', '1:2', '1:3'),
      code: 400,
      field: 'name',
      message: /^name /,
    },
    {
      rule: 'an update to a name of 65 characters',
      query: BLIND_UPDATE,
      variables: update(bedroomId, 'é'.repeat(65), '1:2', '1:3'),
      code: 400,
      field: 'name',
      message: /^name must be at most 64 characters \(got 65\)$/,
    },
    {
      rule: 'an update to another blind’s down address',
      query: BLIND_UPDATE,
      variables: update(bedroomId, 'Bedroom', '1:1', '1:3'),
      code: 409,
      field: 'blindAddressUp',
      message: /^blindAddressUp: .*Kitchen/,
    },
    {
      rule: 'an update to another blind’s up address',
      query: BLIND_UPDATE,
      variables: update(bedroomId, 'Bedroom', '1:2', '1:0'),
      code: 409,
      field: 'blindAddressDown',
      message: /^blindAddressDown: .*Kitchen/,
    },
    {
      rule: 'an update to the same up and down address',
      query: BLIND_UPDATE,
      variables: update(bedroomId, 'Bedroom', '1:2', '1:02'),
      code: 400,
      field: 'blindAddressDown',
      message: /^blindAddressDown .*differ/,
    },
    {
      rule: 'an update to coil 256',
      query: BLIND_UPDATE,
      variables: update(bedroomId, 'Bedroom', '1:256', '1:3'),
      code: 400,
      field: 'blindAddressUp',
      message: /^blindAddressUp .*coil/,
    },
    {
      rule: 'an update to a travel time of 999 ms',
      query: BLIND_UPDATE,
      variables: update(bedroomId, 'Bedroom', '1:2', '1:3', 999),
      code: 400,
      field: 'travelTimeMs',
      message: /^travelTimeMs /,
    },
    {
      rule: 'an update to a travel time of 300001 ms',
      query: BLIND_UPDATE,
      variables: update(bedroomId, 'Bedroom', '1:2', '1:3', 300001),
      code: 400,
      field: 'travelTimeMs',
      message: /^travelTimeMs /,
    },
    {
      rule: 'an update without an id',
      query: BLIND_UPDATE,
      variables: () => ({ input: blindInput('Bedroom', '1:2', '1:3') }),
      code: 400,
      field: null,
      message: /\$id/,
    },
    // blindDelete
    {
      rule: 'deleting an empty list of ids',
      query: BLIND_DELETE,
      variables: () => ({ ids: [] }),
      code: 400,
      field: 'ids',
      message: /^ids must list at least one id/,
    },
    {
      rule: 'deleting a malformed id',
      query: BLIND_DELETE,
      variables: () => ({ ids: ['kitchen'] }),
      code: 400,
      field: 'ids[0]',
      message: /^ids\[0\] must be a UUID/,
    },
    {
      rule: 'deleting a malformed id next to a real one',
      query: BLIND_DELETE,
      variables: () => ({ ids: [bedroom, 'x'] }),
      code: 400,
      field: 'ids[1]',
      message: /^ids\[1\] must be a UUID/,
    },
    {
      rule: 'deleting a blind that an automation’s scene uses',
      query: BLIND_DELETE,
      variables: () => ({ ids: [kitchen] }),
      code: 409,
      field: 'ids',
      message: /Kitchen in Morning/,
    },
    {
      rule: 'deleting an unused blind together with one a scene uses',
      query: BLIND_DELETE,
      variables: () => ({ ids: [bedroom, kitchen] }),
      code: 409,
      field: 'ids',
      message: /Kitchen in Morning/,
    },
    {
      rule: 'deleting with ids as null',
      query: BLIND_DELETE,
      variables: () => ({ ids: null }),
      code: 400,
      field: null,
      message: /\$ids/,
    },
    // blind, setFavoriteBlind, unsetFavoriteBlind
    {
      rule: 'reading a malformed id',
      query: BLIND,
      variables: () => ({ id: 'kitchen' }),
      code: 400,
      field: 'id',
      message: /^id must be a UUID/,
    },
    {
      rule: 'reading an unknown id',
      query: BLIND,
      variables: () => ({ id: UNKNOWN_ID }),
      code: 404,
      field: 'id',
      message: /does not exist/,
    },
    {
      rule: 'favouring a malformed id',
      query: SET_FAVORITE,
      variables: () => ({ id: '1234' }),
      code: 400,
      field: 'id',
      message: /^id must be a UUID/,
    },
    {
      rule: 'favouring an unknown id',
      query: SET_FAVORITE,
      variables: () => ({ id: UNKNOWN_ID }),
      code: 404,
      field: 'id',
      message: /does not exist/,
    },
    {
      rule: 'unfavouring a malformed id',
      query: UNSET_FAVORITE,
      variables: () => ({ id: '' }),
      code: 400,
      field: 'id',
      message: /^id must be a UUID/,
    },
    {
      rule: 'unfavouring an unknown id',
      query: UNSET_FAVORITE,
      variables: () => ({ id: UNKNOWN_ID }),
      code: 404,
      field: 'id',
      message: /does not exist/,
    },
    {
      rule: 'favouring with an id that is an object',
      query: SET_FAVORITE,
      variables: () => ({ id: { id: kitchen } }),
      code: 400,
      field: null,
      message: /\$id/,
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

  it('keeps the blinds as they were after all those refusals', async () => {
    const res = await t.gql<{ blindList: Blind[] }>(BLIND_LIST, {}, t.adminToken)
    expect(
      res.data?.blindList.map((b) => [
        b.name,
        b.blindAddressUp,
        b.blindAddressDown,
        b.travelTimeMs,
      ]),
    ).toEqual([
      ['Bedroom', '1:2', '1:3', 60000],
      ['Kitchen', '1:0', '1:1', 60000],
    ])
  })
})
