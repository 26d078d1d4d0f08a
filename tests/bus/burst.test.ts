// Many people and automations at once: a randomised burst of 200 concurrent moves over 8
// blinds on two boards, through the real serialport code on a pseudo-terminal pair. Whatever
// the mix, the record of the board never shows both sides of a blind on, every reversal waits
// the dead time, and the last command for each blind decides what it does (ARCHITECTURE.md
// section 5, section 6: a newer command replaces the older one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CoilChange } from '../../firmware-protocol/emulator'
import type { Direction } from '../../hub/position/positions'
import { createBlind, type TestHub } from '../helpers/hub'
import { bothOnAtOnce, type Board } from '../helpers/pty'
import { startHubOnWire, type HubOnWire } from '../helpers/hub-on-wire'
import { sleep, waitFor } from './polling'
import {
  boardNow,
  changesOf,
  coilAt,
  logFrames,
  reversalGaps,
  wasOnAt,
  type Coil,
  type HeardFrame,
} from './relay-record'

const MOVE =
  'mutation($ids: [ID!]!, $d: Direction!) { blindMove(ids: $ids, direction: $d) { id motion } }'
const MOVES = 200
/**
 * Short, so that many reversals happen, but not shorter than the bus itself spaces them: with
 * 50 ms the queue of frames alone keeps every reversal apart by more, and a missing dead time
 * would go unseen.
 */
const DEAD_TIME_MS = 200
/** travelTimeMs + 2000 ms run-on, for the shortest travel time. */
const PULSE_MS = 1000 + 2000
const SLACK_MS = 150
/** A quarter of the moves go at once, the rest over this time: every phase of a move is hit. */
const SPREAD_MS = 2000

/**
 * Up and down relays of 8 blinds on two units, interleaved so that frames for several coils of
 * one unit span other blinds' coils.
 */
const BLINDS: [string, string][] = [
  ['1:0', '1:1'],
  ['1:2', '1:3'],
  ['1:4', '1:6'],
  ['1:5', '1:7'],
  ['2:0', '2:8'],
  ['2:1', '2:9'],
  ['2:2', '2:3'],
  ['2:10', '2:11'],
]

/** mulberry32: a small seeded generator, so that a failing burst can be replayed. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let x = a
    x = Math.imul(x ^ (x >>> 15), x | 1)
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61)
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
}

interface Sent {
  blind: number
  direction: Direction
  errors: unknown
}

interface Taken {
  blind: number
  direction: Direction
  /** When the hub took the command and when it was done with it, on the record's clock. */
  takenAt: number
  doneAt: number
}

