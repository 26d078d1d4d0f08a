// Automations over the GraphQL API: who may see and change which automation, what a saved
// automation looks like when read back, and the input rules with their error codes.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AutomationInput, SceneInput, TriggerInput } from '../../hub/validation/automation'
import { createBlind, startHub, type GqlResponse, type TestHub } from '../helpers/hub'

interface Scene {
  id: string
  name: string
  type: 'BLIND_CONTROL' | 'DELAY'
  index: number
  duration: number
  blindAddresses: string[]
}

interface Automation {
  id: string
  name: string
  isFavorite: boolean
  trigger: {
    type: string
    cron: string | null
    sunEvent: string | null
    offsetMinutes: number
    enabled: boolean
  }
  scene: Scene[]
  nextRunAt: string | null
  lastRun: { id: string } | null
}

const AUTOMATION = `id name isFavorite
  trigger { type cron sunEvent offsetMinutes enabled }
  scene { id name type index duration blindAddresses }
  nextRunAt lastRun { id }`

const LIST = `{ automationList { ${AUTOMATION} } }`
const GET = `query($id: ID!) { automation(id: $id) { ${AUTOMATION} } }`
const CREATE = `mutation($input: AutomationInput!) { automationCreate(input: $input) { ${AUTOMATION} } }`
const UPDATE = `mutation($id: ID!, $input: AutomationInput!) { automationUpdate(id: $id, input: $input) { ${AUTOMATION} } }`
const DELETE = 'mutation($ids: [ID!]!) { automationDelete(ids: $ids) }'
const FAVORITE = 'mutation($id: ID!) { setFavoriteAutomation(id: $id) }'
const UNFAVORITE = 'mutation($id: ID!) { unsetFavoriteAutomation(id: $id) }'
const RUNS =
  'query($automationId: ID, $limit: Int) { automationRuns(automationId: $automationId, limit: $limit) { id } }'
const STATUS =
  '{ hubStatus { version uptimeSeconds now timeZone clockSynchronized locationConfigured bus { online path error } } }'

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

const manual: TriggerInput = { type: 'MANUAL' }
const move = (blindAddresses: string[], duration = 5000, name = 'Move'): SceneInput => ({
  name,
  type: 'BLIND_CONTROL',
  duration,
  blindAddresses,
})
const wait = (duration = 1000, name = 'Wait'): SceneInput => ({ name, type: 'DELAY', duration })
const automationInput = (
  name: string,
  scene: SceneInput[],
  trigger: TriggerInput = manual,
): AutomationInput => ({ name, trigger, scene })

/** The first error of a response that must have failed, with its HTTP status. */
function failure(res: GqlResponse<unknown>) {
  expect(res.errors, `expected an error, got ${JSON.stringify(res.data)}`).toBeDefined()
  const error = res.errors![0]!
  return { status: res.status, code: error.extensions.code, message: error.message }
}

const withoutIds = (scenes: Scene[]) => scenes.map(({ id: _, ...rest }) => rest)

// Blinds: Kitchen (alice, bob), Living (alice), Garage (nobody). Carol has no blinds.
const KITCHEN = { up: '1:0', down: '1:1' }
const LIVING = { up: '1:2', down: '1:3' }
const GARAGE = { up: '2:0', down: '2:1' }

