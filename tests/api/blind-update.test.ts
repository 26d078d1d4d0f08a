// blindUpdate over the real GraphQL API changes only what its input gives (issue 19, item 8):
// a field left out keeps its value, null clears what may be cleared, and a travel time that no
// input gave stays a guess, never marked known.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHub, type GqlResponse, type TestHub } from '../helpers/hub'

const FIELDS = `id name blindAddressUp blindAddressDown travelTimeUpMs travelTimeDownMs
  travelTimeKnown motorStartDelayMs tiltTimeMs room myPosition facadeAzimuth shadePosition
  shadeTilt shadingEnabled`
const CREATE = `mutation($input: BlindInput!) { blindCreate(input: $input) { ${FIELDS} } }`
const UPDATE = `mutation($id: ID!, $input: BlindInput!) { blindUpdate(id: $id, input: $input) { ${FIELDS} } }`

interface StoredBlind {
  id: string
  name: string
  blindAddressUp: string
  blindAddressDown: string
  travelTimeUpMs: number
  travelTimeDownMs: number
  travelTimeKnown: boolean
  motorStartDelayMs: number
  tiltTimeMs: number
  room: string | null
  myPosition: number | null
  facadeAzimuth: number | null
  shadePosition: number | null
  shadeTilt: number | null
  shadingEnabled: boolean
}

type Input = Record<string, unknown>

/** A timed venetian blind in a room, with a "my" position and shading set up. */
const FULL: Input = {
  name: 'Study',
  travelTimeUpMs: 41000,
  travelTimeDownMs: 38000,
  motorStartDelayMs: 300,
  tiltTimeMs: 1500,
  room: 'Upstairs',
  myPosition: 40,
  facadeAzimuth: 180,
  shadePosition: 30,
  shadeTilt: 50,
  shadingEnabled: true,
}

