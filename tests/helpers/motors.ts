// A hub on a pseudo-terminal wire whose board drives simulated motors: each blind created here
// has a motor behind its relays with the same travel times, start delay and slats, so a test
// can hold the hub's position against where the blind really is.
import type { Config } from '../../hub/config'
import type { RelayBoardEmulator } from '../../firmware-protocol/emulator'
import { MotorSimulator, type SimulatedMotor } from '../../firmware-protocol/motors'
import { startBoardProcess } from './board-process'
import { startHubOnWire, type HubOnWire } from './hub-on-wire'
import { startHub, type StartOptions, type TestHub } from './hub'
import { bothOnAtOnce, startWire } from './pty'

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

/** A hub with its blinds created, and motors behind their relays. */
export interface MotorRig {
  t: TestHub
  ids: string[]
  /** Where the hub says the blind is, through the API. */
  stateOf(id: string): Promise<BlindState>
  /** Where the blind really is now (the motor of the index-th blind). */
  truthOf(index: number): { position: number; tilt: number; relay: string | null }
  /** Every blind idle and arrived, on the hub and on the board. */
  settled(): Promise<boolean>
  /** How often both relays of one motor were on together. */
  conflicts(): number
  close(): Promise<void>
}

const STATE = 'query($id: ID!) { blind(id: $id) { position tilt motion target } }'

/** The hub's side of a rig: blinds created, their states read over the API. */
async function hubSide(t: TestHub, blinds: MotorBlind[]) {
  const ids: string[] = []
  for (const b of blinds) ids.push(await createMotorBlind(t, b))
  const stateOf = async (id: string) => {
    const res = await t.gql<{ blind: BlindState }>(STATE, { id }, t.adminToken)
    if (!res.data) throw new Error(`blind ${id}: ${JSON.stringify(res.errors)}`)
    return res.data.blind
  }
  const hubSettled = async () =>
    (await Promise.all(ids.map(stateOf))).every((s) => s.motion === 'IDLE' && s.target === null)
  return { ids, stateOf, hubSettled }
}

/** A rig whose board and motors run in this process. */
export type LocalMotorRig = MotorRig & HubOnWire & { motors: MotorSimulator }

/** The board and its motors in this process: quick, and a test can set where each starts. */
export async function startHubWithMotors(
  blinds: MotorBlind[],
  config: Partial<Config> = {},
  options: Omit<StartOptions, 'config'> = {},
): Promise<LocalMotorRig> {
  const rig = await startHubOnWire(config, options)
  const motors = motorsFor(rig.board.emulator, blinds)
  const { ids, stateOf, hubSettled } = await hubSide(rig.t, blinds)
  const now = () => performance.timeOrigin + performance.now()
  return {
    ...rig,
    motors,
    ids,
    stateOf,
    truthOf: (index) => motors.motors[index]!.state(now()),
    settled: async () =>
      motors.motors.every((m: SimulatedMotor) => m.state(now()).relay === null) &&
      (await hubSettled()),
    conflicts: () => motors.conflicts,
    close: async () => {
      motors.stop()
      await rig.close()
    },
  }
}

/**
 * The board and its motors as a process of their own, as a real board is: its timing never
 * waits on this process's event loop, which the hub shares with the test. Motors start open.
 */
export async function startHubWithBoardProcess(
  blinds: MotorBlind[],
  config: Partial<Config> = {},
): Promise<MotorRig> {
  const wire = await startWire()
  const board = await startBoardProcess(wire, blinds).catch(async (err: unknown) => {
    await wire.close()
    throw err
  })
  const t = await startHub({ config: { serial: wire.hubPath, ...config } })
  const { ids, stateOf, hubSettled } = await hubSide(t, blinds)
  const truthOf = (index: number) => board.motor(index)
  return {
    t,
    ids,
    stateOf,
    truthOf,
    settled: async () => blinds.every((_, i) => truthOf(i).relay === null) && (await hubSettled()),
    conflicts: () =>
      blinds.filter((b) =>
        bothOnAtOnce(
          board.coils,
          { unit: b.unit, coil: b.coil },
          { unit: b.unit, coil: b.coil + 1 },
        ),
      ).length,
    close: async () => {
      await t.close()
      await board.close()
      await wire.close()
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
