// Weather protection for Home Assistant (ARCHITECTURE.md section 13): a sensor per weather
// sensor (wind speed, temperature; rain as a moisture binary_sensor) and a safety binary_sensor
// per alarm kind, all on the hub's device; their states retained under `<base>/weather/`. Each
// weather sensor is unavailable while it does not read well (silent, failing, or not read yet
// since the hub started): Home Assistant ignores an empty value and would show the last one.
// Sensors read over MQTT have their topics followed here and handed to hub/weather.
import type { WeatherAlarmKind } from '../realtime/events'
import type { WeatherKind } from '../validation/weather'
import {
  hubDevice,
  hubOnline,
  onlineTopic,
  origin,
  uniqueId,
  type DiscoveryContext,
  type RetainedOut,
} from './discovery'

const ALARM_KINDS: readonly WeatherAlarmKind[] = ['WIND', 'RAIN', 'FROST', 'SENSOR']
/**
 * How often the sensors' states are looked at between announcements: a sensor that falls silent
 * changes no reading, so nothing else would tell Home Assistant it went offline.
 */
const SENSORS_CHECKED_EVERY_MS = 1000

const ALARM_NAMES: Record<WeatherAlarmKind, string> = {
  WIND: 'Wind alarm',
  RAIN: 'Rain alarm',
  FROST: 'Frost alarm',
  SENSOR: 'Wind sensor alarm',
}

export interface WeatherSource {
  sensors(): WeatherSensorState[]
  alarmKinds(): WeatherAlarmKind[]
  mqttTopics(): string[]
  mqttMessage(topic: string, payload: string): void
}

export interface WeatherSensorState {
  id: string
  name: string
  kind: WeatherKind
  value: number | null
  /** Whether it read well lately (hub/weather/readings); false until its first reading. */
  online: boolean
}

export interface WeatherPublisher extends RetainedOut {
  subscribe(topics: string[]): void
  unsubscribe(topics: string[]): void
}

export class MqttWeather {
  /** Each sensor announced, by id, with the config topic it was announced on. */
  private announced = new Map<string, string | null>()
  private followed = new Set<string>()
  private checker: NodeJS.Timeout | null = null

  constructor(
    private readonly source: WeatherSource,
    private readonly ctx: DiscoveryContext,
    private readonly out: WeatherPublisher,
  ) {}

  /** A new connection: everything again, and the sensors watched from now on. */
  connected(): void {
    this.followed.clear()
    this.announce()
    this.checker ??= setInterval(() => {
      if (this.out.linked()) this.publishSensors(this.source.sensors())
    }, SENSORS_CHECKED_EVERY_MS)
    this.checker.unref()
  }

  stop(): void {
    if (this.checker) clearInterval(this.checker)
    this.checker = null
  }

  /** The discovery configs of the sensors and alarms there are now. */
  configTopics(): string[] {
    const { topics } = this.ctx
    const alarms = ALARM_KINDS.map((kind) =>
      topics.discovery('binary_sensor', `weather_alarm_${kind.toLowerCase()}`),
    )
    return [...this.announced.values(), ...alarms].filter((t): t is string => t !== null)
  }

  /** The retained state of a stale config's weather sensor, unless the sensor is still there. */
  staleLeaves(objectId: string): string[] {
    if (!objectId.startsWith('weather_')) return []
    const id = objectId.slice('weather_'.length)
    if (this.announced.has(id)) return []
    return [this.ctx.topics.weather(id), this.ctx.topics.weatherAvailability(id)]
  }

