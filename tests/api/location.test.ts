// The house's location over the real GraphQL API and socket: an admin sets, changes and clears
// it; SUN triggers follow at once, without a restart; it survives a restart; bad input is a 400
// naming the field and changes nothing; regular users and LAMELLA_LAT/LON cannot change it.
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { nextSunTrigger } from '../../hub/engine/sun'
import { listen } from '../bus/socket-listener'
import { startHub, type GqlResponse, type TestHub } from '../helpers/hub'
import { temporaryFolders } from '../helpers/temporary-folders'

interface HouseLocation {
  lat: number | null
  lon: number | null
  fromEnvironment: boolean
}

const FIELDS = 'lat lon fromEnvironment'
const READ = `{ houseLocation { ${FIELDS} } hubStatus { locationConfigured } }`
const SET = `mutation($lat: Float, $lon: Float) { houseLocationSet(lat: $lat, lon: $lon) { ${FIELDS} } }`
const CREATE_DUSK = `mutation($input: AutomationInput!) { automationCreate(input: $input) { id nextRunAt } }`
const NEXT_RUN = 'query($id: ID!) { automation(id: $id) { nextRunAt } }'

const BERLIN = { lat: 52.52, lon: 13.405 }
const SYDNEY = { lat: -33.87, lon: 151.21 }
const UNKNOWN: HouseLocation = { lat: null, lon: null, fromEnvironment: false }

const temporaryFolder = temporaryFolders('lamella-location-')

let t: TestHub | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

async function read(hub: TestHub, token = hub.adminToken) {
  return hub.gql<{ houseLocation: HouseLocation; hubStatus: { locationConfigured: boolean } }>(
    READ,
    {},
    token,
  )
}

async function set(hub: TestHub, variables: Record<string, unknown>, token = hub.adminToken) {
  return hub.gql<{ houseLocationSet: HouseLocation }>(SET, variables, token)
}

function expectRefused(res: GqlResponse, status: number, field?: string, message?: RegExp) {
  expect(res.status).toBe(status)
  expect(res.errors).toHaveLength(1)
  expect(res.errors![0]!.extensions).toMatchObject({
    code: status,
    ...(field && { field }),
    reason: expect.any(String),
  })
  if (message) expect(res.errors![0]!.message).toMatch(message)
}

