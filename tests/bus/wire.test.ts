// The real serialport code path on a pseudo-terminal pair, against the emulator at 9600 baud.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBlind, type TestHub } from '../helpers/hub'
import { bothOnAtOnce, type Board } from '../helpers/pty'
import { startHubOnWire, type HubOnWire } from '../helpers/hub-on-wire'
import { quietPeriod } from '../helpers/quiet'
import { waitFor } from './polling'
import { boardNow, changesOf, coilAt, logFrames, type HeardFrame } from './relay-record'
import { listen } from './socket-listener'

const MOVE =
  'mutation($ids: [ID!]!, $d: Direction!) { blindMove(ids: $ids, direction: $d) { id motion } }'
const BLIND = 'query($id: ID!) { blind(id: $id) { id motion } }'

/** travelTimeMs + 2000 ms run-on, for the shortest travel time. */
const PULSE_MS = 1000 + 2000
/** The shortest a pulse may seem: a timer may fire up to 1 ms early against performance.now(). */
const PULSE_MIN_MS = PULSE_MS - 1
/** How late a timer or a frame may come on this loaded machine. */
const SLACK_MS = 150

describe('moving a blind over a pseudo-terminal', () => {
  let board: Board
  let t: TestHub
  let rig: HubOnWire | undefined
  beforeAll(async () => {
    rig = await startHubOnWire({ deadTimeMs: 1000 })
    ;({ board, t } = rig)
  })
  afterAll(async () => {
    await rig?.close()
  })

  it('runs the up relay for the travel time plus 2000 ms, ended by the board itself', async () => {
    const id = await createBlind(t, 'Kitchen', '1:0', '1:1', 1000)
    const res = await t.gql(MOVE, { ids: [id], d: 'UP' }, t.adminToken)
    expect(res.data).toEqual({ blindMove: [{ id, motion: 'MOVING_UP' }] })
    expect(board.emulator.coil(1, 0)).toBe(true)
    // The board switches it off on its own after 3 s; then nothing more happens.
    await waitFor('the board to switch the up relay off', () => !board.emulator.coil(1, 0), 4000)
    await quietPeriod(300, "nothing switches after the board's own off")
    const changes = board.emulator.record.filter((c) => c.unit === 1 && c.coil === 0)
    expect(changes.map((c) => [c.on, c.cause])).toEqual([
      [true, 'flash'],
      [false, 'flash-end'],
    ])
    expect(changes[1]!.at - changes[0]!.at).toBeGreaterThanOrEqual(PULSE_MIN_MS)
    expect(changes[1]!.at - changes[0]!.at).toBeLessThan(PULSE_MS + SLACK_MS)
  })
})

