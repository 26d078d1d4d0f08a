// A hub killed in the middle of a move (SIGKILL, as a power cut or a crash), then started
// again on the same database: it knows where the blind ended from the run's write-ahead
// record, and it switches no relay on while starting. The hub is a process of its own; the
// board with its simulated motor is in this test, on a pseudo-terminal wire.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { MotorSimulator } from '../../firmware-protocol/motors'
import { startHubProcess, type HubProcess } from '../bus/hub-process'
import { sleep, waitFor } from '../bus/polling'
import { createMotorBlind, motorsFor, type MotorBlind } from '../helpers/motors'
import { startBoard, startWire, type Board, type Wire } from '../helpers/pty'

const SET = 'mutation($ids: [ID!]!, $p: Int) { blindSetPosition(ids: $ids, position: $p) { id } }'
const MOVE = 'mutation($ids: [ID!]!, $d: Direction!) { blindMove(ids: $ids, direction: $d) { id } }'
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

async function rig(pulse: 'device' | 'hub'): Promise<Rig & { start(): Promise<HubProcess> }> {
  const wire = await startWire()
  const board = await startBoard(wire)
  const motors = motorsFor(board.emulator, [BLIND])
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
    let hub = await r.start()
    const id = await createMotorBlind(hub, BLIND)
    // Known at the closed end first, then on its way up to 90.
    await hub.gql(MOVE, { ids: [id], d: 'DOWN' }, hub.adminToken)
    await arrived(hub, id)
    await hub.gql(SET, { ids: [id], p: 90 }, hub.adminToken)
    await sleep(1500)
    expect(r.motors.motors[0]!.state(now()).relay).toBe('UP')
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
      await sleep(700)
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
    await sleep(500)
    expect(r.board.emulator.record.slice(restartedAt).filter((c) => c.on)).toEqual([])
    expect(r.motors.conflicts).toBe(0)
  })
})
