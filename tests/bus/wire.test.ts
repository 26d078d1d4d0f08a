// The real serialport code path on a socat pseudo-terminal, against the emulator at 9600 baud.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBlind, startHub, type TestHub } from '../helpers/hub'
import { startBoard, startWire, type Board, type Wire } from '../helpers/pty'

const MOVE =
  'mutation($ids: [ID!]!, $d: Direction!) { blindMove(ids: $ids, direction: $d) { id motion } }'

describe('moving a blind over a pseudo-terminal', () => {
  let wire: Wire
  let board: Board
  let t: TestHub
  beforeAll(async () => {
    wire = await startWire()
    board = await startBoard(wire)
    t = await startHub({ config: { serial: wire.hubPath, deadTimeMs: 1000 } })
  })
  afterAll(async () => {
    await t?.close()
    await board?.close()
    await wire?.close()
  })

  it('runs the up relay for the travel time plus 2000 ms, ended by the board itself', async () => {
    const id = await createBlind(t, 'Kitchen', '1:0', '1:1', 1000)
    const res = await t.gql(MOVE, { ids: [id], d: 'UP' }, t.adminToken)
    expect(res.data).toEqual({ blindMove: [{ id, motion: 'MOVING_UP' }] })
    expect(board.emulator.coil(1, 0)).toBe(true)
    await new Promise((r) => setTimeout(r, 3300))
    const changes = board.emulator.record.filter((c) => c.unit === 1 && c.coil === 0)
    expect(changes.map((c) => [c.on, c.cause])).toEqual([
      [true, 'flash'],
      [false, 'flash-end'],
    ])
    expect(changes[1]!.at - changes[0]!.at).toBeGreaterThanOrEqual(3000)
    expect(changes[1]!.at - changes[0]!.at).toBeLessThan(3150)
  })
})
