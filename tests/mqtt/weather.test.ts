// Weather protection over MQTT: a wind sensor read from a topic (a number) drives the alarm as
// a bus sensor would, and Home Assistant finds every weather sensor and a safety binary_sensor
// per alarm kind on the hub's device (ARCHITECTURE.md section 13). What Home Assistant shows is
// worked out as its MQTT platforms do (tests/helpers/ha-cover.ts): a sensor that does not read
// well is unavailable, never at its last value; a locked blind's cover says why in its
// attributes.
import { rmSync } from 'node:fs'
import { dirname } from 'node:path'
import type { MqttClient } from 'mqtt'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  brokerClient,
  brokerKind,
  startBroker,
  watchTopics,
  type TestBroker,
} from '../helpers/broker'
import { haCover, haSensor, type HaConfig } from '../helpers/ha-cover'
import { createBlind, startHub, type TestHub } from '../helpers/hub'
import { mqttConfig } from '../helpers/mqtt-hub'
import { quietPeriod } from '../helpers/quiet'
import { until } from '../bus/polling'
import type { EmulatorLink } from '../../hub/bus/link-emulator'

const SENSOR = `mutation($input: WeatherSensorInput!) {
  weatherSensorCreate(input: $input) { id } }`
const BLIND = 'query($id: ID!) { blind(id: $id) { weatherLock { kind } } }'
const MOVE = 'mutation($ids: [ID!]!, $d: Direction!) { blindMove(ids: $ids, direction: $d) { id } }'

describe(`weather over MQTT (${brokerKind()})`, () => {
  let broker: TestBroker
  let ha: MqttClient
  let t: TestHub
  let garden: string
  let sensorId: string
  const base = 'lamella/weatherhub'

  beforeAll(async () => {
    broker = await startBroker()
    ha = await brokerClient(broker.url, 'home-assistant')
    t = await startHub({ config: { mqtt: mqttConfig(broker.url, 'weatherhub'), deadTimeMs: 200 } })
    garden = await createBlind(t, 'Garden', '1:0', '1:1', 3000)
    await t.gql(
      'mutation($id: ID!) { blindUpdate(id: $id, input: { windLimit: 9 }) { id } }',
      { id: garden },
      t.adminToken,
    )
    const made = await t.gql<{ weatherSensorCreate: { id: string } }>(
      SENSOR,
      { input: { name: 'Roof wind', kind: 'WIND', mqttTopic: 'garden/wind', scale: 1 } },
      t.adminToken,
    )
    expect(made.errors).toBeUndefined()
    sensorId = made.data!.weatherSensorCreate.id
  })
  afterAll(async () => {
    await t?.close()
    await ha?.endAsync()
    await broker?.close()
  })

  it('announces the sensor and a safety binary_sensor per alarm kind on the hub’s device', async () => {
    const seen = await watchTopics(ha, [
      'homeassistant/+/lamella_weatherhub/+/config',
      `${base}/weather/#`,
    ])
    const config = JSON.parse(
      await seen.until(
        `homeassistant/sensor/lamella_weatherhub/weather_${sensorId}/config`,
        (p) => p !== '',
      ),
    )
    expect(config).toMatchObject({
      name: 'Roof wind',
      device_class: 'wind_speed',
      unit_of_measurement: 'm/s',
      state_class: 'measurement',
      state_topic: `${base}/weather/${sensorId}`,
      // Unavailable while the hub is away, and while the sensor does not read well.
      availability: [
        { topic: `${base}/status`, payload_available: 'online', payload_not_available: 'offline' },
        {
          topic: `${base}/weather/${sensorId}/availability`,
          payload_available: 'online',
          payload_not_available: 'offline',
        },
      ],
      availability_mode: 'all',
      device: { identifiers: ['lamella_weatherhub'] },
    })
    for (const kind of ['wind', 'rain', 'frost', 'sensor']) {
      const alarm = JSON.parse(
        await seen.until(
          `homeassistant/binary_sensor/lamella_weatherhub/weather_alarm_${kind}/config`,
          (p) => p !== '',
        ),
      )
      expect(alarm).toMatchObject({
        device_class: 'safety',
        state_topic: `${base}/weather/alarm_${kind}`,
        payload_on: 'ON',
      })
    }
    // No reading yet: the wind-protected blind waits, and no alarm is on.
    await seen.until(`${base}/weather/alarm_wind`, 'OFF')
  })

  it('raises the alarm from a topic’s readings, refuses moves away from safety, and tells Home Assistant', async () => {
    const seen = await watchTopics(ha, `${base}/weather/#`)
    await ha.publishAsync('garden/wind', '3.5')
    await seen.until(`${base}/weather/${sensorId}`, '3.5')
    for (let i = 0; i < 8; i++) {
      await ha.publishAsync('garden/wind', '12.5')
      await quietPeriod(500, 'half a second between two readings of the sensor')
    }
    await seen.until(`${base}/weather/alarm_wind`, 'ON')
    const lock = await t.gql<{ blind: { weatherLock: { kind: string } | null } }>(
      BLIND,
      { id: garden },
      t.adminToken,
    )
    expect(lock.data!.blind.weatherLock?.kind).toBe('WIND')
    // A command from Home Assistant meets the lock too: the down relay never goes on.
    const board = (t.hub.bus.link as EmulatorLink).emulator
    board.record.splice(0)
    await ha.publishAsync(`${base}/blind/${garden}/set`, 'CLOSE', { qos: 1 })
    const down = await t.gql(MOVE, { ids: [garden], d: 'DOWN' }, t.adminToken)
    expect(down.errors?.[0]?.extensions.code).toBe(423)
    await quietPeriod(500, 'the down relay never goes on')
    expect(board.record.filter((c) => c.unit === 1 && c.coil === 1 && c.on)).toEqual([])
    // A payload that is no number is no reading, and the sensor says why.
    await ha.publishAsync('garden/wind', 'windy', { qos: 1 })
    const error = await until("the sensor's error", async () => {
      const sensors = await t.gql<{ weather: { sensors: { error: string | null }[] } }>(
        '{ weather { sensors { error } } }',
        {},
        t.adminToken,
      )
      return sensors.data!.weather.sensors[0]?.error
    })
    expect(error).toBe('garden/wind carried "windy", not a number')
  }, 20_000)
})