describe('the house’s location', () => {
  it('is unknown at first, then set by an admin, kept in the database and over a restart', async () => {
    const dbPath = join(temporaryFolder(), 'lamella.db')
    t = await startHub({ dbPath })
    const first = await read(t)
    expect(first.data).toEqual({
      houseLocation: UNKNOWN,
      hubStatus: { locationConfigured: false },
    })

    const res = await set(t, BERLIN)
    expect(res.errors).toBeUndefined()
    expect(res.data!.houseLocationSet).toEqual({ ...BERLIN, fromEnvironment: false })
    expect((await read(t)).data!.hubStatus.locationConfigured).toBe(true)
    const row = t.database.sqlite
      .prepare('SELECT location_lat AS lat, location_lon AS lon FROM settings')
      .get()
    expect(row).toEqual(BERLIN)

    await t.close()
    t = await startHub({ dbPath })
    expect((await read(t)).data).toEqual({
      houseLocation: { ...BERLIN, fromEnvironment: false },
      hubStatus: { locationConfigured: true },
    })

    const cleared = await set(t, { lat: null, lon: null })
    expect(cleared.data!.houseLocationSet).toEqual(UNKNOWN)
    expect((await read(t)).data!.hubStatus.locationConfigured).toBe(false)
  })

  it('moves a sunset trigger to the new place at once, and unschedules it when cleared', async () => {
    t = await startHub()
    const dusk = {
      name: 'Dusk',
      trigger: { type: 'SUN', sunEvent: 'SUNSET', offsetMinutes: 0 },
      scene: [{ name: 'Pause', type: 'DELAY', duration: 100 }],
    }
    // Without a location a SUN trigger is refused, naming what to do.
    const refused = await t.gql(CREATE_DUSK, { input: dusk }, t.adminToken)
    expectRefused(refused, 400, 'trigger.sunEvent', /needs the house's location/)

    await set(t, BERLIN)
    const created = await t.gql<{ automationCreate: { id: string; nextRunAt: string } }>(
      CREATE_DUSK,
      { input: dusk },
      t.adminToken,
    )
    expect(created.errors).toBeUndefined()
    const id = created.data!.automationCreate.id
    const inBerlin = nextSunTrigger(new Date(), 'SUNSET', 0, BERLIN, 'Europe/Berlin')!
    expect(created.data!.automationCreate.nextRunAt).toBe(inBerlin.toISOString())

    await set(t, SYDNEY)
    const nextRun = async () =>
      (await t!.gql<{ automation: { nextRunAt: string | null } }>(NEXT_RUN, { id }, t!.adminToken))
        .data!.automation.nextRunAt
    const inSydney = nextSunTrigger(new Date(), 'SUNSET', 0, SYDNEY, 'Europe/Berlin')!
    expect(inSydney.getTime()).not.toBe(inBerlin.getTime())
    expect(await nextRun()).toBe(inSydney.toISOString())

    await set(t, { lat: null, lon: null })
    expect(await nextRun()).toBeNull()
  })

  it('tells every open browser that it changed', async () => {
    t = await startHub()
    const anna = await t.createUser('anna')
    const socket = await listen(t.url, anna.token)
    try {
      await set(t, BERLIN)
      expect(await socket.next('data:changed', (e) => e.entity === 'location')).toEqual({
        entity: 'location',
        ids: [],
      })
    } finally {
      socket.close()
    }
  })

  const bad: [string, Record<string, unknown>, string, RegExp][] = [
    [
      'a latitude of 91',
      { lat: 91, lon: 13 },
      'lat',
      /^lat must be a number from -90 to 90 .*\(got 91\)$/,
    ],
    ['a latitude of -90.5', { lat: -90.5, lon: 13 }, 'lat', /^lat must be a number from -90 to 90/],
    [
      'a longitude of -181',
      { lat: 52, lon: -181 },
      'lon',
      /^lon must be a number from -180 to 180 .*\(got -181\)$/,
    ],
    ['a latitude alone', { lat: 52 }, 'lon', /^lon must be given with lat$/],
    ['a longitude alone', { lat: null, lon: 13 }, 'lat', /^lat must be given with lon$/],
  ]

  it.each(bad)(
    'refuses %s with a 400 naming the field, changing nothing',
    async (_, variables, field, message) => {
      t = await startHub()
      await set(t, BERLIN)
      const before = t.snapshot()
      expectRefused(await set(t, variables), 400, field, message)
      expect(t.snapshot()).toBe(before)
      expect((await read(t)).data!.houseLocation).toEqual({ ...BERLIN, fromEnvironment: false })
    },
  )

  it('lets a regular user neither read nor set it (403, nothing changed)', async () => {
    t = await startHub()
    const anna = await t.createUser('anna')
    const before = t.snapshot()
    expectRefused(await t.gql(`{ houseLocation { ${FIELDS} } }`, {}, anna.token), 403)
    expectRefused(await set(t, BERLIN, anna.token), 403)
    expect(t.snapshot()).toBe(before)
    // Whether it is known is everyone's to see (the automation editor asks).
    const status = await t.gql<{ hubStatus: { locationConfigured: boolean } }>(
      '{ hubStatus { locationConfigured } }',
      {},
      anna.token,
    )
    expect(status.data!.hubStatus.locationConfigured).toBe(false)
  })

  it('shows LAMELLA_LAT/LON as fixed, and refuses to change it with a 409', async () => {
    t = await startHub({ config: { location: SYDNEY } })
    expect((await read(t)).data!.houseLocation).toEqual({ ...SYDNEY, fromEnvironment: true })
    const before = t.snapshot()
    expectRefused(await set(t, BERLIN), 409, 'lat', /set by LAMELLA_LAT and LAMELLA_LON/)
    expect(t.snapshot()).toBe(before)
  })
})
