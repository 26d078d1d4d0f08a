// A household (three people at once) pressing buttons at random on a hub with simulated motors: positions, up, down,
// stop and reversals on 1-5 blinds at once, rapid presses on top of each other, and an
// automation run meanwhile. Every so often everything settles and each blind's position as
// the hub tells it is held against the motor's. Shared by the test (300 commands) and the
// bench (1000).
import type { Random } from '../../firmware-protocol/seeded-random'
import { sleep, waitFor } from '../bus/polling'
import type { MotorBlind, MotorRig } from './motors'

export const RANDOM_BLINDS: MotorBlind[] = [
  {
    name: 'Kitchen',
    unit: 1,
    coil: 0,
    travelTimeUpMs: 3000,
    travelTimeDownMs: 2600,
    motorStartDelayMs: 150,
  },
  { name: 'Hall', unit: 1, coil: 2, travelTimeUpMs: 2500, travelTimeDownMs: 2500 },
  {
    name: 'Office',
    unit: 1,
    coil: 6,
    travelTimeUpMs: 3500,
    travelTimeDownMs: 3000,
    motorStartDelayMs: 300,
    tiltTimeMs: 800,
  },
  {
    name: 'Bedroom',
    unit: 2,
    coil: 0,
    travelTimeUpMs: 2800,
    travelTimeDownMs: 2400,
    motorStartDelayMs: 100,
  },
  { name: 'Bath', unit: 2, coil: 4, travelTimeUpMs: 2200, travelTimeDownMs: 2000 },
]

const SET =
  'mutation($ids: [ID!]!, $p: Int, $t: Int) { blindSetPosition(ids: $ids, position: $p, tilt: $t) { id } }'
const MOVE = 'mutation($ids: [ID!]!, $d: Direction!) { blindMove(ids: $ids, direction: $d) { id } }'
const CREATE = 'mutation($input: AutomationInput!) { automationCreate(input: $input) { id } }'
const RUN = 'mutation($id: ID!) { automationRun(id: $id) { id } }'
const RUNS = 'query($id: ID!) { automationRuns(automationId: $id, limit: 1) { status } }'

export interface Comparison {
  blind: string
  hub: number | null
  motor: number
  /** Slats, for a venetian blind. */
  hubTilt: number | null
  motorTilt: number | null
}

/** An automation over two blinds: a POSITION step, a pause, a timed pulse. */
async function createAutomation(rig: MotorRig): Promise<string> {
  const [kitchen, hall, office] = rig.ids
  const res = await rig.t.gql<{ automationCreate: { id: string } }>(
    CREATE,
    {
      input: {
        name: 'Afternoon',
        trigger: { type: 'MANUAL' },
        scene: [
          { name: 'Half', type: 'POSITION', blindIds: [kitchen, hall], position: 35 },
          { name: 'Pause', type: 'DELAY', duration: 300 },
          { name: 'Office up', type: 'BLIND_CONTROL', duration: 700, blindAddresses: ['1:6'] },
        ],
      },
    },
    rig.t.adminToken,
  )
  if (!res.data) throw new Error(JSON.stringify(res.errors))
  void office
  return res.data.automationCreate.id
}

/**
 * Sends `commands` random commands in bursts of up to `burst`, waits after each burst for
 * every blind and the automation to settle, and hands the positions over.
 */
export async function runRandomCommands(
  rig: MotorRig,
  random: Random,
  options: { commands: number; burst: number; onSettled: (c: Comparison[]) => void },
): Promise<void> {
  const automation = await createAutomation(rig)
  const { t } = rig
  const venetian = RANDOM_BLINDS.map((b) => (b.tiltTimeMs ?? 0) > 0)
  const automationIdle = async () =>
    (await t.gql<{ automationRuns: { status: string }[] }>(RUNS, { id: automation }, t.adminToken))
      .data?.automationRuns[0]?.status !== 'RUNNING'
  /** One person's command: a kind, on 1-5 blinds. */
  const command = async () => {
    const picked = random.subset(rig.ids.map((id, index) => ({ id, index })))
    const chosen = picked.length > 0 ? picked : [{ id: rig.ids[0]!, index: 0 }]
    const ids = chosen.map((c) => c.id)
    const kind = random.weighted([
      [5, 'position'],
      [2, 'up'],
      [2, 'down'],
      [2, 'stop'],
      [1, 'automation'],
    ] as const)
    let res
    if (kind === 'position') {
      const tilt = chosen.every((c) => venetian[c.index]) && random.chance(0.5)
      res = await t.gql(
        SET,
        { ids, p: random.int(0, 100), ...(tilt && { t: random.int(0, 100) }) },
        t.adminToken,
      )
    } else if (kind === 'automation') {
      res = await t.gql(RUN, { id: automation }, t.adminToken)
      // Already running: a person pressing it twice; the hub says 409, nothing happens.
      if (res.errors?.[0]?.extensions.code === 409) res = { errors: undefined }
    } else {
      res = await t.gql(MOVE, { ids, d: kind.toUpperCase() }, t.adminToken)
    }
    if (res.errors) throw new Error(`${kind} failed: ${JSON.stringify(res.errors)}`)
  }
  /** People at once, each pressing their share of the burst. */
  const person = async (count: number) => {
    for (let i = 0; i < count; i++) {
      await command()
      await sleep(random.int(30, 400))
    }
  }
  let sent = 0
  while (sent < options.commands) {
    const burst = Math.min(random.int(2, options.burst), options.commands - sent)
    const shares = [0, 1, 2].map((i) => Math.floor((burst + i) / 3))
    await Promise.all(shares.map(person))
    sent += burst
    await waitFor(
      'every blind and the automation at rest',
      async () => (await rig.settled()) && (await automationIdle()),
      30_000,
      150,
    )
    const states = await Promise.all(rig.ids.map((id) => rig.stateOf(id)))
    options.onSettled(
      states.map((s, index) => {
        const truth = rig.truthOf(index)
        return {
          blind: RANDOM_BLINDS[index]!.name,
          hub: s.position,
          motor: truth.position,
          hubTilt: s.tilt,
          motorTilt: venetian[index] ? truth.tilt : null,
        }
      }),
    )
  }
}