describe('automations over the API', () => {
  let t: TestHub
  let alice: { id: string; token: string }
  let bob: { id: string; token: string }
  let carol: { id: string; token: string }
  let kitchenId: string
  let livingId: string

  beforeAll(async () => {
    t = await startHub({ config: { location: { lat: 52.52, lon: 13.4 } } })
    kitchenId = await createBlind(t, 'Kitchen', KITCHEN.up, KITCHEN.down)
    livingId = await createBlind(t, 'Living', LIVING.up, LIVING.down)
    await createBlind(t, 'Garage', GARAGE.up, GARAGE.down)
    alice = await t.createUser('alice', { blindIds: [kitchenId, livingId] })
    bob = await t.createUser('bob', { blindIds: [kitchenId] })
    carol = await t.createUser('carol')
  })
  afterAll(() => t?.close())

  // Every test starts without automations; blinds and users stay.
  beforeEach(async () => {
    const ids = (await list(t.adminToken)).map((a) => a.id)
    if (ids.length > 0) expect((await t.gql(DELETE, { ids }, t.adminToken)).status).toBe(200)
  })

  async function list(token: string): Promise<Automation[]> {
    const res = await t.gql<{ automationList: Automation[] }>(LIST, {}, token)
    expect(res.errors).toBeUndefined()
    return res.data!.automationList
  }

  async function names(token: string): Promise<string[]> {
    return (await list(token)).map((a) => a.name)
  }

  async function get(id: string, token = t.adminToken): Promise<Automation> {
    const res = await t.gql<{ automation: Automation }>(GET, { id }, token)
    expect(res.errors).toBeUndefined()
    return res.data!.automation
  }

  async function create(input: AutomationInput, token = t.adminToken): Promise<Automation> {
    const res = await t.gql<{ automationCreate: Automation }>(CREATE, { input }, token)
    expect(res.errors).toBeUndefined()
    return res.data!.automationCreate
  }

  async function update(
    id: string,
    input: AutomationInput,
    token = t.adminToken,
  ): Promise<Automation> {
    const res = await t.gql<{ automationUpdate: Automation }>(UPDATE, { id, input }, token)
    expect(res.errors).toBeUndefined()
    return res.data!.automationUpdate
  }

  describe('without a valid token', () => {
    const operations: [string, string, (id: string) => Record<string, unknown>][] = [
      ['automationList', LIST, () => ({})],
      ['automation', GET, (id) => ({ id })],
      ['automationRuns', RUNS, (id) => ({ automationId: id })],
      ['hubStatus', STATUS, () => ({})],
      ['automationCreate', CREATE, () => ({ input: automationInput('Sneaky', [wait()]) })],
      ['automationUpdate', UPDATE, (id) => ({ id, input: automationInput('Sneaky', [wait()]) })],
      ['automationDelete', DELETE, (id) => ({ ids: [id] })],
      ['setFavoriteAutomation', FAVORITE, (id) => ({ id })],
      ['unsetFavoriteAutomation', UNFAVORITE, (id) => ({ id })],
    ]

    it.each(operations)('refuses %s with 401 and changes nothing', async (_, query, variables) => {
      const { id } = await create(automationInput('Pause', [wait()]))
      const before = t.snapshot()
      for (const token of [undefined, 'not-a-token', `${t.adminToken}x`]) {
        const res = await t.gql(query, variables(id), token)
        expect(failure(res)).toEqual({
          status: 401,
          code: 401,
          message: 'Not logged in or session expired',
        })
      }
      expect(t.snapshot()).toBe(before)
    })
  })

  describe('who may see and change which automation', () => {
    let fixtures: Record<'kitchen' | 'groundFloor' | 'everything' | 'pause' | 'garage', string>

    beforeEach(async () => {
      fixtures = {
        kitchen: (await create(automationInput('Kitchen at seven', [move([KITCHEN.down])]))).id,
        groundFloor: (
          await create(
            automationInput('Ground floor', [move([KITCHEN.down]), wait(), move([LIVING.down])]),
          )
        ).id,
        everything: (await create(automationInput('Everything', [move([KITCHEN.up, GARAGE.up])])))
          .id,
        pause: (await create(automationInput('Pause', [wait()]))).id,
        garage: (await create(automationInput('Garage door', [move([GARAGE.down])]))).id,
      }
    })

    it('shows an admin every automation', async () => {
      expect(await names(t.adminToken)).toEqual([
        'Everything',
        'Garage door',
        'Ground floor',
        'Kitchen at seven',
        'Pause',
      ])
    })

    it('shows a user only the automations whose every blind is assigned to them', async () => {
      expect(await names(alice.token)).toEqual(['Ground floor', 'Kitchen at seven', 'Pause'])
      expect(await names(bob.token)).toEqual(['Kitchen at seven', 'Pause'])
    })

    it('shows automations that only wait to every user, even one without blinds', async () => {
      expect(await names(carol.token)).toEqual(['Pause'])
      expect((await get(fixtures.pause, carol.token)).name).toBe('Pause')
    })

    it('gives a user an empty list when no automation is theirs', async () => {
      await t.gql(DELETE, { ids: [fixtures.pause] }, t.adminToken)
      expect(await list(carol.token)).toEqual([])
    })

    it('answers 403 when a user asks for an automation that moves a blind not assigned to them', async () => {
      expect((await get(fixtures.groundFloor, alice.token)).name).toBe('Ground floor')
      for (const [token, id] of [
        [alice.token, fixtures.everything],
        [bob.token, fixtures.groundFloor],
        [carol.token, fixtures.kitchen],
      ] as const) {
        const res = await t.gql<{ automation: Automation | null }>(GET, { id }, token)
        expect(failure(res)).toMatchObject({ status: 403, code: 403 })
        expect(res.data).toEqual({ automation: null })
      }
    })

    it('lets a user see an automation once its last missing blind is assigned to them', async () => {
      const assign = (blindIds: string[]) =>
        t.gql(
          'mutation($id: ID!, $input: UserUpdateInput!) { userUpdate(id: $id, input: $input) { id } }',
          { id: bob.id, input: { blindIds } },
          t.adminToken,
        )
      expect((await assign([kitchenId, livingId])).errors).toBeUndefined()
      try {
        expect(await names(bob.token)).toEqual(['Ground floor', 'Kitchen at seven', 'Pause'])
      } finally {
        expect((await assign([kitchenId])).errors).toBeUndefined()
      }
      expect(await names(bob.token)).toEqual(['Kitchen at seven', 'Pause'])
    })

    it('refuses with 403 to create an automation that moves a blind not assigned to the user, writing nothing', async () => {
      const before = t.snapshot()
      const input = automationInput('Open up', [
        move([KITCHEN.up]),
        wait(),
        move([LIVING.up, GARAGE.up]),
      ])
      const res = await t.gql(CREATE, { input }, alice.token)
      expect(failure(res)).toEqual({
        status: 403,
        code: 403,
        message: 'scene[2].blindAddresses[1]: blind Garage is not assigned to you',
      })
      expect(failure(await t.gql(CREATE, { input }, bob.token))).toMatchObject({ code: 403 })
      expect(t.snapshot()).toBe(before)
    })

    it('refuses with 403 to update an automation of the user so that it moves a blind not assigned to them', async () => {
      const before = t.snapshot()
      const input = automationInput('Kitchen at seven', [move([KITCHEN.down, GARAGE.down])])
      const res = await t.gql(UPDATE, { id: fixtures.kitchen, input }, bob.token)
      expect(failure(res)).toEqual({
        status: 403,
        code: 403,
        message: 'scene[0].blindAddresses[1]: blind Garage is not assigned to you',
      })
      expect(t.snapshot()).toBe(before)
      expect((await get(fixtures.kitchen, bob.token)).scene[0]!.blindAddresses).toEqual([
        KITCHEN.down,
      ])
    })

    const foreign: [string, (id: string) => [string, Record<string, unknown>]][] = [
      [
        'update',
        (id) => [UPDATE, { id, input: automationInput('Mine now', [move([KITCHEN.up])]) }],
      ],
      ['delete', (id) => [DELETE, { ids: [id] }]],
      ['favourite', (id) => [FAVORITE, { id }]],
      ['unfavourite', (id) => [UNFAVORITE, { id }]],
      ['list the runs of', (id) => [RUNS, { automationId: id }]],
    ]

    it.each(foreign)(
      'refuses with 403 to %s an automation the user cannot see',
      async (_, request) => {
        await t.gql(FAVORITE, { id: fixtures.everything }, t.adminToken)
        const before = t.snapshot()
        const [query, variables] = request(fixtures.everything)
        expect(failure(await t.gql(query, variables, alice.token))).toMatchObject({
          status: 403,
          code: 403,
        })
        expect(t.snapshot()).toBe(before)
        expect((await get(fixtures.everything)).name).toBe('Everything')
      },
    )

    it('refuses to delete a batch holding an automation the user cannot see, deleting none of it', async () => {
      const before = t.snapshot()
      const res = await t.gql(DELETE, { ids: [fixtures.kitchen, fixtures.groundFloor] }, bob.token)
      expect(failure(res)).toEqual({
        status: 403,
        code: 403,
        message: `Automation ${fixtures.groundFloor} drives blinds that are not assigned to you`,
      })
      expect(t.snapshot()).toBe(before)
    })

    it('lets a user create, update, favourite and delete an automation over their own blinds', async () => {
      const created = await create(
        automationInput('Living evening', [move([LIVING.down], 20000)]),
        alice.token,
      )
      expect(created.scene[0]!.blindAddresses).toEqual([LIVING.down])
      expect(failure(await t.gql(GET, { id: created.id }, bob.token))).toMatchObject({ code: 403 })

      const updated = await update(
        created.id,
        automationInput('Living night', [move([LIVING.down, KITCHEN.down], 25000)]),
        alice.token,
      )
      expect(updated).toMatchObject({ id: created.id, name: 'Living night' })
      expect(updated.scene[0]!.blindAddresses).toEqual([LIVING.down, KITCHEN.down])

      expect((await t.gql(FAVORITE, { id: created.id }, alice.token)).data).toEqual({
        setFavoriteAutomation: true,
      })
      expect((await t.gql(DELETE, { ids: [created.id] }, alice.token)).data).toEqual({
        automationDelete: [created.id],
      })
      expect(await names(alice.token)).toEqual(['Ground floor', 'Kitchen at seven', 'Pause'])
    })

    it('lets an admin read, update, favourite and delete an automation no user may see', async () => {
      expect((await get(fixtures.garage)).name).toBe('Garage door')
      const updated = await update(
        fixtures.garage,
        automationInput('Garage door', [move([GARAGE.up, KITCHEN.up])]),
      )
      expect(updated.scene[0]!.blindAddresses).toEqual([GARAGE.up, KITCHEN.up])
      expect((await t.gql(FAVORITE, { id: fixtures.garage }, t.adminToken)).data).toEqual({
        setFavoriteAutomation: true,
      })
      expect((await get(fixtures.garage)).isFavorite).toBe(true)
      const res = await t.gql(DELETE, { ids: [fixtures.garage, fixtures.everything] }, t.adminToken)
      expect([...(res.data as { automationDelete: string[] }).automationDelete].sort()).toEqual(
        [fixtures.garage, fixtures.everything].sort(),
      )
      expect(await names(t.adminToken)).toEqual(['Ground floor', 'Kitchen at seven', 'Pause'])
    })

    it('returns no runs yet, for all automations of a user and for one of theirs', async () => {
      for (const variables of [
        {},
        { automationId: fixtures.kitchen },
        { limit: 1 },
        { limit: null },
        { limit: 500 },
        { automationId: fixtures.pause, limit: 500 },
      ]) {
        const res = await t.gql(RUNS, variables, bob.token)
        expect(res).toEqual({ status: 200, data: { automationRuns: [] }, errors: undefined })
      }
    })

    it.each([[0], [501], [-1]])('refuses to list %d runs, naming limit', async (limit) => {
      const res = await t.gql(RUNS, { limit }, bob.token)
      expect(failure(res)).toEqual({
        status: 400,
        code: 400,
        message: `limit must be an integer from 1 to 500 (got ${limit})`,
      })
    })
  })

  describe('what a saved automation looks like', () => {
    it('keeps the scenes in input order with their index, duration in ms and canonical addresses', async () => {
      const created = await create(
        automationInput('  Close the house  ', [
          move(['01:003', '1:000'], 12000, 'Close living and kitchen'),
          wait(90000, 'Pause'),
          move([' 2 : 1 '], 100, 'Close garage'),
          wait(86400000, 'A day'),
        ]),
      )
      const expected = [
        {
          name: 'Close living and kitchen',
          type: 'BLIND_CONTROL',
          index: 0,
          duration: 12000,
          blindAddresses: ['1:3', '1:0'],
        },
        { name: 'Pause', type: 'DELAY', index: 1, duration: 90000, blindAddresses: [] },
        {
          name: 'Close garage',
          type: 'BLIND_CONTROL',
          index: 2,
          duration: 100,
          blindAddresses: ['2:1'],
        },
        { name: 'A day', type: 'DELAY', index: 3, duration: 86400000, blindAddresses: [] },
      ]
      expect(created.name).toBe('Close the house')
      expect(withoutIds(created.scene)).toEqual(expected)
      expect(new Set(created.scene.map((s) => s.id)).size).toBe(4)
      expect(created.lastRun).toBeNull()
      expect(created.nextRunAt).toBeNull()

      expect(await get(created.id)).toEqual(created)
      expect(await list(t.adminToken)).toEqual([created])
    })

    // prettier-ignore
    const triggers: [string, TriggerInput, Automation['trigger']][] = [
      ['a manual trigger', { type: 'MANUAL' }, { type: 'MANUAL', cron: null, sunEvent: null, offsetMinutes: 0, enabled: true }],
      ['a disabled manual trigger', { type: 'MANUAL', enabled: false }, { type: 'MANUAL', cron: null, sunEvent: null, offsetMinutes: 0, enabled: false }],
      ['a 5-field cron trigger', { type: 'CRON', cron: '0 7 * * 1-5' }, { type: 'CRON', cron: '0 7 * * 1-5', sunEvent: null, offsetMinutes: 0, enabled: true }],
      ['a 6-field cron trigger', { type: 'CRON', cron: '30 15 7 * * *' }, { type: 'CRON', cron: '30 15 7 * * *', sunEvent: null, offsetMinutes: 0, enabled: true }],
      ['a cron trigger with stray spaces', { type: 'CRON', cron: ' 0  22 * * SUN ' }, { type: 'CRON', cron: '0 22 * * SUN', sunEvent: null, offsetMinutes: 0, enabled: true }],
      ['a disabled cron trigger', { type: 'CRON', cron: '*/10 * * * *', enabled: false }, { type: 'CRON', cron: '*/10 * * * *', sunEvent: null, offsetMinutes: 0, enabled: false }],
      ['a sunset trigger 30 minutes early', { type: 'SUN', sunEvent: 'SUNSET', offsetMinutes: -30 }, { type: 'SUN', cron: null, sunEvent: 'SUNSET', offsetMinutes: -30, enabled: true }],
      ['a sunrise trigger 12 hours late', { type: 'SUN', sunEvent: 'SUNRISE', offsetMinutes: 720 }, { type: 'SUN', cron: null, sunEvent: 'SUNRISE', offsetMinutes: 720, enabled: true }],
      ['a disabled sunrise trigger', { type: 'SUN', sunEvent: 'SUNRISE', offsetMinutes: -720, enabled: false }, { type: 'SUN', cron: null, sunEvent: 'SUNRISE', offsetMinutes: -720, enabled: false }],
    ]

    it.each(triggers)('stores and returns %s', async (_, trigger, expected) => {
      const created = await create(automationInput('Triggered', [wait()], trigger))
      expect(created.trigger).toEqual(expected)
      expect((await get(created.id)).trigger).toEqual(expected)

      const other = await create(automationInput('Changed later', [wait()]))
      expect(
        (await update(other.id, automationInput('Changed later', [wait()], trigger))).trigger,
      ).toEqual(expected)
      expect((await get(other.id)).trigger).toEqual(expected)
    })

    it('replaces name, trigger and all scenes on update, keeping id and favourites', async () => {
      const created = await create(
        automationInput('Morning', [move([KITCHEN.up]), wait(), move([LIVING.up])], {
          type: 'CRON',
          cron: '0 7 * * *',
        }),
        alice.token,
      )
      await t.gql(FAVORITE, { id: created.id }, alice.token)
      const updated = await update(
        created.id,
        automationInput('Late morning', [move([LIVING.up, KITCHEN.up], 30000, 'Both up')], {
          type: 'SUN',
          sunEvent: 'SUNRISE',
          offsetMinutes: 90,
        }),
        alice.token,
      )
      const expected = {
        id: created.id,
        name: 'Late morning',
        isFavorite: true,
        trigger: { type: 'SUN', cron: null, sunEvent: 'SUNRISE', offsetMinutes: 90, enabled: true },
      }
      expect(updated).toMatchObject(expected)
      expect(withoutIds(updated.scene)).toEqual([
        {
          name: 'Both up',
          type: 'BLIND_CONTROL',
          index: 0,
          duration: 30000,
          blindAddresses: ['1:2', '1:0'],
        },
      ])
      expect(await get(created.id, alice.token)).toEqual(updated)
      const rows = t.database.sqlite
        .prepare('SELECT COUNT(*) AS n FROM scenes WHERE automation_id = ?')
        .get(created.id)
      expect(rows).toEqual({ n: 1 })
    })

    it('lets an update change only the case of its own name', async () => {
      const created = await create(automationInput('Morning', [wait()]))
      expect((await update(created.id, automationInput('MORNING', [wait()]))).name).toBe('MORNING')
    })

    it('shows each user their own favourite flag', async () => {
      const { id } = await create(automationInput('Pause', [wait()]))
      const isFavorite = async (token: string) => [
        (await get(id, token)).isFavorite,
        (await list(token))[0]!.isFavorite,
      ]

      expect((await t.gql(FAVORITE, { id }, alice.token)).data).toEqual({
        setFavoriteAutomation: true,
      })
      expect((await t.gql(FAVORITE, { id }, alice.token)).data).toEqual({
        setFavoriteAutomation: true,
      })
      expect(await isFavorite(alice.token)).toEqual([true, true])
      expect(await isFavorite(bob.token)).toEqual([false, false])
      expect(await isFavorite(t.adminToken)).toEqual([false, false])

      expect((await t.gql(FAVORITE, { id }, bob.token)).data).toEqual({
        setFavoriteAutomation: true,
      })
      expect((await t.gql(UNFAVORITE, { id }, alice.token)).data).toEqual({
        unsetFavoriteAutomation: true,
      })
      expect((await t.gql(UNFAVORITE, { id }, alice.token)).data).toEqual({
        unsetFavoriteAutomation: true,
      })
      expect(await isFavorite(alice.token)).toEqual([false, false])
      expect(await isFavorite(bob.token)).toEqual([true, true])
    })

    it("shows a blind's new addresses in the automations that use it after the blind is rewired", async () => {
      const atticId = await createBlind(t, 'Attic', '3:0', '3:1')
      const { id } = await create(
        automationInput('Attic airing', [move(['3:1', KITCHEN.up]), wait(), move(['3:0'])]),
      )
      const res = await t.gql(
        'mutation($id: ID!, $input: BlindInput!) { blindUpdate(id: $id, input: $input) { id } }',
        { id: atticId, input: { name: 'Attic', blindAddressUp: '3:10', blindAddressDown: '3:11' } },
        t.adminToken,
      )
      expect(res.errors).toBeUndefined()
      expect((await get(id)).scene.map((s) => s.blindAddresses)).toEqual([
        ['3:11', KITCHEN.up],
        [],
        ['3:10'],
      ])

      const stale = await t.gql(
        CREATE,
        { input: automationInput('Old wiring', [move(['3:0'])]) },
        t.adminToken,
      )
      expect(failure(stale)).toEqual({
        status: 400,
        code: 400,
        message:
          'scene[0].blindAddresses[0] must be the up or down address of a blind; no blind uses 3:0',
      })
    })

    it('deletes only the ids that exist and returns them', async () => {
      const a = await create(automationInput('A', [wait()]))
      const b = await create(automationInput('B', [wait()]))
      const c = await create(automationInput('C', [wait()]))
      await t.gql(FAVORITE, { id: a.id }, alice.token)

      const res = await t.gql<{ automationDelete: string[] }>(
        DELETE,
        { ids: [a.id, UNKNOWN_ID, c.id, a.id] },
        t.adminToken,
      )
      expect(res.status).toBe(200)
      expect([...res.data!.automationDelete].sort()).toEqual([a.id, c.id].sort())
      expect(await names(t.adminToken)).toEqual(['B'])
      expect(failure(await t.gql(GET, { id: a.id }, t.adminToken))).toMatchObject({
        status: 404,
        code: 404,
      })

      const again = await t.gql(DELETE, { ids: [a.id, UNKNOWN_ID] }, t.adminToken)
      expect(again).toEqual({ status: 200, data: { automationDelete: [] }, errors: undefined })
      expect((await get(b.id)).name).toBe('B')
    })

    it('lists automations by name, ignoring case', async () => {
      for (const name of ['banana', 'Apple', 'cherry', 'apricot', 'Blueberry'])
        await create(automationInput(name, [wait()]))
      expect(await names(t.adminToken)).toEqual([
        'Apple',
        'apricot',
        'banana',
        'Blueberry',
        'cherry',
      ])
      expect(await names(carol.token)).toEqual([
        'Apple',
        'apricot',
        'banana',
        'Blueberry',
        'cherry',
      ])
    })
  })

  describe('input the hub refuses', () => {
    const base = automationInput('Fresh', [move([KITCHEN.up]), wait()])
    const scenes = (...scene: SceneInput[]) => ({ ...base, scene })
    const trigger = (trigger: TriggerInput) => ({ ...base, trigger })
    const many = <T>(n: number, make: (i: number) => T) =>
      Array.from({ length: n }, (_, i) => make(i))

    // prettier-ignore
    const cases: [string, AutomationInput, number, string][] = [
      ['an empty name', { ...base, name: '' }, 400, 'name must not be empty'],
      ['a name of spaces', { ...base, name: '    ' }, 400, 'name must not be empty'],
      ['a name of 65 characters', { ...base, name: 'n'.repeat(65) }, 400, 'name must be at most 64 characters (got 65)'],
      ['a name taken by another automation in other case', { ...base, name: ' MORNING ' }, 409, 'name: an automation called Morning already exists'],
      ['no scenes', scenes(), 400, 'scene must hold at least one scene'],
      ['101 scenes', scenes(...many(101, () => wait())), 400, 'scene must hold 1 to 100 scenes (got 101)'],
      ['an empty scene name', scenes(wait(), { ...wait(), name: ' ' }), 400, 'scene[1].name must not be empty'],
      ['a blind scene without addresses', scenes(wait(), move([])), 400, 'scene[1].blindAddresses must list at least one address for a BLIND_CONTROL scene'],
      ['a blind scene with addresses left out', scenes({ name: 'Move', type: 'BLIND_CONTROL', duration: 5000 }), 400, 'scene[0].blindAddresses must list at least one address'],
      ['a blind scene with 65 addresses', scenes(move(many(65, (i) => `5:${i}`))), 400, 'scene[0].blindAddresses must list at most 64 addresses for a BLIND_CONTROL scene (got 65)'],
      ['a blind scene of 99 ms', scenes(wait(), move([KITCHEN.up], 99)), 400, 'scene[1].duration must be an integer from 100 to 300000 ms (got 99)'],
      ['a blind scene of 300001 ms', scenes(wait(), move([KITCHEN.up], 300001)), 400, 'scene[1].duration must be an integer from 100 to 300000 ms (got 300001)'],
      ['a delay of 99 ms', scenes(move([KITCHEN.up]), wait(99)), 400, 'scene[1].duration must be an integer from 100 to 86400000 ms (got 99)'],
      ['a delay of 86400001 ms', scenes(move([KITCHEN.up]), wait(86400001)), 400, 'scene[1].duration must be an integer from 100 to 86400000 ms (got 86400001)'],
      ['a duration that is not an integer', scenes(wait(), move([KITCHEN.up], 1500.5)), 400, 'scene[1].duration'],
      ['a delay with addresses', scenes(wait(), { ...wait(), blindAddresses: [KITCHEN.up] }), 400, 'scene[1].blindAddresses must be empty for a DELAY scene'],
      ['an address no blind uses', scenes(wait(), move([KITCHEN.up, '9:9'])), 400, 'scene[1].blindAddresses[1] must be the up or down address of a blind; no blind uses 9:9'],
      ['a malformed address', scenes(move([KITCHEN.up, 'kitchen'])), 400, 'scene[0].blindAddresses[1] must be UNIT:COIL'],
      ['an address with unit 0', scenes(move(['0:1'])), 400, 'scene[0].blindAddresses[0] must have a unit from 1 to 247 (got 0)'],
      ['a repeated address', scenes(move([KITCHEN.up, LIVING.up, '01:000'])), 400, 'scene[0].blindAddresses[2] must not repeat address 1:0'],
      ['both sides of one blind in one scene', scenes(move([LIVING.up, KITCHEN.down, KITCHEN.up])), 400, 'scene[0].blindAddresses[2] must not drive both the up and the down relay of blind Kitchen in one scene'],
      ['a cron trigger without cron', trigger({ type: 'CRON' }), 400, 'trigger.cron is required when trigger.type is CRON'],
      ['a cron trigger with an empty cron', trigger({ type: 'CRON', cron: '' }), 400, 'trigger.cron is required when trigger.type is CRON'],
      ['an invalid cron expression', trigger({ type: 'CRON', cron: '61 7 * * *' }), 400, 'trigger.cron has minute 61; minutes go from 0 to 59'],
      ['a cron expression of 4 fields', trigger({ type: 'CRON', cron: '0 7 * *' }), 400, 'trigger.cron has 4 fields; it needs 5 (minute, hour, day of month, month, day of week) or 6 with seconds first'],
      ['a cron expression of 7 fields', trigger({ type: 'CRON', cron: '0 0 7 * * * 2030' }), 400, 'trigger.cron has 7 fields; it needs 5'],
      ['a cron expression that never fires', trigger({ type: 'CRON', cron: '0 7 31 2 *' }), 400, 'trigger.cron never fires: day 31 never comes in February'],
      ['a cron step longer than the hour', trigger({ type: 'CRON', cron: '*/90 * * * *' }), 400, 'trigger.cron has step 90 in "*/90" (minute field); a step must be 1 to 59'],
      ['cron on a manual trigger', trigger({ type: 'MANUAL', cron: '0 7 * * *' }), 400, 'trigger.cron must be empty unless trigger.type is CRON'],
      ['a sun trigger without sunEvent', trigger({ type: 'SUN' }), 400, 'trigger.sunEvent is required when trigger.type is SUN'],
      ['sunEvent on a cron trigger', trigger({ type: 'CRON', cron: '0 7 * * *', sunEvent: 'SUNSET' }), 400, 'trigger.sunEvent must be empty unless trigger.type is SUN'],
      ['an offset of 721 minutes', trigger({ type: 'SUN', sunEvent: 'SUNSET', offsetMinutes: 721 }), 400, 'trigger.offsetMinutes must be an integer from -720 to 720 (got 721)'],
      ['an offset of -721 minutes', trigger({ type: 'SUN', sunEvent: 'SUNRISE', offsetMinutes: -721 }), 400, 'trigger.offsetMinutes must be an integer from -720 to 720 (got -721)'],
      ['an offset on a cron trigger', trigger({ type: 'CRON', cron: '0 7 * * *', offsetMinutes: 10 }), 400, 'trigger.offsetMinutes must be 0 unless trigger.type is SUN'],
      ['an offset on a manual trigger', trigger({ type: 'MANUAL', offsetMinutes: -10 }), 400, 'trigger.offsetMinutes must be 0 unless trigger.type is SUN'],
    ]

    it.each(cases)(
      'refuses %s on create and update, writing nothing',
      async (_, input, code, message) => {
        await create(automationInput('Morning', [wait()]))
        const evening = await create(automationInput('Evening', [move([KITCHEN.down])]))
        const before = t.snapshot()

        for (const res of [
          await t.gql(CREATE, { input }, t.adminToken),
          await t.gql(UPDATE, { id: evening.id, input }, t.adminToken),
        ]) {
          const error = failure(res)
          expect(error).toMatchObject({ status: code, code })
          expect(error.message).toContain(message)
        }
        expect(t.snapshot()).toBe(before)
        expect(await get(evening.id)).toEqual(evening)
      },
    )

    // prettier-ignore
    const idCases: [string, string, Record<string, unknown>, number, string][] = [
      ['automation with a malformed id', GET, { id: 'kitchen' }, 400, 'id must be a UUID'],
      ['automation with an unknown id', GET, { id: UNKNOWN_ID }, 404, `Automation ${UNKNOWN_ID} does not exist`],
      ['automationUpdate with a malformed id', UPDATE, { id: '42', input: base }, 400, 'id must be a UUID'],
      ['automationUpdate with an unknown id', UPDATE, { id: UNKNOWN_ID, input: base }, 404, `Automation ${UNKNOWN_ID} does not exist`],
      ['automationDelete with a malformed id', DELETE, { ids: [UNKNOWN_ID, 'nope'] }, 400, 'ids[1] must be a UUID'],
      ['automationDelete with no ids', DELETE, { ids: [] }, 400, 'ids must list at least one id'],
      ['setFavoriteAutomation with a malformed id', FAVORITE, { id: '' }, 400, 'id must be a UUID'],
      ['setFavoriteAutomation with an unknown id', FAVORITE, { id: UNKNOWN_ID }, 404, `Automation ${UNKNOWN_ID} does not exist`],
      ['unsetFavoriteAutomation with a malformed id', UNFAVORITE, { id: 'x' }, 400, 'id must be a UUID'],
      ['unsetFavoriteAutomation with an unknown id', UNFAVORITE, { id: UNKNOWN_ID }, 404, `Automation ${UNKNOWN_ID} does not exist`],
      ['automationRuns with a malformed automationId', RUNS, { automationId: 'x' }, 400, 'automationId must be a UUID'],
      ['automationRuns with an unknown automationId', RUNS, { automationId: UNKNOWN_ID }, 404, `Automation ${UNKNOWN_ID} does not exist`],
    ]

    it.each(idCases)(
      'answers %s with its code, writing nothing',
      async (_, query, variables, code, message) => {
        await create(automationInput('Morning', [wait()]))
        const before = t.snapshot()
        for (const token of [t.adminToken, alice.token]) {
          expect(failure(await t.gql(query, variables, token))).toEqual({
            status: code,
            code,
            message,
          })
        }
        expect(t.snapshot()).toBe(before)
      },
    )
  })

  describe('hubStatus', () => {
    it('reports the version, uptime, emulator bus and configured location to any user', async () => {
      const { version } = JSON.parse(
        readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
      ) as { version: string }
      const res = await t.gql<{
        hubStatus: Record<string, unknown> & { uptimeSeconds: number; now: string }
      }>(STATUS, {}, carol.token)
      expect(res.errors).toBeUndefined()
      const status = res.data!.hubStatus
      expect(status).toMatchObject({
        version,
        timeZone: 'Europe/Berlin',
        clockSynchronized: null,
        locationConfigured: true,
        bus: { online: true, path: 'emulator', error: null },
      })
      expect(Number.isInteger(status.uptimeSeconds)).toBe(true)
      expect(status.uptimeSeconds).toBeGreaterThanOrEqual(0)
      expect(status.uptimeSeconds).toBeLessThan(120)
      expect(Math.abs(Date.parse(status.now) - Date.now())).toBeLessThan(10_000)
    })
  })
})

