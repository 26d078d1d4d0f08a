// A hub on a pseudo-terminal wire whose board drives simulated motors: each blind created here
// has a motor behind its relays with the same travel times, start delay and slats, so a test
// can hold the hub's position against where the blind really is.
import type { Config } from '../../hub/config'
import type { RelayBoardEmulator } from '../../firmware-protocol/emulator'
import { MotorSimulator, type SimulatedMotor } from '../../firmware-protocol/motors'
import { startHubOnWire, type HubOnWire } from './hub-on-wire'
import type { TestHub } from './hub'

export interface MotorBlind {
  name: string
  unit: number
  /** The up relay; the down relay is the next coil. */
  coil: number
  travelTimeUpMs: number
  travelTimeDownMs: number
  motorStartDelayMs?: number
  tiltTimeMs?: number
  /** Where the real blind stands at the start; the hub does not know it. */
  position?: number
}

export interface BlindState {
  position: number | null
  tilt: number | null
  motion: string
  /** Where a command is still taking it (between the runs of one move, too). */
  target: number | null
}

export interface MotorRig extends HubOnWire {
  motors: MotorSimulator
  ids: string[]
  /** Where the hub says the blind is, through the API. */
  stateOf(id: string): Promise<BlindState>
  /** Where the blind really is now. */
  truthOf(index: number): { position: number; tilt: number; relay: string | null }
  /** Every blind idle and arrived, on the hub and on the board. */
  settled(): Promise<boolean>
}

const STATE = 'query($id: ID!) { blind(id: $id) { position tilt motion target } }'

export async function startHubWithMotors(
  blinds: MotorBlind[],
  config: Partial<Config> = {},
): Promise<MotorRig> {
  const rig = await startHubOnWire(config)
  const { t, board } = rig
  const motors = motorsFor(board.emulator, blinds)
  const ids: string[] = []
  for (const b of blinds) ids.push(await createMotorBlind(t, b))
  const now = () => performance.timeOrigin + performance.now()
  const stateOf = async (id: string) => {
    const res = await t.gql<{ blind: BlindState }>(STATE, { id }, t.adminToken)
    if (!res.data) throw new Error(`blind ${id}: ${JSON.stringify(res.errors)}`)
    return res.data.blind
  }
  return {
    ...rig,
    motors,
    ids,
    stateOf,
    truthOf: (index) => motors.motors[index]!.state(now()),
    async settled() {
      if (motors.motors.some((m: SimulatedMotor) => m.state(now()).relay !== null)) return false
      const states = await Promise.all(ids.map(stateOf))
      return states.every((s) => s.motion === 'IDLE' && s.target === null)
    },
    close: async () => {
      motors.stop()
      await rig.close()
    },
  }
}

/** Simulated motors behind the relays of the given blinds, on a board emulator. */
export function motorsFor(board: RelayBoardEmulator, blinds: MotorBlind[]): MotorSimulator {
  return new MotorSimulator(
    board,
    blinds.map((b) => ({
      unit: b.unit,
      upCoil: b.coil,
      downCoil: b.coil + 1,
      travelUpMs: b.travelTimeUpMs,
      travelDownMs: b.travelTimeDownMs,
      startDelayMs: b.motorStartDelayMs ?? 0,
      tiltMs: b.tiltTimeMs ?? 0,
      position: b.position ?? 100,
      tilt: 100,
    })),
  )
}

export async function createMotorBlind(
  t: Pick<TestHub, 'gql' | 'adminToken'>,
  b: MotorBlind,
): Promise<string> {
  const res = await t.gql<{ blindCreate: { id: string } }>(
    'mutation($input: BlindInput!) { blindCreate(input: $input) { id } }',
    {
      input: {
        name: b.name,
        blindAddressUp: `${b.unit}:${b.coil}`,
        blindAddressDown: `${b.unit}:${b.coil + 1}`,
        travelTimeUpMs: b.travelTimeUpMs,
        travelTimeDownMs: b.travelTimeDownMs,
        motorStartDelayMs: b.motorStartDelayMs ?? 0,
        tiltTimeMs: b.tiltTimeMs ?? 0,
      },
    },
    t.adminToken,
  )
  if (!res.data) throw new Error(`blindCreate ${b.name} failed: ${JSON.stringify(res.errors)}`)
  return res.data.blindCreate.id
}