describe('moving blinds with board-timed pulses', () => {
  let board: Board
  let t: TestHub
  let rig: HubOnWire | undefined
  beforeAll(async () => {
    rig = await startHubOnWire({ deadTimeMs: 1000 })
    ;({ board, t } = rig)
  })
  afterAll(async () => {
    await rig?.close()
  })

  const record = () => board.emulator.record

  it('runs the down relay for the travel time plus 2000 ms, ended by the board itself', async () => {
    const id = await createBlind(t, 'Study', '1:2', '1:3', 1000)
    const res = await t.gql(MOVE, { ids: [id], d: 'DOWN' }, t.adminToken)
    expect(res.data).toEqual({ blindMove: [{ id, motion: 'MOVING_DOWN' }] })
    expect(board.emulator.coil(1, 3)).toBe(true)
    await waitFor('the down relay going off', () => !board.emulator.coil(1, 3), PULSE_MS + 1000)
    const down = changesOf(record(), coilAt('1:3'))
    expect(down.map((c) => [c.on, c.cause])).toEqual([
      [true, 'flash'],
      [false, 'flash-end'],
    ])
    expect(down[1]!.at - down[0]!.at).toBeGreaterThanOrEqual(PULSE_MIN_MS)
    expect(down[1]!.at - down[0]!.at).toBeLessThan(PULSE_MS + SLACK_MS)
    expect(changesOf(record(), coilAt('1:2'))).toEqual([])
    // The hub's own reckoning ends the motion too.
    await waitFor('the blind idle', async () => {
      const b = await t.gql<{ blind: { motion: string } }>(BLIND, { id }, t.adminToken)
      return b.data?.blind.motion === 'IDLE'
    })
  })

  it('reverses only after the up relay went off and the dead time passed', async () => {
    const id = await createBlind(t, 'Landing', '1:4', '1:5', 1000)
    const up = await t.gql(MOVE, { ids: [id], d: 'UP' }, t.adminToken)
    expect(up.data).toEqual({ blindMove: [{ id, motion: 'MOVING_UP' }] })
    await quietPeriod(200, 'the up relay runs a while before the reversal')

    const asked = boardNow()
    const reversing = t.gql(MOVE, { ids: [id], d: 'DOWN' }, t.adminToken)
    // Between the two: the up relay is off, the blind idle, and the down relay not yet on.
    await waitFor('the up relay off', () => !board.emulator.coil(1, 4), 1000, 5)
    await waitFor('the blind idle', async () => {
      const b = await t.gql<{ blind: { motion: string } }>(BLIND, { id }, t.adminToken)
      return b.data?.blind.motion === 'IDLE'
    })
    expect(board.emulator.coil(1, 5)).toBe(false)

    const down = await reversing
    expect(down.data).toEqual({ blindMove: [{ id, motion: 'MOVING_DOWN' }] })
    const upChanges = changesOf(record(), coilAt('1:4'))
    const downChanges = changesOf(record(), coilAt('1:5'))
    expect(upChanges.map((c) => [c.on, c.cause])).toEqual([
      [true, 'flash'],
      [false, 'write'],
    ])
    expect(downChanges.map((c) => [c.on, c.cause])).toEqual([[true, 'flash']])
    const upOff = upChanges[1]!.at
    expect(upOff).toBeGreaterThanOrEqual(asked)
    expect(upOff - asked).toBeLessThan(SLACK_MS)
    expect(downChanges[0]!.at - upOff).toBeGreaterThanOrEqual(1000)
    expect(downChanges[0]!.at - upOff).toBeLessThan(1000 + SLACK_MS)
    expect(bothOnAtOnce(record(), coilAt('1:4'), coilAt('1:5'))).toBe(false)

    const stop = await t.gql(MOVE, { ids: [id], d: 'STOP' }, t.adminToken)
    expect(stop.data).toEqual({ blindMove: [{ id, motion: 'IDLE' }] })
  })

  it('stops a moving blind, and tells the users who may see it and nobody else', async () => {
    const id = await createBlind(t, 'Bedroom', '1:6', '1:7', 1000)
    const anna = await t.createUser('anna', { blindIds: [id] })
    const ben = await t.createUser('ben')
    const annaHears = await listen(t.url, anna.token)
    const benHears = await listen(t.url, ben.token)
    try {
      const down = await t.gql(MOVE, { ids: [id], d: 'DOWN' }, t.adminToken)
      expect(down.data).toEqual({ blindMove: [{ id, motion: 'MOVING_DOWN' }] })
      await annaHears.next('blind:motion', (m) => m.id === id && m.motion === 'MOVING_DOWN')

      const stop = await t.gql(MOVE, { ids: [id], d: 'STOP' }, anna.token)
      expect(stop.data).toEqual({ blindMove: [{ id, motion: 'IDLE' }] })
      expect([board.emulator.coil(1, 6), board.emulator.coil(1, 7)]).toEqual([false, false])
      expect(changesOf(record(), coilAt('1:7')).map((c) => [c.on, c.cause])).toEqual([
        [true, 'flash'],
        [false, 'write'],
      ])
      expect(changesOf(record(), coilAt('1:6'))).toEqual([])

      const idle = await annaHears.next('blind:motion', (m) => m.id === id && m.motion === 'IDLE')
      // A blind never run to an end stop is not known where it stands.
      expect(idle).toEqual({
        id,
        motion: 'IDLE',
        at: expect.any(String),
        position: null,
        tilt: null,
        target: null,
        endsAt: null,
        reversing: false,
        delayLeftMs: 0,
      })
      expect(Date.now() - Date.parse(idle.at)).toBeLessThan(5000)
      expect(annaHears.heard('blind:motion').map((m) => m.motion)).toEqual(['MOVING_DOWN', 'IDLE'])
      await quietPeriod(300, 'the user the blind is not assigned to hears nothing of it')
      expect(benHears.heard('blind:motion')).toEqual([])
    } finally {
      annaHears.close()
      benHears.close()
    }
  })

  it('caps a pulse at 300000 ms, even for the longest travel time', async () => {
    const frames = logFrames(board.emulator)
    const id = await createBlind(t, 'Atrium', '3:0', '3:1', 300_000)
    const res = await t.gql(MOVE, { ids: [id], d: 'UP' }, t.adminToken)
    expect(res.data).toEqual({ blindMove: [{ id, motion: 'MOVING_UP' }] })
    expect(frames.map((f) => f.request)).toEqual([
      { kind: 'flash-on', unit: 3, coil: 0, ms: 300_000 },
    ])
    const stop = await t.gql(MOVE, { ids: [id], d: 'STOP' }, t.adminToken)
    expect(stop.data).toEqual({ blindMove: [{ id, motion: 'IDLE' }] })
    expect(board.emulator.coil(3, 0)).toBe(false)
  })

  describe('who may move a blind', () => {
    let mine: string
    let notMine: string
    let carla: { id: string; token: string }
    let frames: HeardFrame[]
    beforeAll(async () => {
      frames = logFrames(board.emulator)
      mine = await createBlind(t, 'Nursery', '2:0', '2:1', 1000)
      notMine = await createBlind(t, 'Office', '2:2', '2:3', 1000)
      carla = await t.createUser('carla', { blindIds: [mine] })
    })

    it('refuses a move without a token with 401 and sends nothing to the board', async () => {
      const before = { changes: record().length, frames: frames.length }
      const res = await t.gql(MOVE, { ids: [mine], d: 'UP' })
      expect(res.data).toBeNull()
      expect(res.errors?.map((e) => e.extensions.code)).toEqual([401])
      await quietPeriod(100, 'no frame follows the refusal')
      expect({ changes: record().length, frames: frames.length }).toEqual(before)
    })

    it('refuses a user moving a blind not assigned to them with 403 and sends nothing', async () => {
      const before = { changes: record().length, frames: frames.length }
      const res = await t.gql(MOVE, { ids: [mine, notMine], d: 'UP' }, carla.token)
      expect(res.data).toBeNull()
      expect(res.errors?.map((e) => e.extensions.code)).toEqual([403])
      await quietPeriod(100, 'no frame follows the refusal')
      // Not even the blind that is hers moved: the request is refused as a whole.
      expect({ changes: record().length, frames: frames.length }).toEqual(before)
      expect(board.emulator.coils(2).slice(0, 4)).toEqual([false, false, false, false])
    })

    it('refuses a malformed blind id with 400 and an unknown one with 404', async () => {
      const before = frames.length
      const malformed = await t.gql(MOVE, { ids: ['not-a-uuid'], d: 'UP' }, t.adminToken)
      expect(malformed.errors?.map((e) => e.extensions.code)).toEqual([400])
      expect(malformed.errors?.[0]?.message).toMatch(/ids\[0\]/)
      const unknown = await t.gql(
        MOVE,
        { ids: ['00000000-0000-4000-8000-000000000000'], d: 'UP' },
        t.adminToken,
      )
      expect(unknown.errors?.map((e) => e.extensions.code)).toEqual([404])
      await quietPeriod(100, 'no frame follows the refusal')
      expect(frames.length).toBe(before)
    })

    it('lets a user move a blind assigned to them', async () => {
      const res = await t.gql(MOVE, { ids: [mine], d: 'DOWN' }, carla.token)
      expect(res.data).toEqual({ blindMove: [{ id: mine, motion: 'MOVING_DOWN' }] })
      expect(board.emulator.coil(2, 1)).toBe(true)
      const stop = await t.gql(MOVE, { ids: [mine], d: 'STOP' }, carla.token)
      expect(stop.data).toEqual({ blindMove: [{ id: mine, motion: 'IDLE' }] })
    })

    it('lets an admin move two blinds of one unit together and stop both in one frame', async () => {
      const start = { changes: record().length, frames: frames.length }
      const res = await t.gql(MOVE, { ids: [mine, notMine], d: 'DOWN' }, t.adminToken)
      expect(res.data).toEqual({
        blindMove: [
          { id: mine, motion: 'MOVING_DOWN' },
          { id: notMine, motion: 'MOVING_DOWN' },
        ],
      })
      expect(board.emulator.coils(2).slice(0, 4)).toEqual([false, true, false, true])

      const stop = await t.gql(MOVE, { ids: [mine, notMine], d: 'STOP' }, t.adminToken)
      expect(stop.data).toEqual({
        blindMove: [
          { id: mine, motion: 'IDLE' },
          { id: notMine, motion: 'IDLE' },
        ],
      })
      expect(
        record()
          .slice(start.changes)
          .map((c) => [`${c.unit}:${c.coil}`, c.on, c.cause]),
      ).toEqual([
        ['2:1', true, 'flash'],
        ['2:3', true, 'flash'],
        ['2:1', false, 'write'],
        ['2:3', false, 'write'],
      ])
      // A board-timed pulse is a frame per relay; the four relays of the stop share one.
      expect(frames.slice(start.frames).map((f) => f.request)).toEqual([
        { kind: 'flash-on', unit: 2, coil: 1, ms: PULSE_MS },
        { kind: 'flash-on', unit: 2, coil: 3, ms: PULSE_MS },
        { kind: 'write-multiple', unit: 2, coil: 0, values: [false, false, false, false] },
      ])
    })
  })
})