describe('blindUpdate changes only what its input gives', () => {
  let t: TestHub
  let unit = 1

  beforeAll(async () => {
    t = await startHub()
  })
  afterAll(() => t.close())

  /** A blind on addresses of its own, named uniquely. */
  async function create(input: Input): Promise<StoredBlind> {
    const u = unit++
    const res = await t.gql<{ blindCreate: StoredBlind }>(
      CREATE,
      {
        input: {
          blindAddressUp: `${u}:0`,
          blindAddressDown: `${u}:1`,
          ...input,
          name: `${input.name} ${u}`,
        },
      },
      t.adminToken,
    )
    expect(res.errors).toBeUndefined()
    return res.data!.blindCreate
  }

  async function update(
    id: string,
    input: Input,
  ): Promise<GqlResponse<{ blindUpdate: StoredBlind }>> {
    return t.gql<{ blindUpdate: StoredBlind }>(UPDATE, { id, input }, t.adminToken)
  }

  async function updated(id: string, input: Input): Promise<StoredBlind> {
    const res = await update(id, input)
    expect(res.errors).toBeUndefined()
    return res.data!.blindUpdate
  }

  it('keeps the room, travel times, start delay, slats, “my” position and shading when an update gives only a new name', async () => {
    const blind = await create(FULL)
    expect(await updated(blind.id, { name: 'Den' })).toEqual({ ...blind, name: 'Den' })
  })

  it('keeps the name and addresses when an update leaves them out', async () => {
    const blind = await create(FULL)
    expect(await updated(blind.id, { room: 'Attic' })).toEqual({ ...blind, room: 'Attic' })
  })

  it('keeps the other side’s travel time when an update gives only travelTimeUpMs, and the travel stays known', async () => {
    const blind = await create({ name: 'Timed', travelTimeMs: 45000 })
    expect(blind.travelTimeKnown).toBe(true)
    expect(await updated(blind.id, { travelTimeUpMs: 30000 })).toEqual({
      ...blind,
      travelTimeUpMs: 30000,
      travelTimeDownMs: 45000,
      travelTimeKnown: true,
    })
  })

  it('does not mark a guessed blind’s travel known when an update gives only one side', async () => {
    const blind = await create({ name: 'Guessed' })
    expect(blind).toMatchObject({
      travelTimeUpMs: 60000,
      travelTimeDownMs: 60000,
      travelTimeKnown: false,
    })
    expect(await updated(blind.id, { travelTimeUpMs: 30000 })).toMatchObject({
      travelTimeUpMs: 30000,
      travelTimeDownMs: 60000,
      travelTimeKnown: false,
    })
  })

  it('marks a guessed blind’s travel known once an update gives both sides', async () => {
    const blind = await create({ name: 'Measured' })
    expect(
      await updated(blind.id, { travelTimeUpMs: 30000, travelTimeDownMs: 28000 }),
    ).toMatchObject({ travelTimeUpMs: 30000, travelTimeDownMs: 28000, travelTimeKnown: true })
  })

  it('sets both sides with travelTimeMs where the split fields are left out, and lets a split field win', async () => {
    const blind = await create({ name: 'Both' })
    expect(await updated(blind.id, { travelTimeMs: 25000 })).toMatchObject({
      travelTimeUpMs: 25000,
      travelTimeDownMs: 25000,
      travelTimeKnown: true,
    })
    expect(await updated(blind.id, { travelTimeMs: 20000, travelTimeDownMs: 18000 })).toMatchObject(
      { travelTimeUpMs: 20000, travelTimeDownMs: 18000, travelTimeKnown: true },
    )
  })

  it('creates a blind given only travelTimeUpMs with the down time guessed and the travel not known', async () => {
    expect(await create({ name: 'Half', travelTimeUpMs: 30000 })).toMatchObject({
      travelTimeUpMs: 30000,
      travelTimeDownMs: 60000,
      travelTimeKnown: false,
    })
  })

  it('puts a travel time back to the 60 s guess with null, and the travel is then not known', async () => {
    const blind = await create({ name: 'Forget', travelTimeMs: 40000 })
    expect(await updated(blind.id, { travelTimeDownMs: null })).toMatchObject({
      travelTimeUpMs: 40000,
      travelTimeDownMs: 60000,
      travelTimeKnown: false,
    })
  })

  it('clears the room and the “my” position with null and keeps everything else', async () => {
    const blind = await create(FULL)
    expect(await updated(blind.id, { room: null, myPosition: null })).toEqual({
      ...blind,
      room: null,
      myPosition: null,
    })
  })

  it('sets the start delay and the slats back to 0 with null', async () => {
    const blind = await create({
      name: 'Slats',
      travelTimeMs: 30000,
      motorStartDelayMs: 500,
      tiltTimeMs: 1200,
    })
    expect(await updated(blind.id, { motorStartDelayMs: null, tiltTimeMs: null })).toMatchObject({
      motorStartDelayMs: 0,
      tiltTimeMs: 0,
    })
  })

  it.each(['name', 'blindAddressUp', 'blindAddressDown'])(
    'refuses null for %s with a 400 naming the field, changing nothing',
    async (field) => {
      const blind = await create(FULL)
      const before = t.snapshot()
      const res = await update(blind.id, { [field]: null })
      expect(res.status).toBe(400)
      expect(res.errors?.[0]?.extensions).toMatchObject({
        code: 400,
        field,
        reason: expect.any(String),
      })
      expect(res.errors?.[0]?.message).toMatch(new RegExp(`^${field} must not be null`))
      expect(t.snapshot()).toBe(before)
    },
  )

  it.each(['name', 'blindAddressUp', 'blindAddressDown'])(
    'refuses a new blind without %s with a 400 naming the field',
    async (field) => {
      const before = t.snapshot()
      const input: Input = { name: 'New', blindAddressUp: '200:0', blindAddressDown: '200:1' }
      delete input[field]
      const res = await t.gql(CREATE, { input }, t.adminToken)
      expect(res.status).toBe(400)
      expect(res.errors?.[0]?.extensions).toMatchObject({
        code: 400,
        field,
        reason: expect.any(String),
      })
      expect(res.errors?.[0]?.message).toBe(`${field} is required`)
      expect(t.snapshot()).toBe(before)
    },
  )

  it('still takes a whole input, as the blind dialog sends it, and replaces every field', async () => {
    const blind = await create(FULL)
    const whole = {
      name: 'Whole',
      blindAddressUp: blind.blindAddressUp,
      blindAddressDown: blind.blindAddressDown,
      travelTimeUpMs: 20000,
      travelTimeDownMs: 21000,
      motorStartDelayMs: 0,
      tiltTimeMs: 0,
      room: null,
      myPosition: null,
      facadeAzimuth: null,
      shadePosition: null,
      shadeTilt: null,
      shadingEnabled: false,
    }
    expect(await updated(blind.id, whole)).toEqual({
      id: blind.id,
      ...whole,
      travelTimeKnown: true,
    })
  })

  it('refuses an update that leaves a blind with a shade position but a guessed travel time, changing nothing', async () => {
    const blind = await create(FULL)
    const before = t.snapshot()
    const res = await update(blind.id, { travelTimeUpMs: null })
    expect(res.status).toBe(400)
    expect(res.errors?.[0]?.extensions).toMatchObject({
      code: 400,
      field: 'shadePosition',
      reason: expect.any(String),
    })
    expect(t.snapshot()).toBe(before)
  })
})