  /** Sensors set up, changed or gone, alarms begun or ended, new readings. */
  announce(): void {
    const { topics } = this.ctx
    const sensors = this.source.sensors()
    const now = new Set(sensors.map((s) => s.id))
    for (const [id, config] of this.announced) {
      if (now.has(id)) continue
      this.out.clear(config)
      this.out.clear(topics.weather(id))
      this.out.clear(topics.weatherAvailability(id))
    }
    const before = this.announced
    this.announced = new Map()
    for (const s of sensors) {
      const topic = topics.discovery(
        s.kind === 'RAIN' ? 'binary_sensor' : 'sensor',
        `weather_${s.id}`,
      )
      // A sensor that became rain, or stopped being it, changed component.
      const was = before.get(s.id)
      if (was !== undefined && was !== topic) this.out.clear(was)
      this.announced.set(s.id, topic)
      if (topic) this.out.publish(topic, JSON.stringify(sensorConfig(s, this.ctx)))
    }
    this.publishSensors(sensors)
    const holding = new Set(this.source.alarmKinds())
    for (const kind of ALARM_KINDS) {
      const topic = topics.discovery('binary_sensor', `weather_alarm_${kind.toLowerCase()}`)
      if (topic) this.out.publish(topic, JSON.stringify(alarmConfig(kind, this.ctx)))
      this.out.publish(
        topics.weather(`alarm_${kind.toLowerCase()}`),
        holding.has(kind) ? 'ON' : 'OFF',
      )
    }
    this.follow()
  }

  /** Whether the message was a weather sensor's (then it went to hub/weather). */
  message(topic: string, payload: Buffer): boolean {
    if (!this.followed.has(topic)) return false
    this.source.mqttMessage(topic, payload.toString())
    return true
  }

  /**
   * The value before `online`, so Home Assistant shows the new value as the sensor comes back;
   * `offline` before the value is emptied (for whoever reads the topic later).
   */
  private publishSensors(sensors: readonly WeatherSensorState[]): void {
    const { topics } = this.ctx
    for (const s of sensors) {
      if (!this.announced.has(s.id)) continue
      const online = s.online && s.value !== null
      const rain = s.kind === 'RAIN'
      const value = online ? (rain ? (s.value! >= 0.5 ? '1' : '0') : String(s.value)) : ''
      if (!online) this.out.publish(topics.weatherAvailability(s.id), 'offline')
      this.out.publish(topics.weather(s.id), value)
      this.out.publish(topics.weatherAvailability(s.id), online ? 'online' : 'offline')
    }
  }

  private follow(): void {
    const wanted = new Set(this.source.mqttTopics())
    const gone = [...this.followed].filter((t) => !wanted.has(t))
    const added = [...wanted].filter((t) => !this.followed.has(t))
    if (gone.length > 0) this.out.unsubscribe(gone)
    if (added.length > 0) this.out.subscribe(added)
    this.followed = wanted
  }
}

function sensorConfig(s: { id: string; name: string; kind: WeatherKind }, ctx: DiscoveryContext) {
  const common = {
    name: s.name,
    unique_id: uniqueId(ctx.hubId, `weather_${s.id}`),
    state_topic: ctx.topics.weather(s.id),
    qos: 1,
    availability: [hubOnline(ctx.topics), onlineTopic(ctx.topics.weatherAvailability(s.id))],
    availability_mode: 'all',
    device: hubDevice(ctx),
    origin: origin(ctx.version),
  }
  if (s.kind === 'RAIN') {
    return { ...common, device_class: 'moisture', payload_on: '1', payload_off: '0' }
  }
  const wind = s.kind === 'WIND'
  return {
    ...common,
    device_class: wind ? 'wind_speed' : 'temperature',
    unit_of_measurement: wind ? 'm/s' : '°C',
    state_class: 'measurement',
  }
}

function alarmConfig(kind: WeatherAlarmKind, ctx: DiscoveryContext) {
  return {
    name: ALARM_NAMES[kind],
    unique_id: uniqueId(ctx.hubId, `weather_alarm_${kind.toLowerCase()}`),
    device_class: 'safety',
    state_topic: ctx.topics.weather(`alarm_${kind.toLowerCase()}`),
    payload_on: 'ON',
    payload_off: 'OFF',
    qos: 1,
    availability: [hubOnline(ctx.topics)],
    device: hubDevice(ctx),
    origin: origin(ctx.version),
  }
}
