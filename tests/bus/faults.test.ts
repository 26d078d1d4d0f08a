// Boards that misbehave, over the real serialport code on a pseudo-terminal pair: one that
// never answers, one whose answers fail the CRC, one that answers late (ARCHITECTURE.md
// section 5: 250 ms response timeout, 2 retries, then 503 and the error in the bus status).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { frameTimeMs } from '../../firmware-protocol/timing'
import { createBlind, type TestHub } from '../helpers/hub'
import { BAUD, bothOnAtOnce, type Board } from '../helpers/pty'
import { startHubOnWire, type HubOnWire } from '../helpers/hub-on-wire'
import { sleep, waitFor } from './polling'
import { changesOf, coilAt } from './relay-record'

const MOVE =
  'mutation($ids: [ID!]!, $d: Direction!) { blindMove(ids: $ids, direction: $d) { id motion } }'
const HUB_STATUS = '{ hubStatus { bus { online path error } } }'
const DEAD_TIME_MS = 200

/** A request and its retries: three times the frame on the wire plus the 250 ms timeout. */
const GIVE_UP_MS = 3 * (frameTimeMs(8, BAUD, 'none') + 250)

describe('a relay board that misbehaves', () => {
  let board: Board
  let t: TestHub
  let hall: string
  let attic: string
  let rig: HubOnWire | undefined
  beforeAll(async () => {
    rig = await startHubOnWire({ deadTimeMs: DEAD_TIME_MS })
    ;({ board, t } = rig)
    hall = await createBlind(t, 'Hall', '1:0', '1:1', 1000)
    attic = await createBlind(t, 'Attic', '2:0', '2:1', 1000)
  })
  afterEach(async () => {
    board.emulator.setFault({ kind: 'none' })
    await t.gql(MOVE, { ids: [hall, attic], d: 'STOP' }, t.adminToken)
  })
  afterAll(async () => {
    await rig?.close()
  })

  const busStatus = async () => {
    const res = await t.gql<{
      hubStatus: { bus: { online: boolean; path: string; error: string | null } }
    }>(HUB_STATUS, {}, t.adminToken)
    return res.data!.hubStatus.bus
  }

  /** A move, and how long its answer took. */
  const timedMove = async (id: string, d: string) => {
    const started = performance.now()
    const res = await t.gql(MOVE, { ids: [id], d }, t.adminToken)
    return { res, ms: performance.now() - started }
  }

  it('answers 503 after the retries when a board never answers, and names the unit', async () => {
    board.emulator.setFault({ kind: 'no-answer' }, 1)
    const before = board.emulator.record.length

    const { res, ms } = await timedMove(hall, 'UP')
    expect(res.data).toBeNull()
    expect(res.errors?.map((e) => e.extensions.code)).toEqual([503])
    expect(res.errors?.[0]?.message).toMatch(/unit 1 did not answer/)
    expect(ms).toBeGreaterThanOrEqual(GIVE_UP_MS)
    expect(ms).toBeLessThan(GIVE_UP_MS + 400)
    expect(board.emulator.record.length).toBe(before)

    const status = await busStatus()
    expect(status.online).toBe(true)
    expect(status.error).toMatch(/unit 1 did not answer within 250 ms \(3 tries\)/)
    const blind = await t.gql<{ blind: { motion: string } }>(
      'query($id: ID!) { blind(id: $id) { motion } }',
      { id: hall },
      t.adminToken,
    )
    expect(blind.data?.blind.motion).toBe('IDLE')

    // The other board on the bus still works.
    const other = await t.gql(MOVE, { ids: [attic], d: 'UP' }, t.adminToken)
    expect(other.data).toEqual({ blindMove: [{ id: attic, motion: 'MOVING_UP' }] })
    expect(board.emulator.coil(2, 0)).toBe(true)
    expect((await busStatus()).error).toBeNull()
  })

  it('answers 503 when every answer of a board fails the CRC', async () => {
    board.emulator.setFault({ kind: 'bad-crc' }, 1)
    const { res, ms } = await timedMove(hall, 'DOWN')
    expect(res.data).toBeNull()
    expect(res.errors?.map((e) => e.extensions.code)).toEqual([503])
    expect(res.errors?.[0]?.message).toMatch(/unit 1/)
    // A bad answer is retried at once: no waiting for the timeout.
    expect(ms).toBeLessThan(GIVE_UP_MS)
    expect((await busStatus()).error).toMatch(/bad answer from unit 1: .*CRC.*\(3 tries\)/i)
  })

  it('still moves a blind on a board that answers 100 ms late', async () => {
    board.emulator.setFault({ kind: 'slow', delayMs: 100 }, 1)
    const { res, ms } = await timedMove(hall, 'UP')
    expect(res.errors).toBeUndefined()
    expect(res.data).toEqual({ blindMove: [{ id: hall, motion: 'MOVING_UP' }] })
    expect(ms).toBeGreaterThanOrEqual(100)
    expect(board.emulator.coil(1, 0)).toBe(true)
    expect((await busStatus()).error).toBeNull()
  })

  it('moves again once a board answers again, and never runs both sides of a blind', async () => {
    // The corrupt answers hide whether the board acted: here it did, and started the pulse.
    board.emulator.setFault({ kind: 'bad-crc' }, 1)
    const start = board.emulator.record.length
    const failed = await timedMove(hall, 'UP')
    expect(failed.res.errors?.map((e) => e.extensions.code)).toEqual([503])
    expect(board.emulator.coil(1, 0)).toBe(true)

    board.emulator.setFault({ kind: 'none' })
    const { res } = await timedMove(hall, 'DOWN')
    expect(res.errors).toBeUndefined()
    expect(res.data).toEqual({ blindMove: [{ id: hall, motion: 'MOVING_DOWN' }] })
    expect(board.emulator.coil(1, 1)).toBe(true)
    expect(board.emulator.coil(1, 0)).toBe(false)
    expect((await busStatus()).error).toBeNull()

    const record = board.emulator.record.slice(start)
    expect(bothOnAtOnce(record, coilAt('1:0'), coilAt('1:1'))).toBe(false)
    const upOff = changesOf(record, coilAt('1:0')).find((c) => !c.on)!
    const downOn = changesOf(record, coilAt('1:1')).find((c) => c.on)!
    expect(downOn.at - upOff.at).toBeGreaterThanOrEqual(DEAD_TIME_MS)
  })

  it('serves a move queued behind a silent board, and the silent board once it answers again', async () => {
    board.emulator.setFault({ kind: 'no-answer' }, 2)
    const silent = t.gql(MOVE, { ids: [attic], d: 'DOWN' }, t.adminToken)
    await sleep(50)
    // Queued behind the silent board's retries, then served.
    const served = await t.gql(MOVE, { ids: [hall], d: 'UP' }, t.adminToken)
    expect(served.data).toEqual({ blindMove: [{ id: hall, motion: 'MOVING_UP' }] })
    expect((await silent).errors?.map((e) => e.extensions.code)).toEqual([503])

    board.emulator.setFault({ kind: 'none' })
    const again = await t.gql(MOVE, { ids: [attic], d: 'DOWN' }, t.adminToken)
    expect(again.data).toEqual({ blindMove: [{ id: attic, motion: 'MOVING_DOWN' }] })
    await waitFor('the attic down relay on', () => board.emulator.coil(2, 1))
  })
})
