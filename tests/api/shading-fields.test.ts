// A blind's facade and shading fields over the real GraphQL API (issue 14): what they default
// to, that they round-trip through create, update and every read, that bad values are a 400
// naming the field while the database stays as it was, and that only admins set them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBlind, startHub, type GqlResponse, type TestHub } from '../helpers/hub'

const SHADING_FIELDS = `travelTimeKnown facadeAzimuth fovLeft fovRight minElevation shadePosition
  shadeTilt shadingEnabled shadingMinBrightness shadingReturnPosition shadingResumeAt
  shading { active pausedUntil reason since }`
const FIELDS = `id name ${SHADING_FIELDS}`
const CREATE = `mutation($input: BlindInput!) { blindCreate(input: $input) { ${FIELDS} } }`
const UPDATE = `mutation($id: ID!, $input: BlindInput!) { blindUpdate(id: $id, input: $input) { ${FIELDS} } }`
const BLIND = `query($id: ID!) { blind(id: $id) { ${FIELDS} } }`
const LIST = `{ blindList { ${FIELDS} } }`
const USER_BLINDS = `query($id: ID!) { user(id: $id) { userBlindList { blind { ${FIELDS} } } } }`

type Input = Record<string, unknown>

interface ShadedBlind {
  id: string
  name: string
  travelTimeKnown: boolean
  facadeAzimuth: number | null
  fovLeft: number
  fovRight: number
  minElevation: number
  shadePosition: number | null
  shadeTilt: number | null
  shadingEnabled: boolean
  shadingMinBrightness: number
  shadingReturnPosition: number | null
  shadingResumeAt: string | null
  shading: {
    active: boolean
    pausedUntil: string | null
    reason: string | null
    since: string | null
  }
}

const NOT_SHADING = { active: false, pausedUntil: null, reason: null, since: null }

/** A south-facing venetian blind whose travel was timed, shaded at 30 %. */
const SOUTH: Input = {
  name: 'Living south',
  blindAddressUp: '1:0',
  blindAddressDown: '1:1',
  travelTimeMs: 40000,
  tiltTimeMs: 1500,
  facadeAzimuth: 180,
  fovLeft: 60,
  fovRight: 75,
  minElevation: 12,
  shadePosition: 30,
  shadeTilt: 50,
  shadingEnabled: true,
  shadingMinBrightness: 55,
  shadingReturnPosition: 100,
  shadingResumeAt: '14:30',
}

const SOUTH_READ = {
  name: 'Living south',
  travelTimeKnown: true,
  facadeAzimuth: 180,
  fovLeft: 60,
  fovRight: 75,
  minElevation: 12,
  shadePosition: 30,
  shadeTilt: 50,
  shadingEnabled: true,
  shadingMinBrightness: 55,
  shadingReturnPosition: 100,
  shadingResumeAt: '14:30',
  shading: NOT_SHADING,
}

function expectBadInput(res: GqlResponse, field: string, message: RegExp): void {
  expect(res.status).toBe(400)
  expect(res.errors).toHaveLength(1)
  expect(res.errors![0]!.extensions).toMatchObject({ code: 400, field, reason: expect.any(String) })
  expect(res.errors![0]!.message).toMatch(message)
}

