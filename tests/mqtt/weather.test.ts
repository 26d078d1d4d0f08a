// Weather protection over MQTT: a wind sensor read from a topic (a number) drives the alarm as
// a bus sensor would, and Home Assistant finds every weather sensor and a safety binary_sensor
// per alarm kind on the hub's device (ARCHITECTURE.md section 13).
import type { MqttClient } from 'mqtt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  brokerClient,
  brokerKind,
  startBroker,
  watchTopics,
  type TestBroker,
} from '../helpers/broker'
import { createBlind, startHub, type TestHub } from '../helpers/hub'
import { mqttConfig } from '../helpers/mqtt-hub'
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
      await new Promise((r) => setTimeout(r, 500))
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
    await new Promise((r) => setTimeout(r, 500))
    expect(board.record.filter((c) => c.unit === 1 && c.coil === 1 && c.on)).toEqual([])
    // A payload that is no number is no reading, and the sensor says why.
    await ha.publishAsync('garden/wind', 'windy', { qos: 1 })
    await new Promise((r) => setTimeout(r, 300))
    const sensors = await t.gql<{ weather: { sensors: { error: string | null }[] } }>(
      '{ weather { sensors { error } } }',
      {},
      t.adminToken,
    )
    expect(sensors.data!.weather.sensors[0]?.error).toBe(
      'garden/wind carried "windy", not a number',
    )
  }, 20_000)
})
