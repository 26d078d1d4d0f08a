// Weather protection for Home Assistant (ARCHITECTURE.md section 13): a sensor per weather
// sensor (wind speed, temperature; rain as a moisture binary_sensor) and a safety binary_sensor
// per alarm kind, all on the hub's device; their states retained under `<base>/weather/`.
// Sensors read over MQTT have their topics followed here and handed to hub/weather.
import type { WeatherAlarmKind } from '../realtime/events'
import type { WeatherKind } from '../validation/weather'
import { hubDevice, hubOnline, origin, uniqueId, type DiscoveryContext } from './discovery'

const ALARM_KINDS: readonly WeatherAlarmKind[] = ['WIND', 'RAIN', 'FROST', 'SENSOR']
const ALARM_NAMES: Record<WeatherAlarmKind, string> = {
  WIND: 'Wind alarm',
  RAIN: 'Rain alarm',
  FROST: 'Frost alarm',
  SENSOR: 'Wind sensor alarm',
}

export interface WeatherSource {
  sensors(): {
    id: string
    name: string
    kind: WeatherKind
    value: number | null
    online: boolean
  }[]
  alarmKinds(): WeatherAlarmKind[]
  mqttTopics(): string[]
  mqttMessage(topic: string, payload: string): void
}

export interface WeatherPublisher {
  publish(topic: string, payload: string): void
  clear(topic: string | null): void
  subscribe(topics: string[]): void
  unsubscribe(topics: string[]): void
}

export class MqttWeather {
  private announced = new Set<string>()
  private followed = new Set<string>()

  constructor(
    private readonly source: WeatherSource,
    private readonly ctx: DiscoveryContext,
    private readonly out: WeatherPublisher,
  ) {}

  /** A new connection: everything again. */
  connected(): void {
    this.followed.clear()
    this.announce()
  }

  /** Sensors set up, changed or gone, alarms begun or ended, new readings. */
  announce(): void {
    const { topics } = this.ctx
    const sensors = this.source.sensors()
    const now = new Set(sensors.map((s) => s.id))
    for (const id of this.announced) {
      if (now.has(id)) continue
      this.out.clear(topics.discovery('sensor', `weather_${id}`))
      this.out.clear(topics.discovery('binary_sensor', `weather_${id}`))
      this.out.clear(topics.weather(id))
    }
    this.announced = now
    for (const s of sensors) {
      const rain = s.kind === 'RAIN'
      const topic = topics.discovery(rain ? 'binary_sensor' : 'sensor', `weather_${s.id}`)
      if (topic) this.out.publish(topic, JSON.stringify(sensorConfig(s, this.ctx)))
      const value =
        s.online && s.value !== null ? (rain ? (s.value >= 0.5 ? '1' : '0') : String(s.value)) : ''
      this.out.publish(topics.weather(s.id), value)
    }
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
    availability: [hubOnline(ctx.topics)],
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
