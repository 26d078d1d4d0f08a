// A hub killed in the middle of a move (SIGKILL, as a power cut or a crash), then started
// again on the same database: it knows where the blind ended from the run's write-ahead
// record, and it switches no relay on while starting. The hub is a process of its own; the
// board with its simulated motor is in this test, on a pseudo-terminal wire.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { MotorSimulator } from '../../firmware-protocol/motors'
import { createBlindIn, startHubProcess, type HubProcess } from '../bus/hub-process'
import { waitFor } from '../bus/polling'
import { createMotorBlind, motorsFor, type MotorBlind } from '../helpers/motors'
import { startBoard, startWire, type Board, type Wire } from '../helpers/pty'
import { quietPeriod } from '../helpers/quiet'

const SET = 'mutation($ids: [ID!]!, $p: Int) { blindSetPosition(ids: $ids, position: $p) { id } }'
const MOVE = 'mutation($ids: [ID!]!, $d: Direction!) { blindMove(ids: $ids, direction: $d) { id } }'
const CALIBRATE =
  'mutation($id: ID!, $d: Direction!) { blindCalibrate(id: $id, direction: $d) { measuredMs } }'
const STATE = 'query($id: ID!) { blind(id: $id) { position motion target } }'

const BLIND: MotorBlind = {
  name: 'Kitchen',
  unit: 1,
  coil: 0,
  travelTimeUpMs: 4000,
  travelTimeDownMs: 3000,
  motorStartDelayMs: 100,
  position: 100,
}
const now = () => performance.timeOrigin + performance.now()

interface Rig {
  wire: Wire
  board: Board
  motors: MotorSimulator
  dir: string
  hub?: HubProcess
}

const rigs: Rig[] = []
afterEach(async () => {
  for (const r of rigs.splice(0)) {
    await r.hub?.close()
    r.motors.stop()
    await r.board.close()
    await r.wire.close()
    rmSync(r.dir, { recursive: true, force: true })
  }
})

async function rig(
  pulse: 'device' | 'hub',
  blind = BLIND,
): Promise<Rig & { start(): Promise<HubProcess> }> {
  const wire = await startWire()
  const board = await startBoard(wire)
  const motors = motorsFor(board.emulator, [blind])
  const dir = mkdtempSync(join(tmpdir(), 'lamella-crash-'))
  const r: Rig = { wire, board, motors, dir }
  rigs.push(r)
  return {
    ...r,
    start: async () => {
      r.hub = await startHubProcess({
        serial: wire.hubPath,
        pulse,
        deadTimeMs: 300,
        dbPath: join(dir, 'lamella.db'),
      })
      return r.hub
    },
  }
}

const stateOf = async (hub: HubProcess, id: string) => {
  const res = await hub.gql<{
    blind: { position: number | null; motion: string; target: number | null }
  }>(STATE, { id }, hub.adminToken)
  return res.data!.blind
}

const arrived = (hub: HubProcess, id: string) =>
  waitFor(
    'the blind at rest',
    async () => {
      const s = await stateOf(hub, id)
      return s.motion === 'IDLE' && s.target === null
    },
    15_000,
    50,
  )

describe.each(['device', 'hub'] as const)('a hub killed mid-move, pulses %s-timed', (pulse) => {
  it('knows after a restart where the blind ended, and switches nothing on while starting', async () => {
    const r = await rig(pulse)
    const motor = () => r.motors.motors[0]!.state(now())
    let hub = await r.start()
    const id = await createMotorBlind(hub, BLIND)
    // Known at the closed end first, then on its way up to 90.
    await hub.gql(MOVE, { ids: [id], d: 'DOWN' }, hub.adminToken)
    await arrived(hub, id)
    await hub.gql(SET, { ids: [id], p: 90 }, hub.adminToken)
    // A third of the way up (4 s from end to end): the kill comes mid-run.
    await waitFor('the blind a third of the way up', () => motor().position >= 33, 10_000)
    expect(motor().relay).toBe('UP')
    await hub.signal('SIGKILL')

    // Board-timed, the pulse runs out on its own; hub-timed, the relay stays on until the
    // next hub switches every relay off, a moment after it starts.
    if (pulse === 'device') {
      await waitFor(
        'the pulse to run out',
        () => r.motors.motors[0]!.state(now()).relay === null,
        5000,
      )
    } else {
      await quietPeriod(700, 'the hub stays dead a while before it is started again')
    }
    const restartedAt = r.board.emulator.record.length
    hub = await r.start()
    await waitFor('the relay off', () => r.motors.motors[0]!.state(now()).relay === null, 5000)
    const truth = r.motors.motors[0]!.state(now()).position
    const after = await stateOf(hub, id)
    expect(after.motion).toBe('IDLE')
    expect(after.position).not.toBeNull()
    expect(
      Math.abs(after.position! - truth),
      `hub ${after.position}, motor ${truth}`,
    ).toBeLessThanOrEqual(3)
    // Nothing was switched on by the start.
    await quietPeriod(500, 'the start switches nothing on')
    expect(r.board.emulator.record.slice(restartedAt).filter((c) => c.on)).toEqual([])
    expect(r.motors.conflicts).toBe(0)
  })
})