describe(`what Home Assistant shows of the weather (${brokerKind()})`, () => {
  let broker: TestBroker
  let ha: MqttClient
  let hubs: TestHub[] = []
  /** Folders of databases a restarted hub went on with. */
  const folders: string[] = []

  beforeAll(async () => {
    broker = await startBroker()
    ha = await brokerClient(broker.url, 'home-assistant')
  })
  afterEach(async () => {
    for (const t of hubs.splice(0)) await t.close()
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
  })
  afterAll(async () => {
    await ha?.endAsync()
    await broker?.close()
  })

  async function hub(hubId: string, options: { dbPath?: string; weatherSilenceMs?: number } = {}) {
    const t = await startHub({ ...options, config: { mqtt: mqttConfig(broker.url, hubId) } })
    hubs.push(t)
    return t
  }

  async function mqttSensor(t: TestHub, name: string, kind: string, topic: string) {
    const made = await t.gql<{ weatherSensorCreate: { id: string } }>(
      SENSOR,
      { input: { name, kind, mqttTopic: topic } },
      t.adminToken,
    )
    expect(made.errors).toBeUndefined()
    return made.data!.weatherSensorCreate.id
  }

  /** Publishes `value` on a sensor's topic as a sensor reads, every 300 ms, until `wanted`. */
  async function readingsUntil<T>(topic: string, value: string, wanted: Promise<T>): Promise<T> {
    const reads = setInterval(() => void ha.publishAsync(topic, value).catch(() => undefined), 300)
    try {
      await ha.publishAsync(topic, value)
      return await wanted
    } finally {
      clearInterval(reads)
    }
  }

  it('shows a weather sensor unavailable until it reads, at its reading, and unavailable, not at its last value, once silent or after a restart', async () => {
    const t = await hub('silent', { weatherSilenceMs: 1500 })
    const id = await mqttSensor(t, 'Terrace', 'TEMPERATURE', 'silent/temperature')
    const rainId = await mqttSensor(t, 'Rain', 'RAIN', 'silent/rain')
    const seen = await watchTopics(ha, [
      'homeassistant/+/lamella_silent/+/config',
      'lamella/silent/status',
      'lamella/silent/weather/#',
    ])
    const configOf = async (component: string, sensor: string) =>
      JSON.parse(
        await seen.until(
          `homeassistant/${component}/lamella_silent/weather_${sensor}/config`,
          (p) => p !== '',
        ),
      ) as HaConfig
    const temperature = await configOf('sensor', id)
    const rain = await configOf('binary_sensor', rainId)
    const shows = (config: HaConfig, value: string) =>
      seen.waitFor(() => haSensor(seen.log, config) === value, `${config.state_topic} ${value}`)

    // Nothing read since the hub started: unavailable, not unknown.
    await seen.until(`lamella/silent/weather/${id}/availability`, 'offline')
    expect(haSensor(seen.log, temperature)).toBe('unavailable')
    await readingsUntil('silent/temperature', '21.5', shows(temperature, '21.5'))
    await readingsUntil('silent/rain', '1', shows(rain, '1'))
    // Silent for longer than a sensor may be: unavailable, not still 21.5.
    await shows(temperature, 'unavailable')
    await shows(rain, 'unavailable')
    expect(seen.payloadOf(temperature.state_topic)).toBe('')
    await readingsUntil('silent/temperature', '19', shows(temperature, '19'))

    // The hub restarts: unavailable until its first reading, though the last one was good.
    // (Closed by hand: close() would delete the database with its folder.)
    await t.hub.app.close()
    t.database.close()
    hubs = []
    folders.push(dirname(t.dbPath))
    await seen.until('lamella/silent/status', 'offline')
    const from = seen.log.length
    await hub('silent', { dbPath: t.dbPath, weatherSilenceMs: 1500 })
    await seen.waitFor(
      () => seen.log.slice(from).some((m) => m.topic.endsWith('/status') && m.payload === 'online'),
      'the hub online again',
    )
    await readingsUntil('silent/temperature', '18.5', shows(temperature, '18.5'))
    // After each message since the restart: never the reading from before it.
    for (let n = from + 1; n <= seen.log.length; n++) {
      expect(haSensor(seen.log.slice(0, n), temperature)).not.toBe('19')
    }
  }, 30_000)

  it('puts the weather lock of a blind in its cover’s attributes, with why and until when, and null once it lifts', async () => {
    const t = await hub('locks')
    // The sensor first: the blind then waits for its first reading where it stands, and the lock
    // that lifts with that reading changes nothing else of the blind.
    await mqttSensor(t, 'Roof wind', 'WIND', 'locks/wind')
    const garden = await createBlind(t, 'Garden', '1:0', '1:1', 3000)
    await t.gql(
      'mutation($id: ID!) { blindUpdate(id: $id, input: { windLimit: 9 }) { id } }',
      { id: garden },
      t.adminToken,
    )
    const seen = await watchTopics(ha, [
      `homeassistant/cover/lamella_locks/${garden}/config`,
      `lamella/locks/blind/${garden}/+`,
    ])
    const config = JSON.parse(
      await seen.until(`homeassistant/cover/lamella_locks/${garden}/config`, (p) => p !== ''),
    ) as HaConfig
    expect(config.json_attributes_topic).toBe(`lamella/locks/blind/${garden}/attributes`)
    type Lock = { kind: string; reason: string; since: string; until: string | null } | null
    const lock = () => haCover(seen.log, config).attributes.lock as Lock | undefined
    const locked = (test: (l: NonNullable<Lock>) => boolean, what: string) =>
      seen.waitFor(() => {
        const l = lock()
        return l && test(l) ? l : undefined
      }, what)
    const apiLock = async () =>
      (
        await t.gql<{
          blind: { weatherLock: { kind: string; reason: string; since: string } | null }
        }>(
          'query($id: ID!) { blind(id: $id) { weatherLock { kind reason since releaseAt } } }',
          { id: garden },
          t.adminToken,
        )
      ).data!.blind.weatherLock

    // No reading yet: the blind waits for the wind sensor, and Home Assistant says so.
    const waiting = await locked((l) => l.kind === 'SENSOR', 'the wind sensor lock')
    expect(waiting.reason).toMatch(/waiting for the wind sensor/)
    // The first reading lifts it: the blind stood still, nothing but the lock changed.
    await readingsUntil(
      'locks/wind',
      '3',
      seen.waitFor(() => lock() === null, 'the lock lifted'),
    )
    // A gust over the limit: the wind alarm locks the blind, and its cover says why.
    const wind = await readingsUntil(
      'locks/wind',
      '12.5',
      locked((l) => l.kind === 'WIND', 'the wind lock'),
    )
    expect(wind).toMatchObject({
      kind: 'WIND',
      reason: expect.stringContaining('wind 12.5 m/s over the limit of 9 m/s'),
      until: null,
    })
    expect(await apiLock()).toEqual({
      kind: wind.kind,
      reason: wind.reason,
      since: wind.since,
      releaseAt: null,
    })
    // Calm again: it says when the lock may lift.
    const calm = await readingsUntil(
      'locks/wind',
      '2',
      locked((l) => l.kind === 'WIND' && l.until !== null, 'a release time'),
    )
    expect(Date.parse(calm.until!)).toBeGreaterThan(Date.parse(calm.since))
    expect((await apiLock()) as unknown).toMatchObject({ releaseAt: calm.until })
    // The blind no longer wind-protected: free, and its cover says so.
    await t.gql(
      'mutation($id: ID!) { blindUpdate(id: $id, input: { windLimit: null }) { id } }',
      { id: garden },
      t.adminToken,
    )
    await seen.waitFor(() => lock() === null, 'the lock lifted')
    expect(await apiLock()).toBeNull()
    expect(seen.payloadOf(config.json_attributes_topic!)).toBe('{"lock":null}')
  }, 30_000)
})
