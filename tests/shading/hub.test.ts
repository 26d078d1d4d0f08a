// Shading in the real hub, over the real serialport code to a board emulator with a simulated
// motor behind the blind's relays: a shading move reaches the motor, is on record for those who
// may see the blind, and a person's command afterwards pauses shading until midnight. The hub's
// wall clock is the test's (a June day in Berlin); the motors run in real time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../bus/polling'
import { startHubWithMotors, type LocalMotorRig } from '../helpers/motors'
import { BERLIN, localMidnight, MINUTE } from './simulate-day'

const TOLERANCE = 3
const DAY = '2026-06-21'
const clock = { at: localMidnight(DAY, BERLIN.timeZone) + 12 * 60 * MINUTE }
const BLIND =
  'query($id: ID!) { blind(id: $id) { position shading { active reason since pausedUntil } } }'
const MOVES =
  'query($id: ID, $limit: Int) { shadingMoves(blindId: $id, limit: $limit) { blindId at reason fromPosition toPosition toTilt } }'

interface BlindAnswer {
  blind: {
    position: number | null
    shading: {
      active: boolean
      reason: string | null
      since: string | null
      pausedUntil: string | null
    }
  }
}

describe('shading in the hub', () => {
  let rig: LocalMotorRig
  let south: string
  beforeAll(async () => {
    rig = await startHubWithMotors(
      [
        {
          name: 'South',
          unit: 1,
          coil: 0,
          travelTimeUpMs: 2000,
          travelTimeDownMs: 2000,
          position: 100,
        },
      ],
      { location: BERLIN.location, timeZone: BERLIN.timeZone },
      { now: () => clock.at },
    )
    ;[south] = rig.ids as [string]
    const res = await rig.t.gql(
      'mutation($id: ID!, $input: BlindInput!) { blindUpdate(id: $id, input: $input) { id } }',
      {
        id: south,
        input: {
          name: 'South',
          blindAddressUp: '1:0',
          blindAddressDown: '1:1',
          travelTimeUpMs: 2000,
          travelTimeDownMs: 2000,
          facadeAzimuth: 180,
          fovLeft: 45,
          fovRight: 45,
          shadePosition: 30,
          shadingEnabled: true,
        },
      },
      rig.t.adminToken,
    )
    expect(res.errors).toBeUndefined()
  }, 60_000)
  afterAll(async () => {
    await rig?.close()
  })

  const blind = async (token = rig.t.adminToken) => {
    const res = await rig.t.gql<BlindAnswer>(BLIND, { id: south }, token)
    expect(res.errors).toBeUndefined()
    return res.data!.blind
  }
  const settle = () => waitFor('the blind at rest', () => rig.settled(), 20_000, 50)

  it('takes the blind to its shade position on the motor, and tells why', async () => {
    await rig.t.hub.shading!.evaluate()
    await settle()
    expect(Math.abs(rig.truthOf(0).position - 30)).toBeLessThanOrEqual(TOLERANCE)
    expect(await blind()).toMatchObject({
      shading: {
        active: true,
        reason: 'SUN_IN_FRONT',
        pausedUntil: null,
        since: new Date(clock.at).toISOString(),
      },
    })
    const moves = await rig.t.gql<{ shadingMoves: unknown[] }>(
      MOVES,
      { id: south },
      rig.t.adminToken,
    )
    expect(moves.data!.shadingMoves).toEqual([
      {
        blindId: south,
        at: new Date(clock.at).toISOString(),
        reason: 'SUN_IN_FRONT',
        fromPosition: null,
        toPosition: 30,
        toTilt: null,
      },
    ])
  })

  it('shows the moves only to those who may see the blind', async () => {
    const stranger = await rig.t.createUser('stranger')
    const all = await rig.t.gql<{ shadingMoves: unknown[] }>(MOVES, {}, stranger.token)
    expect(all.data!.shadingMoves).toEqual([])
    const one = await rig.t.gql(MOVES, { id: south }, stranger.token)
    expect(one.errors?.[0]?.extensions.code).toBe(403)
    const badLimit = await rig.t.gql(MOVES, { limit: 0 }, rig.t.adminToken)
    expect(badLimit.errors?.[0]?.extensions).toMatchObject({ code: 400, field: 'limit' })
    const resident = await rig.t.createUser('resident', { blindIds: [south] })
    const mine = await rig.t.gql<{ shadingMoves: unknown[] }>(MOVES, {}, resident.token)
    expect(mine.data!.shadingMoves).toHaveLength(1)
  })

  it('pauses shading until midnight once a person moves the blind, and then leaves it there', async () => {
    clock.at += 30 * MINUTE
    const res = await rig.t.gql(
      'mutation($ids: [ID!]!) { blindSetPosition(ids: $ids, position: 80) { id } }',
      { ids: [south] },
      rig.t.adminToken,
    )
    expect(res.errors).toBeUndefined()
    await settle()
    const midnight = new Date(localMidnight('2026-06-22', BERLIN.timeZone)).toISOString()
    expect((await blind()).shading).toEqual({
      active: false,
      reason: 'PAUSED',
      since: new Date(clock.at).toISOString(),
      pausedUntil: midnight,
    })
    // The sun goes round to the west; shading neither shades nor returns the blind today.
    for (const hour of [13, 15, 17]) {
      clock.at = localMidnight(DAY, BERLIN.timeZone) + hour * 60 * MINUTE
      await rig.t.hub.shading!.evaluate()
    }
    await settle()
    expect(Math.abs(rig.truthOf(0).position - 80)).toBeLessThanOrEqual(TOLERANCE)
    const moves = await rig.t.gql<{ shadingMoves: unknown[] }>(
      MOVES,
      { id: south },
      rig.t.adminToken,
    )
    expect(moves.data!.shadingMoves).toHaveLength(1)
  })
})