describe('a blind’s facade and shading fields', () => {
  let t: TestHub

  beforeAll(async () => {
    t = await startHub()
  })
  afterAll(() => t.close())

  async function create(input: Input): Promise<ShadedBlind> {
    const res = await t.gql<{ blindCreate: ShadedBlind }>(CREATE, { input }, t.adminToken)
    expect(res.errors).toBeUndefined()
    return res.data!.blindCreate
  }

  const remove = (id: string) =>
    t.gql('mutation($ids: [ID!]!) { blindDelete(ids: $ids) }', { ids: [id] }, t.adminToken)

  it('gives a new blind no facade, a 90° field of view each side, elevation 0, brightness 40 and shading off', async () => {
    const blind = await create({
      name: 'Plain',
      blindAddressUp: '2:0',
      blindAddressDown: '2:1',
      travelTimeMs: 30000,
    })
    expect(blind).toEqual({
      id: blind.id,
      name: 'Plain',
      travelTimeKnown: true,
      facadeAzimuth: null,
      fovLeft: 90,
      fovRight: 90,
      minElevation: 0,
      shadePosition: null,
      shadeTilt: null,
      shadingEnabled: false,
      shadingMinBrightness: 40,
      shadingReturnPosition: null,
      shadingResumeAt: null,
      shading: NOT_SHADING,
    })
  })

  it('says the travel time is not known for a blind created without one', async () => {
    const id = await createBlind(t, 'Guessed', '2:2', '2:3')
    const res = await t.gql<{ blind: ShadedBlind }>(BLIND, { id }, t.adminToken)
    expect(res.data?.blind.travelTimeKnown).toBe(false)
  })

  it('keeps every field through create, the blind query, blindList and a user’s blind list', async () => {
    const created = await create(SOUTH)
    expect(created).toEqual({ id: created.id, ...SOUTH_READ })
    const one = await t.gql<{ blind: ShadedBlind }>(BLIND, { id: created.id }, t.adminToken)
    expect(one.data?.blind).toEqual(created)
    const list = await t.gql<{ blindList: ShadedBlind[] }>(LIST, {}, t.adminToken)
    expect(list.data?.blindList.find((b) => b.id === created.id)).toEqual(created)
    const mine = await t.gql<{ user: { userBlindList: { blind: ShadedBlind }[] } }>(
      USER_BLINDS,
      { id: t.adminId },
      t.adminToken,
    )
    expect(mine.data?.user.userBlindList.map((u) => u.blind)).toContainEqual(created)
    const row = t.database.sqlite
      .prepare(
        `SELECT facade_azimuth, fov_left, fov_right, min_elevation, shade_position, shade_tilt,
         shading_enabled, shading_min_brightness, shading_return_position, shading_resume_at,
         travel_time_known FROM blinds WHERE id = ?`,
      )
      .get(created.id)
    expect(row).toEqual({
      facade_azimuth: 180,
      fov_left: 60,
      fov_right: 75,
      min_elevation: 12,
      shade_position: 30,
      shade_tilt: 50,
      shading_enabled: 1,
      shading_min_brightness: 55,
      shading_return_position: 100,
      shading_resume_at: '14:30',
      travel_time_known: 1,
    })
    await remove(created.id)
  })

  it('changes the fields with blindUpdate, keeps those an update leaves out, and clears them with null', async () => {
    const created = await create({ ...SOUTH, blindAddressUp: '3:0', blindAddressDown: '3:1' })
    const east = {
      ...SOUTH,
      blindAddressUp: '3:0',
      blindAddressDown: '3:1',
      facadeAzimuth: 90,
      fovLeft: 0,
      fovRight: 90,
      minElevation: 90,
      shadePosition: 0,
      shadeTilt: 0,
      shadingMinBrightness: 0,
      shadingReturnPosition: 0,
      shadingResumeAt: ' 00:00 ',
    }
    const res = await t.gql<{ blindUpdate: ShadedBlind }>(
      UPDATE,
      { id: created.id, input: east },
      t.adminToken,
    )
    expect(res.errors).toBeUndefined()
    const changed = {
      ...SOUTH_READ,
      facadeAzimuth: 90,
      fovLeft: 0,
      fovRight: 90,
      minElevation: 90,
      shadePosition: 0,
      shadeTilt: 0,
      shadingMinBrightness: 0,
      shadingReturnPosition: 0,
      shadingResumeAt: '00:00',
    }
    expect(res.data?.blindUpdate).toEqual({ id: created.id, ...changed })
    // A client from before shading (the blind dialog, calibration) sends only the motor's fields.
    const motorOnly = {
      name: 'Living south',
      blindAddressUp: '3:0',
      blindAddressDown: '3:1',
      travelTimeUpMs: 41000,
      travelTimeDownMs: 38000,
      tiltTimeMs: 1500,
    }
    const kept = await t.gql<{ blindUpdate: ShadedBlind }>(
      UPDATE,
      { id: created.id, input: motorOnly },
      t.adminToken,
    )
    expect(kept.errors).toBeUndefined()
    expect(kept.data?.blindUpdate).toEqual({ id: created.id, ...changed })
    const cleared = await t.gql<{ blindUpdate: ShadedBlind }>(
      UPDATE,
      {
        id: created.id,
        input: {
          ...motorOnly,
          facadeAzimuth: null,
          fovLeft: null,
          fovRight: null,
          minElevation: null,
          shadePosition: null,
          shadeTilt: null,
          shadingEnabled: null,
          shadingMinBrightness: null,
          shadingReturnPosition: null,
          shadingResumeAt: null,
        },
      },
      t.adminToken,
    )
    expect(cleared.errors).toBeUndefined()
    expect(cleared.data?.blindUpdate).toEqual({
      id: created.id,
      name: 'Living south',
      travelTimeKnown: true,
      facadeAzimuth: null,
      fovLeft: 90,
      fovRight: 90,
      minElevation: 0,
      shadePosition: null,
      shadeTilt: null,
      shadingEnabled: false,
      shadingMinBrightness: 40,
      shadingReturnPosition: null,
      shadingResumeAt: null,
      shading: NOT_SHADING,
    })
    await remove(created.id)
  })

  it('takes a blank shadingResumeAt as none', async () => {
    const blind = await create({
      ...SOUTH,
      blindAddressUp: '4:0',
      blindAddressDown: '4:1',
      name: 'Blank',
      shadingResumeAt: '  ',
    })
    expect(blind.shadingResumeAt).toBeNull()
  })

  const base = { name: 'Bad', blindAddressUp: '5:0', blindAddressDown: '5:1', travelTimeMs: 30000 }
  const badValues: { rule: string; input: Input; field: string; message: RegExp }[] = [
    {
      rule: 'an azimuth of 360',
      input: { facadeAzimuth: 360 },
      field: 'facadeAzimuth',
      message: /^facadeAzimuth must be an integer from 0 to 359 .*\(got 360\)$/,
    },
    {
      rule: 'an azimuth of -1',
      input: { facadeAzimuth: -1 },
      field: 'facadeAzimuth',
      message: /^facadeAzimuth must /,
    },
    {
      rule: 'a left field of view of 120',
      input: { fovLeft: 120 },
      field: 'fovLeft',
      message: /^fovLeft must be an integer from 0 to 90° \(got 120\)$/,
    },
    {
      rule: 'a right field of view of 91',
      input: { fovRight: 91 },
      field: 'fovRight',
      message: /^fovRight must /,
    },
    {
      rule: 'a minimum elevation of -5',
      input: { minElevation: -5 },
      field: 'minElevation',
      message: /^minElevation must /,
    },
    {
      rule: 'a shade position of 101',
      input: { shadePosition: 101 },
      field: 'shadePosition',
      message: /^shadePosition must be an integer from 0 to 100/,
    },
    {
      rule: 'a shade position on a blind whose travel time is not known',
      input: { travelTimeMs: null, shadePosition: 30 },
      field: 'shadePosition',
      message: /^shadePosition must not be set while the blind’s travel time is not known/,
    },
    {
      rule: 'a shade tilt on a blind without slats',
      input: { shadePosition: 30, shadeTilt: 40 },
      field: 'shadeTilt',
      message: /^shadeTilt must not be set on a blind without slats/,
    },
    {
      rule: 'shading without a facade',
      input: { shadePosition: 30, shadingEnabled: true },
      field: 'shadingEnabled',
      message: /^shadingEnabled must not be true without facadeAzimuth$/,
    },
    {
      rule: 'shading without a shade position',
      input: { facadeAzimuth: 180, shadingEnabled: true },
      field: 'shadingEnabled',
      message: /^shadingEnabled must not be true without shadePosition$/,
    },
    {
      rule: 'shading with neither',
      input: { shadingEnabled: true },
      field: 'shadingEnabled',
      message: /^shadingEnabled must not be true without facadeAzimuth and shadePosition$/,
    },
    {
      rule: 'a minimum brightness of 101',
      input: { shadingMinBrightness: 101 },
      field: 'shadingMinBrightness',
      message: /^shadingMinBrightness must /,
    },
    {
      rule: 'a return position of -1',
      input: { shadingReturnPosition: -1 },
      field: 'shadingReturnPosition',
      message: /^shadingReturnPosition must /,
    },
    {
      rule: 'a resume time of 7:30',
      input: { shadingResumeAt: '7:30' },
      field: 'shadingResumeAt',
      message: /^shadingResumeAt must be a time of day as HH:MM.*\(got "7:30"\)$/,
    },
    {
      rule: 'a resume time of 24:00',
      input: { shadingResumeAt: '24:00' },
      field: 'shadingResumeAt',
      message: /^shadingResumeAt must /,
    },
    {
      rule: 'a resume time of noon',
      input: { shadingResumeAt: 'noon' },
      field: 'shadingResumeAt',
      message: /^shadingResumeAt must /,
    },
  ]

  it.each(badValues.map((b) => [b.rule, b] as const))(
    'refuses %s on create and on update with a 400 naming the field, changing nothing',
    async (_, { input, field, message }) => {
      const before = t.snapshot()
      expectBadInput(
        await t.gql(CREATE, { input: { ...base, ...input } }, t.adminToken),
        field,
        message,
      )
      expect(t.snapshot()).toBe(before)

      const id = await createBlind(t, `Target ${field}`, '6:0', '6:1', 30000)
      const stored = t.snapshot()
      expectBadInput(
        await t.gql(
          UPDATE,
          { id, input: { ...base, ...input, name: `Target ${field}` } },
          t.adminToken,
        ),
        field,
        message,
      )
      expect(t.snapshot()).toBe(stored)
      await remove(id)
    },
  )

  it('refuses an update that drops the travel time of a blind with a shade position, changing nothing', async () => {
    const created = await create({
      ...SOUTH,
      name: 'Timed',
      blindAddressUp: '7:0',
      blindAddressDown: '7:1',
    })
    const before = t.snapshot()
    const untimed = { ...SOUTH, travelTimeMs: null }
    const res = await t.gql(
      UPDATE,
      {
        id: created.id,
        input: { ...untimed, name: 'Timed', blindAddressUp: '7:0', blindAddressDown: '7:1' },
      },
      t.adminToken,
    )
    expectBadInput(res, 'shadePosition', /travel time is not known/)
    expect(t.snapshot()).toBe(before)
  })

  it('lets a regular user read the fields of an assigned blind but not set them (403, nothing changed)', async () => {
    const created = await create({
      ...SOUTH,
      name: 'Bob’s',
      blindAddressUp: '8:0',
      blindAddressDown: '8:1',
    })
    const bob = await t.createUser('bob', { blindIds: [created.id] })
    const read = await t.gql<{ blind: ShadedBlind }>(BLIND, { id: created.id }, bob.token)
    expect(read.data?.blind).toEqual(created)
    const before = t.snapshot()
    const change = await t.gql(
      UPDATE,
      {
        id: created.id,
        input: {
          ...SOUTH,
          name: 'Bob’s',
          blindAddressUp: '8:0',
          blindAddressDown: '8:1',
          shadingEnabled: false,
        },
      },
      bob.token,
    )
    expect(change.status).toBe(403)
    expect(change.errors?.[0]?.extensions.code).toBe(403)
    const make = await t.gql(
      CREATE,
      { input: { ...SOUTH, blindAddressUp: '9:0', blindAddressDown: '9:1', name: 'New' } },
      bob.token,
    )
    expect(make.status).toBe(403)
    expect(t.snapshot()).toBe(before)
  })
})
