// Who ends a pulse, over the real serialport code on a pseudo-terminal pair, with the hub as
// a process of its own (its log is what an owner reads): a standard Modbus relay board that
// refuses board-timed pulses gets hub-timed ones at once, with one warning and a note in
// hubStatus; and a hub-timed pulse whose off the board does not hear is asked for again until
// the relay is off, the blind showing as moving until then (ARCHITECTURE.md section 5).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { frameTimeMs } from '../../firmware-protocol/timing'
import { BAUD, bothOnAtOnce, type Board } from '../helpers/pty'
import {
  closeProcessRig,
  createBlindIn,
  startProcessRig,
  type HubProcess,
  type ProcessRig,
} from './hub-process'
import { waitFor } from './polling'
import { changesOf, coilAt, logFrames, type HeardFrame } from './relay-record'

const MOVE =
  'mutation($ids: [ID!]!, $d: Direction!) { blindMove(ids: $ids, direction: $d) { id motion } }'
const MOTION = 'query($id: ID!) { blind(id: $id) { motion } }'
const HUB_STATUS = '{ hubStatus { pulseMode hubTimedPulseUnits bus { online error } } }'
const DEAD_TIME_MS = 200

/** travelTimeMs + 2000 ms run-on, for the shortest travel time. */
const PULSE_MS = 1000 + 2000
/** The shortest a pulse may seem: a timer may fire up to 1 ms early against performance.now(). */
const PULSE_MIN_MS = PULSE_MS - 1
/**
 * How late a hub-timed off may come: it waits on a timer of the hub's own process, which a
 * machine busy with other test files (the load tests, say) may run half a second late.
 */
const SLACK_MS = 1000
/** One request given up: three times the frame on the wire plus the 250 ms timeout. */
const GIVE_UP_MS = 3 * (frameTimeMs(8, BAUD, 'none') + 250)

const motionOf = async (hub: HubProcess, id: string) =>
  (await hub.gql<{ blind: { motion: string } }>(MOTION, { id }, hub.adminToken)).data?.blind.motion

const hubStatus = async (hub: HubProcess) =>
  (
    await hub.gql<{
      hubStatus: {
        pulseMode: string
        hubTimedPulseUnits: number[]
        bus: { online: boolean; error: string | null }
      }
    }>(HUB_STATUS, {}, hub.adminToken)
  ).data!.hubStatus

/** The hub's warnings whose message matches. */
const warnings = (hub: HubProcess, message: RegExp) =>
  hub.lines
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string; unit?: number })
    .filter((entry) => entry.level === 40 && message.test(entry.msg))

/** How long a coil was on, from its first on to its next off in the board's record. */
function onFor(board: Board, address: string, from = 0) {
  const changes = changesOf(board.emulator.record.slice(from), coilAt(address))
  expect(changes.map((c) => [c.on, c.cause])).toEqual([
    [true, 'write'],
    [false, 'write'],
  ])
  return changes[1]!.at - changes[0]!.at
}

const flashesAsked = (frames: HeardFrame[], unit: number) =>
  frames.filter((f) => f.request?.kind === 'flash-on' && f.request.unit === unit).length

