// What Home Assistant shows of the blinds, and what it leaves behind, over a real broker
// (Mosquitto when installed, aedes otherwise) with the hub driving simulated motors through the
// real serialport code. Home Assistant's cover is worked out from its discovery config and the
// messages in the order they arrive, as its MQTT cover platform does (tests/helpers/ha-cover.ts):
// the state it ends in after a short move, a blind not known (unavailable, never at a position
// the hub does not have), a run to the end stop; and how a run pressed there is recorded.
import type { MqttClient } from 'mqtt'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { listen } from '../bus/socket-listener'
import {
  brokerClient,
  brokerKind,
  startBroker,
  watchTopics,
  type TestBroker,
} from '../helpers/broker'
import { haCover, shownCover, type HaConfig } from '../helpers/ha-cover'
import { startHub, type TestHub } from '../helpers/hub'
import { startHubWithMotors, type LocalMotorRig, type MotorBlind } from '../helpers/motors'
import { mqttConfig } from '../helpers/mqtt-hub'
import { quietPeriod } from '../helpers/quiet'

const CALIBRATE =
  'mutation($id: ID!, $d: Direction!) { blindCalibrate(id: $id, direction: $d) { direction } }'
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe(`what Home Assistant shows (${brokerKind()})`, () => {
  let broker: TestBroker
  let ha: MqttClient
  let rig: LocalMotorRig | null = null
  let plain: TestHub | null = null

  beforeAll(async () => {
    broker = await startBroker()
    ha = await brokerClient(broker.url, 'home-assistant')
  })
  afterEach(async () => {
    await rig?.close()
    await plain?.close()
    rig = plain = null
  })
  afterAll(async () => {
    await ha.endAsync()
    await broker.close()
  })

  async function motorHub(hubId: string, ...blinds: MotorBlind[]) {
    rig = await startHubWithMotors(blinds, { mqtt: mqttConfig(broker.url, hubId) })
    return { r: rig, id: rig.ids[0]! }
  }

  /**
   * The blind's topics, watched as Home Assistant subscribes to them: its discovery config and
   * every topic the config names, the hub's status and bus among them.
   */
  async function watchBlind(hubId: string, id: string, client: MqttClient = ha) {
    const base = `lamella/${hubId}/blind/${id}`
    const topics = {
      config: `homeassistant/cover/lamella_${hubId}/${id}/config`,
      state: `${base}/state`,
      position: `${base}/position`,
      availability: `${base}/availability`,
      attributes: `${base}/attributes`,
      bus: `lamella/${hubId}/bus`,
      set: `${base}/set`,
      setPosition: `${base}/set_position`,
    }
    const seen = await watchTopics(client, [
      topics.config,
      `lamella/${hubId}/status`,
      topics.bus,
      topics.state,
      topics.position,
      topics.availability,
      topics.attributes,
    ])
    const config = JSON.parse(await seen.until(topics.config, (p) => p !== '')) as HaConfig
    expect(config).toMatchObject({
      state_topic: topics.state,
      position_topic: topics.position,
      json_attributes_topic: topics.attributes,
    })
    // What Home Assistant shows after the first `count` messages, or after all of them.
    const cover = (count = seen.log.length) => haCover(seen.log.slice(0, count), config)
    return { topics, seen, config, cover }
  }

  /** The hub learns where the blind is: a calibration run to that end, said to be there at once. */
  async function calibrated(r: LocalMotorRig, id: string, end: 'UP' | 'DOWN') {
    for (const d of [end, 'STOP']) {
      const res = await r.t.gql(CALIBRATE, { id, d }, r.t.adminToken)
      expect(res.errors).toBeUndefined()
    }
  }

  async function settled(r: LocalMotorRig) {
    const deadline = Date.now() + 20_000
    while (!(await r.settled())) {
      if (Date.now() > deadline) throw new Error('the blinds did not settle')
      await sleep(50)
    }
  }

  it('ends open at 4 % after a short move up from closed, as Home Assistant works it out', async () => {
    // 4 % of a 15 s travel is 600 ms: over before the moving-position ticker's first second.
    const { r, id } = await motorHub('short', {
      name: 'Living room',
      unit: 1,
      coil: 0,
      travelTimeUpMs: 15_000,
      travelTimeDownMs: 15_000,
      position: 0,
    })
    const { topics, seen, cover } = await watchBlind('short', id)
    await calibrated(r, id, 'DOWN')
    await seen.until(topics.state, 'closed')
    await seen.until(topics.position, '0')
    await seen.until(topics.availability, 'online')
    expect(cover()).toMatchObject({ available: true, state: 'closed', position: 0, warnings: [] })
    // Past the dead time after the calibration run down, so the move up starts at once.
    await quietPeriod(1200, 'the dead time after the run down passes')

    await ha.publishAsync(topics.setPosition, '4', { qos: 1 })
    await seen.until(topics.state, 'opening')
    await settled(r)
    await seen.until(topics.state, 'stopped')
    await seen.until(topics.position, '4')
    expect(Math.abs(r.truthOf(0).position - 4)).toBeLessThanOrEqual(1)
    // `stopped` is open or closed by the position Home Assistant holds when it arrives.
    expect(cover()).toEqual({
      available: true,
      state: 'open',
      position: 4,
      attributes: { lock: null },
      warnings: [],
    })
    const last = (topic: string) => seen.log.map((m) => m.topic).lastIndexOf(topic)
    expect(last(topics.position)).toBeLessThan(last(topics.state))
  })

  it('shows a blind whose position is not known as unavailable, also to a Home Assistant that starts later', async () => {
    plain = await startHub({ config: { mqtt: mqttConfig(broker.url, 'unknown') } })
    const res = await plain.gql<{ blindCreate: { id: string } }>(
      'mutation($input: BlindInput!) { blindCreate(input: $input) { id } }',
      {
        input: {
          name: 'Never moved',
          blindAddressUp: '1:0',
          blindAddressDown: '1:1',
          travelTimeMs: 20_000,
        },
      },
      plain.adminToken,
    )
    const id = res.data!.blindCreate.id
    const { topics, seen, cover } = await watchBlind('unknown', id)
    await seen.until('lamella/unknown/status', 'online')
    await seen.until(topics.bus, 'online')
    await seen.until(topics.state, 'None')
    await seen.until(topics.availability, 'offline')
    // The hub and its bus are there, the blind's position is not: unavailable, not "open".
    expect(cover()).toMatchObject({
      available: false,
      state: 'unknown',
      position: null,
      warnings: [],
    })

    // Home Assistant restarting finds the same on the broker: unavailable, and no stale position.
    const later = await brokerClient(broker.url, 'home-assistant-later')
    const again = await watchBlind('unknown', id, later)
    await again.seen.until(topics.availability, 'offline')
    await again.seen.until(topics.state, 'None')
    await quietPeriod(300, 'no retained position follows')
    expect(again.seen.payloadOf(topics.position)).toBeUndefined()
    expect(again.cover()).toMatchObject({ available: false, state: 'unknown', position: null })
    await later.endAsync()
  })

  it('makes a blind unavailable while its position is not known, never showing the old one, and available at the new one once known', async () => {
    // A second blind on another board keeps the bus online: the cover goes unavailable for its
    // own position alone.
    const { r, id } = await motorHub(
      'forgets',
      {
        name: 'Bathroom',
        unit: 1,
        coil: 0,
        travelTimeUpMs: 4000,
        travelTimeDownMs: 4000,
        position: 0,
      },
      { name: 'Hall', unit: 2, coil: 0, travelTimeUpMs: 4000, travelTimeDownMs: 4000 },
    )
    const { topics, seen, cover } = await watchBlind('forgets', id)
    await calibrated(r, id, 'DOWN')
    await seen.until(topics.position, '0')
    await seen.until(topics.availability, 'online')
    expect(shownCover(cover())).toBe('closed 0 %')
    const from = seen.log.length

    // The board stops answering as the move up is sent: it may have run, or not.
    r.board.emulator.setFault({ kind: 'no-answer' }, 1)
    await ha.publishAsync(topics.setPosition, '50', { qos: 1 })
    await seen.until(topics.availability, 'offline')
    await seen.until(topics.state, 'None')
    r.board.emulator.setFault({ kind: 'none' }, 1)
    expect((await r.stateOf(id)).position).toBeNull()
    // Home Assistant ignores the emptied position and the `None`, and would go on showing 0 %:
    // the cover is unavailable instead, while the hub and its bus are online.
    expect(await seen.until(topics.position, '')).toBe('')
    expect(seen.payloadOf(topics.bus)).toBe('online')
    expect(cover()).toMatchObject({ available: false, warnings: [] })
    // One that starts later finds it unavailable, and no number that is no longer true.
    const later = await brokerClient(broker.url, 'home-assistant-after-fault')
    const retained = await watchBlind('forgets', id, later)
    await retained.seen.until(topics.availability, 'offline')
    await retained.seen.until(topics.state, 'None')
    await quietPeriod(300, 'no retained position follows')
    expect(retained.seen.payloadOf(topics.position)).toBeUndefined()
    expect(retained.cover()).toMatchObject({ available: false, position: null })
    await later.endAsync()

    // The hub learns where the blind is again (from the UI: Home Assistant cannot command an
    // unavailable cover), and Home Assistant shows it there.
    await calibrated(r, id, 'UP')
    await seen.until(topics.availability, 'online')
    expect(cover()).toMatchObject({ available: true, state: 'open', position: 100 })
    // What Home Assistant showed after each message from the fault on: once the hub lost the
    // position, nothing but unavailable until the new one.
    const shown: string[] = []
    for (let n = from + 1; n <= seen.log.length; n++) {
      const now = shownCover(cover(n))
      if (shown.at(-1) !== now) shown.push(now)
    }
    expect(shown.slice(shown.indexOf('unavailable'))).toEqual(['unavailable', 'open 100 %'])
    // The bus never changed meanwhile: the blind's own availability did all of it.
    const busChanges = seen.log.slice(from).filter((m) => m.topic === topics.bus)
    expect(busChanges).toEqual([])
  })

  it('says closed at 0 % the moment the blind reaches its end stop, while the relay still runs on', async () => {
    const { r, id } = await motorHub('endstop', {
      name: 'Patio',
      unit: 1,
      coil: 0,
      travelTimeUpMs: 4000,
      travelTimeDownMs: 4000,
      position: 100,
    })
    const { topics, seen, cover } = await watchBlind('endstop', id)
    await calibrated(r, id, 'UP')
    await seen.until(topics.state, 'open')
    await quietPeriod(1200, 'the dead time after the run up passes')
    await ha.publishAsync(topics.setPosition, '25', { qos: 1 })
    await settled(r)
    await seen.until(topics.state, 'stopped')
    const browser = await listen(r.t.url, r.t.adminToken)
    try {
      // A run to the end stop is a full travel and the run-on, 6 s: from 25 % the blind is
      // there after 1 s, and the relay runs 5 s more.
      const from = seen.log.length
      await ha.publishAsync(topics.set, 'CLOSE', { qos: 1 })
      await seen.until(topics.state, 'closing')
      await seen.until(topics.state, 'closed')
      expect(r.truthOf(0).relay).not.toBeNull()
      expect(cover()).toMatchObject({
        available: true,
        state: 'closed',
        position: 0,
        warnings: [],
      })
      // Browsers hear it too, the moment the estimate gets there.
      const arrived = await browser.next(
        'blind:motion',
        (m) => m.id === id && m.motion === 'MOVING_DOWN' && m.position === 0,
      )
      expect(arrived.endsAt).not.toBeNull()

      await settled(r)
      expect(r.truthOf(0).position).toBe(0)
      // Nothing went back to closing while the relay ran on, nor after.
      const states = seen.log
        .slice(from)
        .filter((m) => m.topic === topics.state)
        .map((m) => m.payload)
      expect(states).toEqual(['closing', 'closed'])
      expect(seen.payloadOf(topics.position)).toBe('0')
    } finally {
      browser.close()
    }
  })

  it('records a run pressed in Home Assistant as started over MQTT, and one from the UI as manual', async () => {
    plain = await startHub({ config: { mqtt: mqttConfig(broker.url, 'runs') } })
    const created = await plain.gql<{ automationCreate: { id: string } }>(
      'mutation($input: AutomationInput!) { automationCreate(input: $input) { id } }',
      {
        input: {
          name: 'Just a pause',
          trigger: { type: 'MANUAL' },
          scene: [{ name: 'Wait', type: 'DELAY', duration: 100 }],
        },
      },
      plain.adminToken,
    )
    const automationId = created.data!.automationCreate.id
    const base = `lamella/runs/automation/${automationId}`
    const seen = await watchTopics(ha, `${base}/+`)
    await seen.until(`${base}/state`, 'idle')
    await ha.publishAsync(`${base}/run`, 'PRESS', { qos: 1 })
    await seen.until(`${base}/last_run`, (p) => p.includes('"SUCCEEDED"'))

    const ran = await plain.gql<{ automationRun: { id: string } }>(
      'mutation($id: ID!) { automationRun(id: $id) { id } }',
      { id: automationId },
      plain.adminToken,
    )
    expect(ran.errors).toBeUndefined()
    const runs = await plain.gql<{ automationRuns: { source: string; status: string }[] }>(
      'query($id: ID!) { automationRuns(automationId: $id) { source status } }',
      { id: automationId },
      plain.adminToken,
    )
    // Newest first.
    expect(runs.data!.automationRuns.map((run) => run.source)).toEqual(['manual', 'mqtt'])
    expect(runs.data!.automationRuns[1]!.status).toBe('SUCCEEDED')
  })
})
