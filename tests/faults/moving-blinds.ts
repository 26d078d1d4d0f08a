// The blinds with motors in the power-cut test: a person keeps moving two of them to random
// positions, and after each restart every motor blind's position is held against where the
// simulated motor (`lamella emulator --motors`, a process that outlives the hub) really is,
// and the relays against what a starting hub may do: switch every one off, and none on.
import type { HubProcess } from '../bus/hub-process'
import { waitFor } from '../bus/polling'
import type { BoardProcess, CoilLine } from '../helpers/board-process'
import type { MotorBlind } from '../helpers/motors'
import type { LoadWindow } from './load-window'
import type { Random } from '../../firmware-protocol/seeded-random'

const SET = 'mutation($ids: [ID!]!, $p: Int) { blindSetPosition(ids: $ids, position: $p) { id } }'
const MOVE = 'mutation($ids: [ID!]!, $d: Direction!) { blindMove(ids: $ids, direction: $d) { id } }'
const STATE = 'query($id: ID!) { blind(id: $id) { position motion target } }'

/** How far the hub's position may be from the motor's. */
export const POSITION_TOLERANCE = 3

// As slow as real blinds are, near enough: the hub times runs by when its event loop hears the
// board's answers, and on a busy machine that is late by tens of milliseconds, which on a
// blind with a few seconds of travel alone would come to more than the 3 points allowed.
const motor = (name: string, coil: number): MotorBlind => ({
  name,
  unit: 1,
  coil,
  travelTimeUpMs: 10_000,
  travelTimeDownMs: 8000,
  motorStartDelayMs: 100,
})

/** Moved by a person, moved by automations, and shaded: relay pairs 0-4 of unit 1. */
export const MOTOR_BLINDS = {
  moved: [motor('Kitchen', 0), motor('Study', 2)],
  automated: motor('Hall', 4),
  shaded: [motor('South', 6), motor('West', 8)],
}
export const ALL_MOTOR_BLINDS: MotorBlind[] = [
  ...MOTOR_BLINDS.moved,
  MOTOR_BLINDS.automated,
  ...MOTOR_BLINDS.shaded,
]
/** The first relay pair the household writers may use. */
export const FIRST_FREE_PAIR = ALL_MOTOR_BLINDS.length

export interface PositionTally {
  moves: number
  /** Positions the restarted hub knew and that matched the motor, and those it did not know. */
  known: number
  unknown: number
  wrong: string[]
  relaysLeftOn: string[]
  failures: string[]
}

/** A person at the wall switch: a random position, up, down or stop, every so often. */
export async function moveUntil(
  window: LoadWindow,
  ids: string[],
  rng: Random,
  tally: PositionTally,
): Promise<void> {
  const { live } = window
  while (!window.stopped) {
    const id = rng.pick(ids)
    const roll = rng.next()
    const [query, variables] =
      roll < 0.6
        ? [SET, { ids: [id], p: rng.int(0, 100) }]
        : [MOVE, { ids: [id], d: roll < 0.9 ? rng.pick(['UP', 'DOWN']) : 'STOP' }]
    let res
    try {
      res = await live.gql(query, variables, live.adminToken)
    } catch {
      return // the crash cut it off
    }
    if (res.errors) tally.failures.push(`moving ${id}: ${JSON.stringify(res.errors)}`)
    else tally.moves++
    await window.pause(rng.int(200, 1500))
  }
}

/**
 * The relays as the restarted hub left them once it said it had switched all off: every coil
 * off, and none switched on between its start and then.
 */
export function checkRelays(
  hub: HubProcess,
  board: BoardProcess,
  startedAt: number,
  where: string,
  tally: PositionTally,
): void {
  const allOff = hub.lines
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg?: string; why?: string; time?: number })
    .find((l) => l.msg === 'all relays off' && l.why === 'link open')
  if (!allOff?.time) {
    tally.relaysLeftOn.push(`${where}: the hub never said it switched every relay off`)
    return
  }
  const state = new Map<string, CoilLine>()
  for (const c of board.coils) {
    if (c.at > allOff.time) break
    state.set(`${c.unit}:${c.coil}`, c)
    if (c.on && c.at >= startedAt)
      tally.relaysLeftOn.push(`${where}: the starting hub switched ${c.unit}:${c.coil} on`)
  }
  for (const [address, c] of state)
    if (c.on) tally.relaysLeftOn.push(`${where}: ${address} still on after the all-off`)
}

/** Each motor blind, once at rest on the hub and on the board: its position against the truth. */
export async function checkPositions(
  hub: HubProcess,
  board: BoardProcess,
  ids: string[],
  where: string,
  tally: PositionTally,
): Promise<void> {
  const stateOf = async (id: string) => {
    const res = await hub.gql<{
      blind: { position: number | null; motion: string; target: number | null }
    }>(STATE, { id }, hub.adminToken)
    if (!res.data) throw new Error(`${where}: blind ${id}: ${JSON.stringify(res.errors)}`)
    return res.data.blind
  }
  for (const [i, id] of ids.entries()) {
    const { name } = ALL_MOTOR_BLINDS[i]!
    // Shading may take a blind into its shade position at the first PV reading: let it arrive.
    await waitFor(
      `${where}: ${name} at rest`,
      async () => {
        const s = await stateOf(id)
        return board.motor(i).relay === null && s.motion === 'IDLE' && s.target === null
      },
      20_000,
      50,
    )
    const hubSays = (await stateOf(id)).position
    const truth = board.motor(i).position
    if (hubSays === null) tally.unknown++
    else if (Math.abs(hubSays - truth) <= POSITION_TOLERANCE) tally.known++
    else {
      // What its relays did last, to tell a crash's doing from the bus's.
      const { unit, coil } = ALL_MOTOR_BLINDS[i]!
      const relays = board.coils
        .filter((c) => c.unit === unit && (c.coil === coil || c.coil === coil + 1))
        .slice(-4)
        .map(
          (c) =>
            `${c.coil === coil ? 'up' : 'down'} ${c.on ? 'on' : 'off'} (${c.cause}) ${new Date(c.at).toISOString()}`,
        )
      tally.wrong.push(
        `${where}: ${name} at ${hubSays} on the hub, ${truth} in truth; last relay changes: ${relays.join(', ')}`,
      )
    }
  }
}
