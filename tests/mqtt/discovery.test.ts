// Home Assistant discovery over a real broker (Mosquitto when installed, aedes otherwise), read
// by a real mqtt.js client as Home Assistant would: every field of a cover and a button checked
// against Home Assistant's MQTT cover and button documentation; renames, deletes and Home
// Assistant's restart; what the broker kept of entities deleted while the hub was away, of any
// component; two hubs on one broker with nothing in common.
import { randomUUID } from 'node:crypto'
import type { MqttClient } from 'mqtt'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { hubVersion } from '../../hub/paths'
import {
  brokerClient,
  brokerKind,
  startBroker,
  watchTopics,
  type TestBroker,
} from '../helpers/broker'
import { startHub, type TestHub } from '../helpers/hub'
import { mqttConfig } from '../helpers/mqtt-hub'
import { startTcpProxy } from '../helpers/tcp-proxy'
import { startHubProcess } from '../bus/hub-process'
import { quietPeriod } from '../helpers/quiet'

const CREATE_BLIND = 'mutation($input: BlindInput!) { blindCreate(input: $input) { id } }'
const UPDATE_BLIND =
  'mutation($id: ID!, $input: BlindInput!) { blindUpdate(id: $id, input: $input) { id } }'
const DELETE_BLIND = 'mutation($id: ID!) { blindDelete(ids: [$id]) }'
const CREATE_AUTOMATION =
  'mutation($input: AutomationInput!) { automationCreate(input: $input) { id } }'
const DELETE_AUTOMATION = 'mutation($id: ID!) { automationDelete(ids: [$id]) }'
const CREATE_SENSOR =
  'mutation($input: WeatherSensorInput!) { weatherSensorCreate(input: $input) { id } }'

async function created<T>(p: Promise<{ data: T | null; errors?: unknown }>): Promise<T> {
  const res = await p
  if (!res.data) throw new Error(JSON.stringify(res.errors))
  return res.data
}

