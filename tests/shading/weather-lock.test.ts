// Shading and weather protection in the real hub: a blind that weather protection locked is
// left alone by shading however the sun stands, and the safety move that locked it is no
// person's command, so it does not pause shading (ARCHITECTURE.md sections 12 and 13).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../bus/polling'
import { startHubWithMotors, type LocalMotorRig } from '../helpers/motors'
import { BERLIN, localMidnight, MINUTE } from './simulate-day'
import { quietPeriod } from '../helpers/quiet'

const clock = { at: localMidnight('2026-06-21', BERLIN.timeZone) + 12 * 60 * MINUTE }
const UPDATE =
  'mutation($id: ID!, $input: BlindInput!) { blindUpdate(id: $id, input: $input) { id } }'
const BLIND = `query($id: ID!) { blind(id: $id) { position weatherLock { kind reason value limit sensorState }
  shading { active reason pausedUntil pausedBy { kind } } } }`

describe('shading beside a weather lock', () => {
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
          position: 60,
        },
      ],
      { location: BERLIN.location, timeZone: BERLIN.timeZone },
      { now: () => clock.at },
    )
    ;[south] = rig.ids as [string]
    const shading = {
      facadeAzimuth: 180,
      fovLeft: 45,
      fovRight: 45,
      shadePosition: 30,
      shadingEnabled: true,
    }
    expect(
      (await rig.t.gql(UPDATE, { id: south, input: shading }, rig.t.adminToken)).errors,
    ).toBeUndefined()
  }, 60_000)
  afterAll(async () => {
    await rig?.close()
  })

  it('raises a wind-protected blind with no wind sensor to safety, and shading leaves it there unpaused', async () => {
    // A wind limit and no wind sensor: the fail-safe holds the blind at once.
    expect(
      (await rig.t.gql(UPDATE, { id: south, input: { windLimit: 10 } }, rig.t.adminToken)).errors,
    ).toBeUndefined()
    await waitFor(
      'the blind raised',
      () => rig.truthOf(0).position >= 99 && rig.settled(),
      20_000,
      50,
    )
    await rig.t.hub.shading!.evaluate()
    await quietPeriod(500, 'shading moves nothing while the lock holds')
    expect(rig.truthOf(0).position).toBeGreaterThanOrEqual(99)
    const res = await rig.t.gql<{ blind: Record<string, unknown> }>(
      BLIND,
      { id: south },
      rig.t.adminToken,
    )
    expect(res.data!.blind).toMatchObject({
      weatherLock: {
        kind: 'SENSOR',
        reason: expect.stringMatching(/^no wind sensor is set up/),
        value: null,
        limit: null,
        sensorState: 'NO_SENSOR',
      },
      shading: { active: false, pausedUntil: null, pausedBy: null },
    })
  })

  it('shades the blind again at its next decision once the lock is gone', async () => {
    expect(
      (await rig.t.gql(UPDATE, { id: south, input: { windLimit: null } }, rig.t.adminToken)).errors,
    ).toBeUndefined()
    await rig.t.hub.shading!.evaluate()
    await waitFor(
      'the blind in the shade',
      () => Math.abs(rig.truthOf(0).position - 30) <= 3 && rig.settled(),
      20_000,
      50,
    )
  })
})