describe('a hub started while a board-timed pulse of the one before still runs', () => {
  it('stops the blind where its own relay went off, however long the rest of the all-off takes', async () => {
    // Slow on purpose, so the pulse outlives a restart: 20 s down, and the motor starts open.
    const slow: MotorBlind = { ...BLIND, travelTimeUpMs: 20_000, travelTimeDownMs: 20_000 }
    const r = await rig('device', slow)
    const motor = () => r.motors.motors[0]!.state(now())
    let hub = await r.start()
    const id = await createMotorBlind(hub, slow)
    // Thirty more blinds on units 2-4, each alone in its frame of the all-off: between any two
    // lies a coil the hub never wrote, which a frame may not rewrite.
    for (const unit of [2, 3, 4])
      for (let k = 0; k < 10; k++)
        await createBlindIn(
          hub,
          `Unit ${unit} blind ${k}`,
          `${unit}:${3 * k}`,
          `${unit}:${3 * k + 1}`,
        )
    // Known to be open: a calibration run up, stopped at once, puts it at the top.
    await hub.gql(CALIBRATE, { id, d: 'UP' }, hub.adminToken)
    await hub.gql(CALIBRATE, { id, d: 'STOP' }, hub.adminToken)
    expect((await stateOf(hub, id)).position).toBe(100)
    await hub.gql(SET, { ids: [id], p: 0 }, hub.adminToken)
    // A tenth of the way down (20 s from end to end): the kill comes early in the run.
    await waitFor('the blind a tenth of the way down', () => motor().position <= 90, 10_000)
    expect(motor().relay).toBe('DOWN')
    await hub.signal('SIGKILL')

    // Units 2-4 answer late now: the all-off of the next start takes seconds after the frame
    // that switched this blind's relay off.
    for (const unit of [2, 3, 4]) r.board.emulator.setFault({ kind: 'slow', delayMs: 150 }, unit)
    hub = await r.start()
    await waitFor('the relay off', () => r.motors.motors[0]!.state(now()).relay === null, 20_000)
    await arrived(hub, id)
    const truth = r.motors.motors[0]!.state(now()).position
    const after = await stateOf(hub, id)
    expect(truth, 'the pulse was still running at the restart').toBeGreaterThan(5)
    expect(after.position).not.toBeNull()
    expect(
      Math.abs(after.position! - truth),
      `hub ${after.position}, motor ${truth}`,
    ).toBeLessThanOrEqual(3)
  }, 60_000)
})

describe('a hub that dies after its off reached the board, before the answer came back', () => {
  // Found by the power-cut harness (issue 23): the off is written ahead as a run's start is,
  // so the next start knows the relay went off somewhere between that off and its own all-off.
  it('knows where the blind stopped, or says it does not know', async () => {
    const slow: MotorBlind = { ...BLIND, travelTimeUpMs: 20_000, travelTimeDownMs: 20_000 }
    const r = await rig('device', slow)
    const motor = () => r.motors.motors[0]!.state(now())
    let hub = await r.start()
    const id = await createMotorBlind(hub, slow)
    await hub.gql(CALIBRATE, { id, d: 'UP' }, hub.adminToken)
    await hub.gql(CALIBRATE, { id, d: 'STOP' }, hub.adminToken)
    await hub.gql(SET, { ids: [id], p: 0 }, hub.adminToken)
    // On its way down (20 s from end to end) for a while.
    await waitFor('the blind on its way down', () => motor().position <= 93, 10_000)
    // The board acts on the STOP at once but answers too late: the hub never hears it did.
    r.board.emulator.setFault({ kind: 'slow', delayMs: 1000 }, 1)
    void hub.gql(MOVE, { ids: [id], d: 'STOP' }, hub.adminToken).catch(() => undefined)
    await waitFor('the relay off', () => r.motors.motors[0]!.state(now()).relay === null, 5000)
    await hub.signal('SIGKILL')
    r.board.emulator.setFault({ kind: 'none' }, 1)
    const truth = r.motors.motors[0]!.state(now()).position
    // The power comes back a while later: 3 s of this blind's pulse are 15 points.
    await quietPeriod(3000, 'the power stays off for 3 s')

    hub = await r.start()
    await arrived(hub, id)
    const after = await stateOf(hub, id)
    if (after.position !== null)
      expect(
        Math.abs(after.position - truth),
        `hub ${after.position}, motor ${truth}`,
      ).toBeLessThanOrEqual(3)
  }, 60_000)
})