describe(`Home Assistant discovery on a real broker (${brokerKind()})`, () => {
  let broker: TestBroker
  let ha: MqttClient
  const hubs: TestHub[] = []

  beforeAll(async () => {
    broker = await startBroker()
    ha = await brokerClient(broker.url, 'home-assistant')
  })
  afterEach(async () => {
    for (const t of hubs.splice(0)) await t.close()
  })
  afterAll(async () => {
    await ha.endAsync()
    await broker.close()
  })

  async function hubOnBroker(hubId: string) {
    const t = await startHub({ config: { mqtt: mqttConfig(broker.url, hubId) } })
    hubs.push(t)
    return t
  }

  const blindInput = (name: string, up: string, extra: Record<string, unknown> = {}) => ({
    name,
    blindAddressUp: up,
    blindAddressDown: `${up.split(':')[0]}:${Number(up.split(':')[1]) + 1}`,
    travelTimeUpMs: 20000,
    travelTimeDownMs: 18000,
    ...extra,
  })

  it('announces each blind as a cover and each automation as a button, field by field', async () => {
    const seen = await watchTopics(ha, ['homeassistant/#', 'lamella/#'])
    const t = await hubOnBroker('upstairs')
    const { blindCreate: roller } = await created(
      t.gql<{ blindCreate: { id: string } }>(
        CREATE_BLIND,
        { input: blindInput('Bedroom window', '1:0', { room: 'Bedroom' }) },
        t.adminToken,
      ),
    )
    const { blindCreate: venetian } = await created(
      t.gql<{ blindCreate: { id: string } }>(
        CREATE_BLIND,
        { input: blindInput('Study', '1:2', { tiltTimeMs: 1500 }) },
        t.adminToken,
      ),
    )
    const { automationCreate: morning } = await created(
      t.gql<{ automationCreate: { id: string } }>(
        CREATE_AUTOMATION,
        {
          input: {
            name: 'Good morning',
            trigger: { type: 'MANUAL' },
            scene: [{ name: 'Up', type: 'POSITION', blindIds: [roller.id], position: 100 }],
          },
        },
        t.adminToken,
      ),
    )

    const base = 'lamella/upstairs'
    const coverTopic = `homeassistant/cover/lamella_upstairs/${roller.id}/config`
    const cover = JSON.parse(await seen.until(coverTopic, (p) => p.length > 0))
    const availability = [
      { topic: `${base}/status`, payload_available: 'online', payload_not_available: 'offline' },
      { topic: `${base}/bus`, payload_available: 'online', payload_not_available: 'offline' },
    ]
    // The options of https://www.home-assistant.io/integrations/cover.mqtt/, nothing else.
    expect(cover).toEqual({
      name: null,
      unique_id: `lamella_upstairs_${roller.id}`,
      device_class: 'shade',
      command_topic: `${base}/blind/${roller.id}/set`,
      payload_open: 'OPEN',
      payload_close: 'CLOSE',
      payload_stop: 'STOP',
      state_topic: `${base}/blind/${roller.id}/state`,
      state_open: 'open',
      state_opening: 'opening',
      state_closed: 'closed',
      state_closing: 'closing',
      state_stopped: 'stopped',
      position_topic: `${base}/blind/${roller.id}/position`,
      set_position_topic: `${base}/blind/${roller.id}/set_position`,
      position_open: 100,
      position_closed: 0,
      json_attributes_topic: `${base}/blind/${roller.id}/attributes`,
      optimistic: false,
      qos: 1,
      retain: false,
      // Unavailable while the hub is away, its bus is, or the blind's position is not known.
      availability: [
        ...availability,
        {
          topic: `${base}/blind/${roller.id}/availability`,
          payload_available: 'online',
          payload_not_available: 'offline',
        },
      ],
      availability_mode: 'all',
      device: {
        identifiers: [`lamella_upstairs_${roller.id}`],
        name: 'Bedroom window',
        manufacturer: 'Lamella',
        model: 'Blind on relays',
        sw_version: hubVersion,
        via_device: 'lamella_upstairs',
        suggested_area: 'Bedroom',
      },
      origin: { name: 'Lamella', sw_version: hubVersion },
    })
    // Retained, so a Home Assistant that starts later finds it.
    expect(seen.log.find((m) => m.topic === coverTopic)).toBeDefined()

    const slatsTopic = `homeassistant/cover/lamella_upstairs/${venetian.id}/config`
    const slats = JSON.parse(await seen.until(slatsTopic, (p) => p.length > 0))
    expect(slats).toMatchObject({
      device_class: 'blind',
      tilt_status_topic: `${base}/blind/${venetian.id}/tilt`,
      tilt_command_topic: `${base}/blind/${venetian.id}/set_tilt`,
      tilt_min: 0,
      tilt_max: 100,
      tilt_opened_value: 100,
      tilt_closed_value: 0,
    })
    expect(slats.device).not.toHaveProperty('suggested_area')
    expect(cover).not.toHaveProperty('tilt_command_topic')

    const buttonTopic = `homeassistant/button/lamella_upstairs/${morning.id}/config`
    const button = JSON.parse(await seen.until(buttonTopic, (p) => p.length > 0))
    // https://www.home-assistant.io/integrations/button.mqtt/
    expect(button).toEqual({
      name: 'Good morning',
      unique_id: `lamella_upstairs_${morning.id}`,
      command_topic: `${base}/automation/${morning.id}/run`,
      payload_press: 'PRESS',
      icon: 'mdi:play',
      qos: 1,
      retain: false,
      availability,
      availability_mode: 'all',
      device: {
        identifiers: ['lamella_upstairs'],
        name: 'Lamella upstairs',
        manufacturer: 'Lamella',
        model: 'Lamella hub',
        sw_version: hubVersion,
        configuration_url: `${t.url}/`,
      },
      origin: { name: 'Lamella', sw_version: hubVersion },
    })

    // The state those configs point at is there, retained, for a subscriber that comes later.
    const late = await brokerClient(broker.url, 'late-subscriber')
    const retained = await watchTopics(late, `${base}/#`)
    await retained.until(`${base}/status`, 'online')
    await retained.until(`${base}/bus`, 'online')
    // Never run to an end stop: not known, Home Assistant's `None`, and so unavailable.
    await retained.until(`${base}/blind/${roller.id}/state`, 'None')
    await retained.until(`${base}/blind/${roller.id}/availability`, 'offline')
    await retained.until(`${base}/blind/${roller.id}/attributes`, '{"lock":null}')
    await retained.until(`${base}/automation/${morning.id}/state`, 'idle')
    expect(retained.log.every((m) => m.retain)).toBe(true)
    await late.endAsync()
  })

  it("announces the hub's device, with a link to the UI, before any blind names it as its via_device, with no automation at all", async () => {
    const t = await hubOnBroker('devices')
    for (const [name, up] of [
      ['Kitchen', '1:0'],
      ['Study', '1:2'],
    ] as const) {
      await created(t.gql(CREATE_BLIND, { input: blindInput(name, up) }, t.adminToken))
    }
    // Home Assistant starting with the hub running: everything is announced again, in order.
    const seen = await watchTopics(ha, 'homeassistant/+/lamella_devices/+/config')
    // The creations' own announcements may still be on their way: only what follows
    // Home Assistant's `online` is its re-announcement.
    await seen.waitFor(
      () =>
        new Set(seen.log.filter((m) => m.topic.includes('/cover/')).map((m) => m.topic)).size === 2,
      'both covers created',
    )
    const from = seen.log.length
    await ha.publishAsync('homeassistant/status', 'online', { qos: 1 })
    const announced = () =>
      seen.log
        .slice(from)
        .filter((m) => m.topic.includes('/lamella_devices/') && !m.retain && m.payload !== '')
        .map((m) => ({ topic: m.topic, config: JSON.parse(m.payload) }))
    await seen.waitFor(
      () => announced().filter((a) => a.topic.includes('/cover/')).length === 2,
      'both covers announced again',
    )
    const configs = announced()
    const hubAt = configs.findIndex((a) => a.config.device.identifiers.includes('lamella_devices'))
    expect(hubAt).toBeGreaterThanOrEqual(0)
    const hub = configs[hubAt]!
    const base = 'lamella/devices'
    // https://www.home-assistant.io/integrations/binary_sensor.mqtt/
    expect(hub).toEqual({
      topic: 'homeassistant/binary_sensor/lamella_devices/bus/config',
      config: {
        name: 'Relay bus',
        unique_id: 'lamella_devices_bus',
        device_class: 'connectivity',
        entity_category: 'diagnostic',
        state_topic: `${base}/bus`,
        payload_on: 'online',
        payload_off: 'offline',
        qos: 1,
        availability: [
          {
            topic: `${base}/status`,
            payload_available: 'online',
            payload_not_available: 'offline',
          },
        ],
        device: {
          identifiers: ['lamella_devices'],
          name: 'Lamella devices',
          manufacturer: 'Lamella',
          model: 'Lamella hub',
          sw_version: hubVersion,
          configuration_url: `${t.url}/`,
        },
        origin: { name: 'Lamella', sw_version: hubVersion },
      },
    })
    // Every device another names as its via_device was announced before it.
    configs.forEach((a, i) => {
      const via = a.config.device.via_device as string | undefined
      if (via === undefined) return
      const declared = configs.findIndex((b) => b.config.device.identifiers.includes(via))
      expect(declared, `${a.topic} names ${via}`).toBeGreaterThanOrEqual(0)
      expect(declared, `${a.topic} names ${via}`).toBeLessThan(i)
    })

    // A Home Assistant seeing the broker for the first time finds the hub's device there too,
    // and its relay bus connected.
    const first = await brokerClient(broker.url, 'first-look')
    const retained = await watchTopics(first, [
      'homeassistant/binary_sensor/lamella_devices/+/config',
      `${base}/bus`,
    ])
    await retained.until(hub.topic, JSON.stringify(hub.config))
    await retained.until(`${base}/bus`, 'online')
    await first.endAsync()
  })

  it('renames a cover when the blind is renamed, and removes what was deleted', async () => {
    const seen = await watchTopics(ha, ['homeassistant/#', 'lamella/#'])
    const t = await hubOnBroker('renames')
    const { blindCreate: blind } = await created(
      t.gql<{ blindCreate: { id: string } }>(
        CREATE_BLIND,
        { input: blindInput('Hall', '2:0') },
        t.adminToken,
      ),
    )
    const { automationCreate: automation } = await created(
      t.gql<{ automationCreate: { id: string } }>(
        CREATE_AUTOMATION,
        {
          input: {
            name: 'Evening',
            trigger: { type: 'MANUAL' },
            scene: [{ name: 'Down', type: 'POSITION', blindIds: [blind.id], position: 0 }],
          },
        },
        t.adminToken,
      ),
    )
    const coverTopic = `homeassistant/cover/lamella_renames/${blind.id}/config`
    await seen.until(coverTopic, (p) => p.includes('"Hall"'))

    await created(
      t.gql(
        UPDATE_BLIND,
        { id: blind.id, input: blindInput('Front hall', '2:0', { room: 'Hall' }) },
        t.adminToken,
      ),
    )
    const renamed = JSON.parse(await seen.until(coverTopic, (p) => p.includes('Front hall')))
    expect(renamed.device).toMatchObject({ name: 'Front hall', suggested_area: 'Hall' })
    expect(renamed.unique_id).toBe(`lamella_renames_${blind.id}`)

    // Deleting the automation first: the blind is in use until then.
    const buttonTopic = `homeassistant/button/lamella_renames/${automation.id}/config`
    await seen.until(buttonTopic, (p) => p.length > 0)
    await created(t.gql(DELETE_AUTOMATION, { id: automation.id }, t.adminToken))
    await seen.until(buttonTopic, '')
    await seen.until(`lamella/renames/automation/${automation.id}/state`, '')

    await created(t.gql(DELETE_BLIND, { id: blind.id }, t.adminToken))
    await seen.until(coverTopic, '')
    await seen.until(`lamella/renames/blind/${blind.id}/state`, '')

    // Nothing of either is retained any more.
    const late = await brokerClient(broker.url, 'after-delete')
    const retained = await watchTopics(late, [
      'homeassistant/+/lamella_renames/#',
      'lamella/renames/#',
    ])
    await retained.until('lamella/renames/status', 'online')
    await quietPeriod(300, 'no retained topic of what was deleted arrives')
    const leftovers = [...retained.latest.keys()].filter(
      (topic) => topic.includes(blind.id) || topic.includes(automation.id),
    )
    expect(leftovers).toEqual([])
    await late.endAsync()
  })

  it('announces everything again when Home Assistant says online, and clears a blind deleted while the hub was away', async () => {
    const first = await hubOnBroker('returns')
    const { blindCreate: kept } = await created(
      first.gql<{ blindCreate: { id: string } }>(
        CREATE_BLIND,
        { input: blindInput('Kept', '3:0') },
        first.adminToken,
      ),
    )
    const { blindCreate: gone } = await created(
      first.gql<{ blindCreate: { id: string } }>(
        CREATE_BLIND,
        { input: blindInput('Gone', '3:2') },
        first.adminToken,
      ),
    )
    const { weatherSensorCreate: sensor } = await created(
      first.gql<{ weatherSensorCreate: { id: string } }>(
        CREATE_SENSOR,
        { input: { name: 'Roof wind', kind: 'WIND', mqttTopic: 'returns/wind' } },
        first.adminToken,
      ),
    )
    const seen = await watchTopics(ha, 'homeassistant/+/lamella_returns/+/config')
    const goneTopic = `homeassistant/cover/lamella_returns/${gone.id}/config`
    const sensorTopic = `homeassistant/sensor/lamella_returns/weather_${sensor.id}/config`
    await seen.until(goneTopic, (p) => p.length > 0)
    await seen.until(sensorTopic, (p) => p.length > 0)

    // The hub stops; the blind is deleted from its database while it is away; it starts again.
    const dbPath = first.dbPath
    await first.hub.app.close()
    first.database.close()
    hubs.splice(hubs.indexOf(first), 1)
    const { openDatabase } = await import('../../hub/db/open')
    const offline = openDatabase(dbPath)
    offline.sqlite.prepare('DELETE FROM blinds WHERE id = ?').run(gone.id)
    offline.sqlite.prepare('DELETE FROM weather_sensors WHERE id = ?').run(sensor.id)
    offline.close()
    const again = await startHub({ dbPath, config: { mqtt: mqttConfig(broker.url, 'returns') } })
    hubs.push(again)
    await seen.until(goneTopic, '')
    await seen.until(sensorTopic, '')

    // Home Assistant restarts: it has forgotten everything and says so with its birth message.
    const keptTopic = `homeassistant/cover/lamella_returns/${kept.id}/config`
    const before = seen.log.filter((m) => m.topic === keptTopic).length
    await ha.publishAsync('homeassistant/status', 'online', { qos: 1 })
    await seen.waitFor(
      () => seen.log.filter((m) => m.topic === keptTopic).length > before,
      'the cover announced again',
    )
  })

  it('removes at a reconnect what the broker kept of anything deleted while the hub was away, of every component, and nothing of its own or of another hub', async () => {
    const proxy = await startTcpProxy(broker.port)
    const t = await startHub({ config: { mqtt: mqttConfig(proxy.url, 'tidy') } })
    try {
      const { blindCreate: blind } = await created(
        t.gql<{ blindCreate: { id: string } }>(
          CREATE_BLIND,
          { input: blindInput('Kept', '1:0') },
          t.adminToken,
        ),
      )
      const { automationCreate: automation } = await created(
        t.gql<{ automationCreate: { id: string } }>(
          CREATE_AUTOMATION,
          {
            input: {
              name: 'Kept too',
              trigger: { type: 'MANUAL' },
              scene: [{ name: 'Wait', type: 'DELAY', duration: 100 }],
            },
          },
          t.adminToken,
        ),
      )
      const { weatherSensorCreate: sensor } = await created(
        t.gql<{ weatherSensorCreate: { id: string } }>(
          CREATE_SENSOR,
          { input: { name: 'Roof wind', kind: 'WIND', mqttTopic: 'tidy/wind' } },
          t.adminToken,
        ),
      )
      const config = (component: string, node: string, id: string) =>
        `homeassistant/${component}/${node}/${id}/config`
      const live = [
        config('binary_sensor', 'lamella_tidy', 'bus'),
        config('cover', 'lamella_tidy', blind.id),
        config('button', 'lamella_tidy', automation.id),
        config('sensor', 'lamella_tidy', `weather_${sensor.id}`),
        ...['wind', 'rain', 'frost', 'sensor'].map((kind) =>
          config('binary_sensor', 'lamella_tidy', `weather_alarm_${kind}`),
        ),
      ]
      const seen = await watchTopics(ha, ['homeassistant/+/+/+/config', 'lamella/+/#'])
      for (const topic of live) await seen.until(topic, (p) => p.length > 0)

      // The hub loses the broker; meanwhile the broker holds what an earlier run of the hub left
      // behind, of every component, and configs of other hubs, one with a longer id.
      await proxy.cut()
      await seen.until('lamella/tidy/status', 'offline')
      const sensorGone = randomUUID()
      const rainGone = randomUUID()
      const blindGone = randomUUID()
      const automationGone = randomUUID()
      const stale = [
        config('sensor', 'lamella_tidy', `weather_${sensorGone}`),
        config('binary_sensor', 'lamella_tidy', `weather_${rainGone}`),
        config('cover', 'lamella_tidy', blindGone),
        config('button', 'lamella_tidy', automationGone),
        config('switch', 'lamella_tidy', 'from_an_older_version'),
        // The live wind sensor, announced by a run when it was a rain sensor.
        config('binary_sensor', 'lamella_tidy', `weather_${sensor.id}`),
      ]
      const staleState = [
        `lamella/tidy/weather/${sensorGone}`,
        `lamella/tidy/weather/${sensorGone}/availability`,
        `lamella/tidy/blind/${blindGone}/position`,
        `lamella/tidy/blind/${blindGone}/availability`,
        `lamella/tidy/automation/${automationGone}/state`,
      ]
      const others = [
        config('sensor', 'lamella_tidy-annex', `weather_${sensorGone}`),
        config('cover', 'lamella_other', blindGone),
        config('sensor', 'somebody_else', 'temperature'),
      ]
      const payload = JSON.stringify({ name: 'left behind', state_topic: 'somewhere' })
      for (const topic of [...stale, ...others]) {
        await ha.publishAsync(topic, payload, { qos: 1, retain: true })
      }
      for (const topic of staleState) await ha.publishAsync(topic, '30', { qos: 1, retain: true })
      const from = seen.log.length

      await proxy.mend()
      for (const topic of [...stale, ...staleState]) await seen.until(topic, '')
      await seen.until('lamella/tidy/status', 'online')
      // Of its configs, only the stale ones were emptied: its own were announced again.
      const emptied = seen.log
        .slice(from)
        .filter((m) => m.payload === '' && m.topic.endsWith('/config'))
        .map((m) => m.topic)
      expect(new Set(emptied)).toEqual(new Set(stale))

      // What a Home Assistant starting now finds: the hub's live entities and the others'.
      const look = await brokerClient(broker.url, 'tidy-look')
      const retained = await watchTopics(look, ['homeassistant/+/+/+/config', 'lamella/tidy/#'])
      for (const topic of live) await retained.until(topic, (p) => p.length > 0)
      for (const topic of others) await retained.until(topic, payload)
      await retained.until(`lamella/tidy/weather/${sensor.id}/availability`, 'offline')
      for (const topic of [...stale, ...staleState]) {
        expect(retained.payloadOf(topic), topic).toBeUndefined()
      }
      await look.endAsync()
      for (const topic of others) await ha.publishAsync(topic, '', { qos: 1, retain: true })
    } finally {
      await t.close()
      await proxy.close()
    }
  })

  it('keeps two hubs on one broker apart: two devices, no topic or unique_id in common', async () => {
    const seen = await watchTopics(ha, ['homeassistant/#', 'lamella/#'])
    const a = await hubOnBroker('ground-floor')
    const b = await hubOnBroker('garden-house')
    // The same relay address on each hub's own bus.
    const input = { input: blindInput('Window', '1:0', { room: 'Living' }) }
    const { blindCreate: blindA } = await created(
      a.gql<{ blindCreate: { id: string } }>(CREATE_BLIND, input, a.adminToken),
    )
    const { blindCreate: blindB } = await created(
      b.gql<{ blindCreate: { id: string } }>(CREATE_BLIND, input, b.adminToken),
    )
    const cfgA = JSON.parse(
      await seen.until(
        `homeassistant/cover/lamella_ground-floor/${blindA.id}/config`,
        (p) => p.length > 0,
      ),
    )
    const cfgB = JSON.parse(
      await seen.until(
        `homeassistant/cover/lamella_garden-house/${blindB.id}/config`,
        (p) => p.length > 0,
      ),
    )
    expect(cfgA.device.via_device).toBe('lamella_ground-floor')
    expect(cfgB.device.via_device).toBe('lamella_garden-house')
    expect(cfgA.unique_id).not.toBe(cfgB.unique_id)

    const topicsOf = (cfg: Record<string, unknown>) =>
      Object.entries(cfg)
        .filter(([k]) => k.endsWith('_topic'))
        .map(([, v]) => v as string)
        .concat((cfg.availability as { topic: string }[]).map((x) => x.topic))
    const shared = topicsOf(cfgA).filter((topic) => topicsOf(cfgB).includes(topic))
    expect(shared).toEqual([])
    await seen.until('lamella/ground-floor/status', 'online')
    await seen.until('lamella/garden-house/status', 'online')

    // A command to one hub moves nothing on the other.
    await ha.publishAsync(`lamella/garden-house/blind/${blindB.id}/set`, 'CLOSE', { qos: 1 })
    await seen.until(`lamella/garden-house/blind/${blindB.id}/state`, 'closing')
    expect(seen.payloadOf(`lamella/ground-floor/blind/${blindA.id}/state`)).toBe('None')
  })

  it('stops at once when the broker vanished a moment before, and its last will says offline', async () => {
    const proxy = await startTcpProxy(broker.port)
    const seen = await watchTopics(ha, 'lamella/vanished/status')
    try {
      const t = await startHub({ config: { mqtt: mqttConfig(proxy.url, 'vanished') } })
      await seen.until('lamella/vanished/status', 'online')
      // The link is gone, and the hub has not noticed yet: its goodbye is never acknowledged.
      await proxy.cut()
      // Within Fastify's close timeout, which would throw otherwise.
      await t.close()
      await seen.until('lamella/vanished/status', 'offline')
    } finally {
      await proxy.close()
    }
  })

  it('says online while the hub runs, offline when it stops, and offline by its last will when it dies', async () => {
    const seen = await watchTopics(ha, 'lamella/process/+')
    const env = { LAMELLA_MQTT_URL: broker.url, LAMELLA_HUB_ID: 'process' }
    const first = await startHubProcess({ serial: 'emulator', env })
    try {
      await seen.until('lamella/process/status', 'online')
      await seen.until('lamella/process/bus', 'online')
      await first.signal('SIGKILL')
      // Nobody said goodbye: the broker publishes the hub's last will.
      await seen.until('lamella/process/status', 'offline')
    } finally {
      await first.close()
    }

    // A hub whose RS-485 adapter is missing is online, and says its bus is not.
    const second = await startHubProcess({ serial: '/dev/ttyLAMELLA-missing', env })
    try {
      await seen.until('lamella/process/status', 'online')
      await seen.until('lamella/process/bus', 'offline')
      expect((await second.signal('SIGTERM')).code).toBe(0)
      await seen.until('lamella/process/status', 'offline')
      // It said so itself on the way out.
      expect(second.lines.join('\n')).not.toContain('lost the MQTT broker')
    } finally {
      await second.close()
    }
    // Two hub processes start, one after the other: over 20 s on a busy machine.
  }, 60_000)
})