describe('moving blinds with hub-timed pulses', () => {
  let board: Board
  let t: TestHub
  let rig: HubOnWire | undefined
  beforeAll(async () => {
    rig = await startHubOnWire({ deadTimeMs: 1000, pulse: 'hub' })
    ;({ board, t } = rig)
  })
  afterAll(async () => {
    await rig?.close()
  })

  it('switches the side on, and off again by itself after the travel time plus 2000 ms', async () => {
    const kitchen = await createBlind(t, 'Kitchen', '1:0', '1:1', 1000)
    const study = await createBlind(t, 'Study', '1:8', '1:9', 1000)
    const [up, down] = await Promise.all([
      t.gql(MOVE, { ids: [kitchen], d: 'UP' }, t.adminToken),
      t.gql(MOVE, { ids: [study], d: 'DOWN' }, t.adminToken),
    ])
    expect(up.data).toEqual({ blindMove: [{ id: kitchen, motion: 'MOVING_UP' }] })
    expect(down.data).toEqual({ blindMove: [{ id: study, motion: 'MOVING_DOWN' }] })
    expect([board.emulator.coil(1, 0), board.emulator.coil(1, 9)]).toEqual([true, true])

    await waitFor(
      'both relays going off',
      () => !board.emulator.coil(1, 0) && !board.emulator.coil(1, 9),
      PULSE_MS + 1000,
    )
    for (const address of ['1:0', '1:9']) {
      const changes = changesOf(board.emulator.record, coilAt(address))
      expect(changes.map((c) => [c.on, c.cause])).toEqual([
        [true, 'write'],
        [false, 'write'],
      ])
      expect(changes[1]!.at - changes[0]!.at).toBeGreaterThanOrEqual(PULSE_MIN_MS)
      expect(changes[1]!.at - changes[0]!.at).toBeLessThan(PULSE_MS + SLACK_MS)
    }
    expect(changesOf(board.emulator.record, coilAt('1:1'))).toEqual([])
    expect(changesOf(board.emulator.record, coilAt('1:8'))).toEqual([])
    const after = await t.gql<{ blind: { motion: string } }>(BLIND, { id: kitchen }, t.adminToken)
    expect(after.data?.blind.motion).toBe('IDLE')
  })
})
