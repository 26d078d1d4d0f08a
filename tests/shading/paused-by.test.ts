// Who paused a blind's shading (issue 19, item 15), through the real hub: the built-in board
// with its emulated motors, the real GraphQL API, a real MQTT broker for Home Assistant's
// command. Each command that shading did not give pauses it, and the pause says whose it was:
// the asker's own ("you"), another user's (named to admins only), an automation's (named to
// those who may see it), MQTT's, or an admin's calibration run.
import type { MqttClient } from 'mqtt'
import { afterEach, describe, expect, it } from 'vitest'
import { waitFor } from '../bus/polling'
import { brokerClient, startBroker, watchTopics, type TestBroker } from '../helpers/broker'
import { startHub, type TestHub } from '../helpers/hub'
import { mqttConfig } from '../helpers/mqtt-hub'

const SHADING = `query($id: ID!) { blind(id: $id) { motion shading { reason pausedUntil
  pausedBy { kind you name } } } }`
const CREATE_BLIND = 'mutation($input: BlindInput!) { blindCreate(input: $input) { id } }'
const CREATE_AUTOMATION =
  'mutation($input: AutomationInput!) { automationCreate(input: $input) { id } }'

interface PausedBy {
  kind: string
  you: boolean
  name: string | null
}
interface ShadingAnswer {
  blind: {
    motion: string
    shading: { reason: string | null; pausedUntil: string | null; pausedBy: PausedBy | null }
  }
}

let t: TestHub | undefined
let broker: TestBroker | undefined
let ha: MqttClient | undefined
afterEach(async () => {
  await ha?.endAsync()
  await t?.close()
  await broker?.close()
  t = broker = ha = undefined
})

/** A south window that shading looks after; 1 s of travel, so a move is soon over. */
async function shadedBlind(hub: TestHub, name: string, unit = 1): Promise<string> {
  const res = await hub.gql<{ blindCreate: { id: string } }>(
    CREATE_BLIND,
    {
      input: {
        name,
        blindAddressUp: `${unit}:0`,
        blindAddressDown: `${unit}:1`,
        travelTimeMs: 1000,
        facadeAzimuth: 180,
        shadePosition: 30,
        shadingEnabled: true,
      },
    },
    hub.adminToken,
  )
  expect(res.errors).toBeUndefined()
  return res.data!.blindCreate.id
}

async function shadingOf(hub: TestHub, id: string, token: string) {
  const res = await hub.gql<ShadingAnswer>(SHADING, { id }, token)
  expect(res.errors).toBeUndefined()
  return res.data!.blind.shading
}

/** Waits until the blind's shading is paused (the command's motion has been heard). */
async function paused(hub: TestHub, id: string) {
  await waitFor(
    'shading paused',
    async () => (await shadingOf(hub, id, hub.adminToken)).pausedUntil !== null,
    20_000,
  )
  await waitFor(
    'the blind at rest',
    async () => {
      const res = await hub.gql<ShadingAnswer>(SHADING, { id }, hub.adminToken)
      return res.data!.blind.motion === 'IDLE'
    },
    20_000,
  )
}

async function move(hub: TestHub, ids: string[], token: string) {
  const res = await hub.gql(
    'mutation($ids: [ID!]!) { blindMove(ids: $ids, direction: DOWN) { id } }',
    { ids },
    token,
  )
  expect(res.errors).toBeUndefined()
}