describe('a hub without a location', () => {
  let u: TestHub
  let clock = Date.parse('2030-06-21T04:00:00.000Z')

  beforeAll(async () => {
    u = await startHub({ now: () => clock })
    await createBlind(u, 'Kitchen', KITCHEN.up, KITCHEN.down)
  })
  afterAll(() => u?.close())

  it('refuses a sun trigger on create and update, naming trigger.sunEvent, and writes nothing', async () => {
    const res = await u.gql<{ automationCreate: Automation }>(
      CREATE,
      { input: automationInput('Dawn', [move([KITCHEN.up])]) },
      u.adminToken,
    )
    expect(res.errors).toBeUndefined()
    const before = u.snapshot()
    const input = automationInput('Dawn', [move([KITCHEN.up])], {
      type: 'SUN',
      sunEvent: 'SUNRISE',
    })
    const message =
      "trigger.sunEvent needs the house's location: an admin sets it in Settings (/settings)"
    expect(
      failure(await u.gql(CREATE, { input: { ...input, name: 'Dusk' } }, u.adminToken)),
    ).toEqual({ status: 400, code: 400, message })
    expect(
      failure(await u.gql(UPDATE, { id: res.data!.automationCreate.id, input }, u.adminToken)),
    ).toEqual({ status: 400, code: 400, message })
    expect(u.snapshot()).toBe(before)
  })

  it('still accepts cron triggers', async () => {
    const input = automationInput('Weekdays', [move([KITCHEN.up])], {
      type: 'CRON',
      cron: '0 7 * * 1-5',
    })
    const res = await u.gql<{ automationCreate: Automation }>(CREATE, { input }, u.adminToken)
    expect(res.data?.automationCreate.trigger).toEqual({
      type: 'CRON',
      cron: '0 7 * * 1-5',
      sunEvent: null,
      offsetMinutes: 0,
      enabled: true,
    })
  })

  it('reports in hubStatus that no location is configured, and counts uptime on its clock', async () => {
    clock += 90_500
    const res = await u.gql<{ hubStatus: Record<string, unknown> }>(STATUS, {}, u.adminToken)
    expect(res.data?.hubStatus).toMatchObject({
      uptimeSeconds: 90,
      now: new Date(clock).toISOString(),
      locationConfigured: false,
      bus: { online: true, path: 'emulator', error: null },
    })
  })
})
