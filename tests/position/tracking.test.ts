// Where the hub says blinds are, against where simulated motors behind the relays really are,
// over the real serialport code on a pseudo-terminal: every kind of command, one after another
// and on top of each other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../bus/polling'
import { quietPeriod } from '../helpers/quiet'
import { startHubWithMotors, type LocalMotorRig } from '../helpers/motors'

const SET =
  'mutation($ids: [ID!]!, $p: Int, $t: Int) { blindSetPosition(ids: $ids, position: $p, tilt: $t) { id } }'
const MOVE = 'mutation($ids: [ID!]!, $d: Direction!) { blindMove(ids: $ids, direction: $d) { id } }'

/** A person can read no finer than this; the hub must be at least that good. */
const TOLERANCE = 2

describe('tracking positions against the motors', () => {
  let rig: LocalMotorRig
  let kitchen: string
  let hall: string
  let office: string
  beforeAll(async () => {
    rig = await startHubWithMotors(
      [
        {
          name: 'Kitchen',
          unit: 1,
          coil: 0,
          travelTimeUpMs: 5000,
          travelTimeDownMs: 4000,
          motorStartDelayMs: 200,
          position: 60,
        },
        {
          name: 'Hall',
          unit: 1,
          coil: 2,
          travelTimeUpMs: 4000,
          travelTimeDownMs: 4000,
          position: 100,
        },
        {
          name: 'Office',
          unit: 2,
          coil: 0,
          travelTimeUpMs: 4500,
          travelTimeDownMs: 3500,
          motorStartDelayMs: 100,
          position: 20,
        },
      ],
      { deadTimeMs: 300 },
    )
    ;[kitchen, hall, office] = rig.ids as [string, string, string]
  }, 60_000)
  afterAll(async () => {
    await rig?.close()
  })

  const send = async (query: string, variables: Record<string, unknown>) => {
    const res = await rig.t.gql(query, variables, rig.t.adminToken)
    expect(res.errors).toBeUndefined()
  }
  const settle = () => waitFor('every blind at rest', () => rig.settled(), 20_000, 50)
  const expectTracked = async (index: number) => {
    const hub = await rig.stateOf(rig.ids[index]!)
    const truth = rig.truthOf(index)
    const what = `${['Kitchen', 'Hall', 'Office'][index]}: hub ${hub.position}, motor ${truth.position.toFixed(1)}`
    expect(hub.position, what).not.toBeNull()
    expect(Math.abs(hub.position! - truth.position), what).toBeLessThanOrEqual(TOLERANCE)
    return { hub, truth }
  }

  it('knows no position before the first run, and moves nothing by itself', async () => {
    expect((await rig.stateOf(kitchen)).position).toBeNull()
    await quietPeriod(300, 'the hub moves nothing by itself')
    expect(rig.board.emulator.record.filter((c) => c.on)).toEqual([])
  })

  it('runs a blind of unknown position to the end nearer its target first, then to the target', async () => {
    await send(SET, { ids: [kitchen], p: 30 })
    await settle()
    const { hub, truth } = await expectTracked(0)
    expect(Math.abs(truth.position - 30)).toBeLessThanOrEqual(TOLERANCE)
    expect(hub.motion).toBe('IDLE')
    // Down to the closed end first (30 is nearer 0), then up to 30.
    const kitchenOn = rig.board.emulator.record.filter((c) => c.unit === 1 && c.coil < 2 && c.on)
    expect(kitchenOn.map((c) => c.coil)).toEqual([1, 0])
  })

  it('knows a blind exactly once it ran to an end stop', async () => {
    await send(MOVE, { ids: [hall, office], d: 'UP' })
    await settle()
    expect((await rig.stateOf(hall)).position).toBe(100)
    expect((await rig.stateOf(office)).position).toBe(100)
  })

  it('follows a blind stopped half way', async () => {
    const from = rig.truthOf(1).position
    await send(MOVE, { ids: [hall], d: 'DOWN' })
    // Near half way down (4 s from end to end).
    await waitFor('the hall blind near half way down', () => from - rig.truthOf(1).position >= 40)
    await send(MOVE, { ids: [hall], d: 'STOP' })
    await settle()
    const { truth } = await expectTracked(1)
    expect(truth.position).toBeGreaterThan(40)
    expect(truth.position).toBeLessThan(75)
  })

  it('keeps up with rapid presses and reversals', async () => {
    for (const d of ['UP', 'DOWN', 'UP', 'DOWN', 'DOWN', 'UP', 'STOP', 'DOWN']) {
      await send(MOVE, { ids: [kitchen, hall], d })
      await quietPeriod(150 + Math.floor(Math.random() * 250), "a person's pace between presses")
    }
    await send(MOVE, { ids: [kitchen, hall], d: 'STOP' })
    await settle()
    await expectTracked(0)
    await expectTracked(1)
  })

  it('is exact again at an end stop', async () => {
    await send(MOVE, { ids: [kitchen, hall, office], d: 'UP' })
    await settle()
    for (const id of [kitchen, hall, office]) expect((await rig.stateOf(id)).position).toBe(100)
    expect(rig.conflicts()).toBe(0)
  })

  it('takes several blinds to one position at once, each from where it is', async () => {
    await send(SET, { ids: [kitchen, hall, office], p: 45 })
    await settle()
    for (const index of [0, 1, 2]) {
      const { truth } = await expectTracked(index)
      expect(Math.abs(truth.position - 45)).toBeLessThanOrEqual(TOLERANCE)
    }
  })

  it('changes its mind mid-way: a new target the same way continues the run', async () => {
    const from = rig.truthOf(2).position
    await send(SET, { ids: [office], p: 90 })
    // On its way up (4.5 s from end to end) for a while before the new target.
    const along = Math.min(10, (70 - from) / 2)
    await waitFor('the office blind on its way up', () => rig.truthOf(2).position - from >= along)
    await send(SET, { ids: [office], p: 70 })
    await settle()
    const { truth } = await expectTracked(2)
    expect(Math.abs(truth.position - 70)).toBeLessThanOrEqual(TOLERANCE)
  })
})
