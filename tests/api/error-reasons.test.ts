// The hub's refusals over GraphQL carry their stable reason and its values in `extensions`
// (issue 22 item 4), so a client words them in its user's language; the English message stays,
// and a refused request changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBlind, startHub, type TestHub } from '../helpers/hub'

const BLIND_CREATE = 'mutation($input: BlindInput!) { blindCreate(input: $input) { id } }'
const BLIND_UPDATE =
  'mutation($id: ID!, $input: BlindInput!) { blindUpdate(id: $id, input: $input) { id } }'
const BLIND_DELETE = 'mutation($ids: [ID!]!) { blindDelete(ids: $ids) }'
const AUTOMATION_CREATE =
  'mutation($input: AutomationInput!) { automationCreate(input: $input) { id } }'
const SENSOR_CREATE =
  'mutation($input: WeatherSensorInput!) { weatherSensorCreate(input: $input) { id } }'
const USER_UPDATE =
  'mutation($id: ID!, $input: UserUpdateInput!) { userUpdate(id: $id, input: $input) { id } }'
const LOCATION_SET =
  'mutation($lat: Float, $lon: Float) { houseLocationSet(lat: $lat, lon: $lon) { lat } }'

const manual = { type: 'MANUAL' }
const wind = { name: 'Anemometer', kind: 'WIND', unit: 2, register: 0, scale: 0.1 }

describe('the reason a refusal carries over the API', () => {
  let t: TestHub
  let kitchen: string
  let flat: string
  beforeAll(async () => {
    t = await startHub()
    kitchen = await createBlind(t, 'Kitchen', '1:0', '1:1', 20_000)
    flat = await createBlind(t, 'Hall', '1:2', '1:3', 20_000)
    const used = await t.gql(
      AUTOMATION_CREATE,
      {
        input: {
          name: 'Morning',
          trigger: manual,
          scene: [{ name: 'Up', type: 'POSITION', blindIds: [kitchen], position: 100 }],
        },
      },
      t.adminToken,
    )
    expect(used.errors).toBeUndefined()
    const sensor = await t.gql(SENSOR_CREATE, { input: wind }, t.adminToken)
    expect(sensor.errors).toBeUndefined()
  })
  afterAll(async () => {
    await t?.close()
  })

  async function refused(query: string, variables: Record<string, unknown>) {
    const before = t.snapshot()
    const res = await t.gql(query, variables, t.adminToken)
    expect(t.snapshot()).toBe(before)
    expect(res.errors).toHaveLength(1)
    return res.errors![0]!
  }

  it('says a blind an automation uses is IN_USE, naming the automation', async () => {
    const error = await refused(BLIND_DELETE, { ids: [kitchen] })
    expect(error.message).toBe(
      'Blinds still used by automations cannot be deleted: Kitchen in Morning',
    )
    expect(error.extensions).toMatchObject({
      code: 409,
      field: 'ids',
      reason: 'IN_USE',
      by: 'Kitchen in Morning',
    })
  })

  it('says an address another blind has is ADDRESS_TAKEN, with the address and that blind', async () => {
    const input = { name: 'Study', blindAddressUp: '1:1', blindAddressDown: '1:9' }
    const error = await refused(BLIND_CREATE, { input })
    expect(error.extensions).toMatchObject({
      code: 409,
      field: 'blindAddressUp',
      reason: 'ADDRESS_TAKEN',
      address: '1:1',
      name: 'Kitchen',
    })
  })

  it('says a weather sensor’s name in use is NAME_TAKEN, with the name', async () => {
    const error = await refused(SENSOR_CREATE, { input: { ...wind, name: 'ANEMOMETER', unit: 3 } })
    expect(error.message).toBe('A weather sensor with this name exists already')
    expect(error.extensions).toMatchObject({
      code: 409,
      field: 'name',
      reason: 'NAME_TAKEN',
      name: 'Anemometer',
    })
  })

  it('says the last admin cannot become a regular user: LAST_ADMIN', async () => {
    const error = await refused(USER_UPDATE, { id: t.adminId, input: { isAdmin: false } })
    expect(error.extensions).toMatchObject({ code: 409, field: 'isAdmin', reason: 'LAST_ADMIN' })
  })

  it('says a scene cannot tilt a blind without slats: NO_SLATS, naming the blind', async () => {
    const input = {
      name: 'Tilt',
      trigger: manual,
      scene: [{ name: 'Tilt', type: 'POSITION', blindIds: [flat], tilt: 50 }],
    }
    const error = await refused(AUTOMATION_CREATE, { input })
    expect(error.extensions).toMatchObject({
      code: 400,
      field: 'scene[0].tilt',
      reason: 'NO_SLATS',
      blindName: 'Hall',
    })
  })

  it('says a cron on a manual trigger MUST_BE_EMPTY_UNLESS the trigger is CRON', async () => {
    const input = {
      name: 'Odd',
      trigger: { type: 'MANUAL', cron: '0 7 * * *' },
      scene: [{ name: 'Wait', type: 'DELAY', duration: 1000 }],
    }
    const error = await refused(AUTOMATION_CREATE, { input })
    expect(error.message).toBe('trigger.cron must be empty unless trigger.type is CRON')
    expect(error.extensions).toMatchObject({
      code: 400,
      field: 'trigger.cron',
      reason: 'MUST_BE_EMPTY_UNLESS',
      other: 'trigger.type',
      value: 'CRON',
    })
  })

  it('says shading REQUIRES_OTHER fields first, naming the ones missing', async () => {
    const error = await refused(BLIND_UPDATE, { id: flat, input: { shadingEnabled: true } })
    expect(error.extensions).toMatchObject({
      code: 400,
      field: 'shadingEnabled',
      reason: 'REQUIRES_OTHER',
      other: 'facadeAzimuth,shadePosition',
    })
  })

  it('says a latitude out of range is a NUMBER_RANGE with its limits', async () => {
    const error = await refused(LOCATION_SET, { lat: 95, lon: 13 })
    expect(error.extensions).toMatchObject({
      code: 400,
      field: 'lat',
      reason: 'NUMBER_RANGE',
      min: -90,
      max: 90,
    })
  })
})