describe('a burst of 200 concurrent moves over 8 blinds', () => {
  let board: Board
  let t: TestHub
  let ids: string[]
  let rig: HubOnWire | undefined
  beforeAll(async () => {
    rig = await startHubOnWire({ deadTimeMs: DEAD_TIME_MS })
    ;({ board, t } = rig)
    ids = []
    for (const [i, [up, down]] of BLINDS.entries()) {
      ids.push(await createBlind(t, `Window ${i + 1}`, up, down, 1000))
    }
  })
  afterAll(async () => {
    await rig?.close()
  })

  const seed = Number(process.env.LAMELLA_BURST_SEED ?? Math.floor(Math.random() * 2 ** 32))

  it('never runs both sides of a blind at once, and the last command for each blind decides', async () => {
    const next = random(seed)
    const frames = logFrames(board.emulator)
    const directions: Direction[] = ['UP', 'DOWN', 'STOP']

    // The order in which the hub took the commands, and when each was done: requests race
    // over several connections, so the order they were sent in is not the order the hub saw.
    const taken: Taken[] = []
    const positions = t.hub.services.positions
    const move = positions.move.bind(positions)
    positions.move = (viewer, blindIds, direction) => {
      const entries = blindIds.map((id) => ({
        blind: ids.indexOf(id),
        direction,
        takenAt: boardNow(),
        doneAt: Infinity,
      }))
      taken.push(...entries)
      const done = move(viewer, blindIds, direction)
      const settle = () => entries.forEach((e) => (e.doneAt = boardNow()))
      done.then(settle, settle)
      return done
    }

    const sent: Promise<Sent>[] = []
    for (let i = 0; i < MOVES; i++) {
      const blind = Math.floor(next() * ids.length)
      const direction = directions[Math.floor(next() * directions.length)]!
      const delay = i % 4 === 0 ? 0 : Math.floor(next() * SPREAD_MS)
      sent.push(
        sleep(delay).then(async () => {
          const res = await t.gql(MOVE, { ids: [ids[blind]], d: direction }, t.adminToken)
          return { blind, direction, errors: res.errors }
        }),
      )
    }
    const answers = await Promise.all(sent)
    positions.move = move
    expect(answers.filter((a) => a.errors !== undefined)).toEqual([])
    expect(taken).toHaveLength(MOVES)

    // Everything settles: every pulse ends and every blind is idle.
    await waitFor(
      'every relay off and every blind idle',
      async () => {
        if ([1, 2].some((unit) => board.emulator.coils(unit).some(Boolean))) return false
        const list = await t.gql<{ blindList: { motion: string }[] }>(
          '{ blindList { motion } }',
          {},
          t.adminToken,
        )
        return list.data!.blindList.every((b) => b.motion === 'IDLE')
      },
      PULSE_MS + 3000,
      50,
    )

    const record = board.emulator.record
    BLINDS.forEach(([upAddress, downAddress], blind) => {
      const up = coilAt(upAddress)
      const down = coilAt(downAddress)
      const about = `blind ${blind} (${upAddress}/${downAddress}), seed ${seed}`
      expect(bothOnAtOnce(record, up, down), about).toBe(false)
      for (const gap of reversalGaps(record, up, down)) {
        expect(gap, about).toBeGreaterThanOrEqual(DEAD_TIME_MS)
      }

      const last = taken.filter((c) => c.blind === blind).pop()
      if (last) expectFinalState(record, frames, { up, down }, last, about)
    })
  })
})

/**
 * What the last command for a blind leaves behind. UP or DOWN: by the time the hub was done
 * with it, that side was on and the other off; then the board ended that command's pulse by
 * itself after the full pulse time, and nothing else changed. STOP: both sides were off by
 * then and never went on again.
 */
function expectFinalState(
  record: readonly CoilChange[],
  frames: readonly HeardFrame[],
  blind: { up: Coil; down: Coil },
  last: Taken,
  about: string,
): void {
  const after = (c: Coil) => changesOf(record, c).filter((r) => r.at > last.doneAt)
  if (last.direction === 'STOP') {
    expect(wasOnAt(record, blind.up, last.doneAt), about).toBe(false)
    expect(wasOnAt(record, blind.down, last.doneAt), about).toBe(false)
    expect(
      [...after(blind.up), ...after(blind.down)].filter((r) => r.on),
      about,
    ).toEqual([])
    return
  }
  const [side, other] = last.direction === 'UP' ? [blind.up, blind.down] : [blind.down, blind.up]
  expect(wasOnAt(record, side, last.doneAt), about).toBe(true)
  expect(wasOnAt(record, other, last.doneAt), about).toBe(false)
  expect(after(other), about).toEqual([])
  const end = after(side)
  expect(
    end.map((r) => [r.on, r.cause]),
    about,
  ).toEqual([[false, 'flash-end']])
  // The pulse that ended is the one the last command started: the last for that side.
  const pulse = frames
    .filter(
      (f) =>
        f.request?.kind === 'flash-on' &&
        f.request.unit === side.unit &&
        f.request.coil === side.coil,
    )
    .pop()
  expect(pulse?.request, about).toMatchObject({ ms: PULSE_MS })
  expect(pulse!.at, about).toBeGreaterThanOrEqual(last.takenAt)
  expect(pulse!.at, about).toBeLessThanOrEqual(last.doneAt)
  // A timer may fire up to 1 ms early against performance.now().
  expect(end[0]!.at - pulse!.at, about).toBeGreaterThanOrEqual(PULSE_MS - 1)
  expect(end[0]!.at - pulse!.at, about).toBeLessThan(PULSE_MS + SLACK_MS)
}