describe('a standard Modbus relay board without board-timed pulses', () => {
  let rig: ProcessRig | undefined
  let hall: string
  let attic: string
  let frames: HeardFrame[]
  beforeAll(async () => {
    // Unit 1 is a standard board; unit 2 a Waveshare board that times its own pulses.
    rig = await startProcessRig(
      { deadTimeMs: DEAD_TIME_MS, pulse: 'device' },
      { unitsWithoutFlash: [1] },
    )
    hall = await createBlindIn(rig.hub, 'Hall', '1:0', '1:1')
    attic = await createBlindIn(rig.hub, 'Attic', '2:0', '2:1')
    frames = logFrames(rig.board.emulator)
  })
  afterEach(() => rig?.board.emulator.setFault({ kind: 'none' }))
  afterAll(() => closeProcessRig(rig))

  it('moves a blind on it at once with hub-timed pulses, warns once, and says so in hubStatus', async () => {
    const { hub, board } = rig!
    expect((await hubStatus(hub)).hubTimedPulseUnits).toEqual([])

    const up = await hub.gql(MOVE, { ids: [hall], d: 'UP' }, hub.adminToken)
    expect(up.errors).toBeUndefined()
    expect(up.data).toEqual({ blindMove: [{ id: hall, motion: 'MOVING_UP' }] })
    expect(board.emulator.coil(1, 0)).toBe(true)
    await waitFor('the up relay off', () => !board.emulator.coil(1, 0), PULSE_MS + 1000)
    const ms = onFor(board, '1:0')
    expect(ms).toBeGreaterThanOrEqual(PULSE_MIN_MS)
    expect(ms).toBeLessThan(PULSE_MS + SLACK_MS)
    await waitFor('the hall blind idle', async () => (await motionOf(hub, hall)) === 'IDLE')

    // The next move, reversing after the dead time, goes hub-timed straight away.
    const start = board.emulator.record.length
    const down = await hub.gql(MOVE, { ids: [hall], d: 'DOWN' }, hub.adminToken)
    expect(down.data).toEqual({ blindMove: [{ id: hall, motion: 'MOVING_DOWN' }] })
    await waitFor('the down relay off', () => !board.emulator.coil(1, 1), PULSE_MS + 1000)
    expect(onFor(board, '1:1', start)).toBeGreaterThanOrEqual(PULSE_MIN_MS)
    expect(flashesAsked(frames, 1)).toBe(1)
    expect(bothOnAtOnce(board.emulator.record, coilAt('1:0'), coilAt('1:1'))).toBe(false)

    const warned = warnings(hub, /refused a board-timed pulse/)
    expect(warned).toHaveLength(1)
    expect(warned[0]!.unit).toBe(1)
    expect(warned[0]!.msg).toContain('LAMELLA_PULSE=hub')
    const status = await hubStatus(hub)
    expect(status).toEqual({
      pulseMode: 'DEVICE',
      hubTimedPulseUnits: [1],
      bus: { online: true, error: null },
    })
  })

  it('keeps board-timed pulses on the boards that have them', async () => {
    const { hub, board } = rig!
    const res = await hub.gql(MOVE, { ids: [attic], d: 'UP' }, hub.adminToken)
    expect(res.data).toEqual({ blindMove: [{ id: attic, motion: 'MOVING_UP' }] })
    expect(changesOf(board.emulator.record, coilAt('2:0')).map((c) => c.cause)).toEqual(['flash'])
    expect((await hubStatus(hub)).hubTimedPulseUnits).toEqual([1])
  })

  it('asks again for a fallback pulse’s off that the board did not hear', async () => {
    const { hub, board } = rig!
    await waitFor('the hall blind idle', async () => (await motionOf(hub, hall)) === 'IDLE')
    const start = board.emulator.record.length
    board.emulator.setFault({ kind: 'deaf-to-off', coil: 0, times: 3 }, 1)

    const res = await hub.gql(MOVE, { ids: [hall], d: 'UP' }, hub.adminToken)
    expect(res.data).toEqual({ blindMove: [{ id: hall, motion: 'MOVING_UP' }] })
    await waitFor('the up relay off', () => !board.emulator.coil(1, 0), PULSE_MS + 4000)
    expect(onFor(board, '1:0', start)).toBeGreaterThanOrEqual(PULSE_MIN_MS + GIVE_UP_MS + 250)
    await waitFor('the hall blind idle', async () => (await motionOf(hub, hall)) === 'IDLE')
  })
})

describe('a hub-timed pulse whose off the board does not hear', () => {
  let rig: ProcessRig | undefined
  let hall: string
  beforeAll(async () => {
    rig = await startProcessRig({ deadTimeMs: DEAD_TIME_MS, pulse: 'hub' })
    hall = await createBlindIn(rig.hub, 'Hall', '1:0', '1:1')
  })
  afterAll(() => closeProcessRig(rig))

  it('asks for the off again until the relay is off, and shows the blind moving until then', async () => {
    const { hub, board } = rig!
    expect(await hubStatus(hub)).toMatchObject({ pulseMode: 'HUB', hubTimedPulseUnits: [] })
    // Two whole requests go unheard, each with its retries: the hub must ask a third time.
    board.emulator.setFault({ kind: 'deaf-to-off', coil: 0, times: 6 }, 1)

    const res = await hub.gql(MOVE, { ids: [hall], d: 'UP' }, hub.adminToken)
    expect(res.data).toEqual({ blindMove: [{ id: hall, motion: 'MOVING_UP' }] })
    // After the first unanswered off the relay is still on, and the blind still moving.
    await waitFor(
      'the first off given up',
      () => warnings(hub, /did not acknowledge its off/).length === 1,
      PULSE_MS + GIVE_UP_MS + 1000,
    )
    expect(board.emulator.coil(1, 0)).toBe(true)
    expect(await motionOf(hub, hall)).toBe('MOVING_UP')

    await waitFor('the up relay off', () => !board.emulator.coil(1, 0), 2 * GIVE_UP_MS + 2000)
    const ms = onFor(board, '1:0')
    expect(ms).toBeGreaterThanOrEqual(PULSE_MIN_MS + 2 * GIVE_UP_MS + 250 + 500)
    await waitFor('the hall blind idle', async () => (await motionOf(hub, hall)) === 'IDLE')
    expect(warnings(hub, /did not acknowledge its off/)).toHaveLength(1)
    expect((await hubStatus(hub)).bus).toEqual({ online: true, error: null })
  })
})