describe('a paused blind says whose command paused its shading', { timeout: 90_000 }, () => {
  it('a person’s: “you” to them, their name to admins, only “another user” to other users', async () => {
    t = await startHub()
    const kitchen = await shadedBlind(t, 'Kitchen')
    const anna = await t.createUser('anna', { blindIds: [kitchen] })
    const ben = await t.createUser('ben', { blindIds: [kitchen] })
    const carla = await t.createUser('carla', { isAdmin: true })

    await move(t, [kitchen], anna.token)
    await paused(t, kitchen)

    expect((await shadingOf(t, kitchen, anna.token)).pausedBy).toEqual({
      kind: 'USER',
      you: true,
      name: 'anna',
    })
    expect((await shadingOf(t, kitchen, ben.token)).pausedBy).toEqual({
      kind: 'USER',
      you: false,
      name: null,
    })
    expect((await shadingOf(t, kitchen, carla.token)).pausedBy).toEqual({
      kind: 'USER',
      you: false,
      name: 'anna',
    })
    expect((await shadingOf(t, kitchen, t.adminToken)).reason).toBe('PAUSED')
  })

  it('an admin’s automation: its name to a user who may see it, none to one who may not', async () => {
    t = await startHub()
    const kitchen = await shadedBlind(t, 'Kitchen')
    const hall = await shadedBlind(t, 'Hall', 2)
    // Anna has the kitchen only, so she may see "Kitchen down" but not "Everything up".
    const anna = await t.createUser('anna', { blindIds: [kitchen] })
    const automation = async (name: string, blindIds: string[], position: number) => {
      const res = await t!.gql<{ automationCreate: { id: string } }>(
        CREATE_AUTOMATION,
        {
          input: {
            name,
            trigger: { type: 'MANUAL' },
            scene: [{ name: 'Move', type: 'POSITION', blindIds, position }],
          },
        },
        t!.adminToken,
      )
      expect(res.errors).toBeUndefined()
      return res.data!.automationCreate.id
    }
    const run = async (id: string) => {
      const res = await t!.gql(
        'mutation($id: ID!) { automationRun(id: $id) { id } }',
        { id },
        t!.adminToken,
      )
      expect(res.errors).toBeUndefined()
    }

    await run(await automation('Kitchen down', [kitchen], 0))
    await paused(t, kitchen)
    expect((await shadingOf(t, kitchen, anna.token)).pausedBy).toEqual({
      kind: 'AUTOMATION',
      you: false,
      name: 'Kitchen down',
    })

    await run(await automation('Everything up', [kitchen, hall], 100))
    await waitFor(
      'the second run paused it anew',
      async () => {
        const by = (await shadingOf(t!, kitchen, t!.adminToken)).pausedBy
        return by?.name === 'Everything up'
      },
      20_000,
    )
    expect((await shadingOf(t, kitchen, anna.token)).pausedBy).toEqual({
      kind: 'AUTOMATION',
      you: false,
      name: null,
    })
  })

  it('an admin’s calibration run: a calibration, “you” to that admin', async () => {
    t = await startHub()
    const kitchen = await shadedBlind(t, 'Kitchen')
    const anna = await t.createUser('anna', { blindIds: [kitchen] })
    const calibrate = (direction: string) =>
      t!.gql(
        'mutation($id: ID!, $d: Direction!) { blindCalibrate(id: $id, direction: $d) { direction } }',
        {
          id: kitchen,
          d: direction,
        },
        t!.adminToken,
      )
    expect((await calibrate('DOWN')).errors).toBeUndefined()
    await waitFor('shading paused', async () => {
      return (await shadingOf(t!, kitchen, t!.adminToken)).pausedUntil !== null
    })
    expect((await calibrate('STOP')).errors).toBeUndefined()
    expect((await shadingOf(t, kitchen, t.adminToken)).pausedBy).toEqual({
      kind: 'CALIBRATION',
      you: true,
      name: 'admin',
    })
    expect((await shadingOf(t, kitchen, anna.token)).pausedBy).toEqual({
      kind: 'CALIBRATION',
      you: false,
      name: null,
    })
  })

  it('a command from Home Assistant over MQTT: MQTT, to everyone', async () => {
    broker = await startBroker()
    t = await startHub({ config: { mqtt: mqttConfig(broker.url, 'pause') } })
    const kitchen = await shadedBlind(t, 'Kitchen')
    const anna = await t.createUser('anna', { blindIds: [kitchen] })
    ha = await brokerClient(broker.url, 'home-assistant')
    const seen = await watchTopics(ha, 'lamella/pause/#')
    await seen.until('lamella/pause/status', 'online')

    await ha.publishAsync(`lamella/pause/blind/${kitchen}/set`, 'CLOSE', { qos: 1 })
    await paused(t, kitchen)
    const mqtt = { kind: 'MQTT', you: false, name: null }
    expect((await shadingOf(t, kitchen, t.adminToken)).pausedBy).toEqual(mqtt)
    expect((await shadingOf(t, kitchen, anna.token)).pausedBy).toEqual(mqtt)
  })
})
