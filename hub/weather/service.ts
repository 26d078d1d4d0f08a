// Weather protection (ARCHITECTURE.md section 13): reads the weather sensors, decides with
// WeatherProtection which blinds are locked, hands the locks to the relay driver's gate (so
// every source of commands meets them), sends newly locked blinds to their safety position
// through Positions, keeps every alarm and each minute's weather, and tells every browser.
import { systemClock, type Clock, type ClockTimer } from '../clock/clock'
import type { Request, Response } from '../../firmware-protocol/rtu'
import { relaysOf } from '../bus/blind-relays'
import type { BlindRelays } from '../bus/relays'
import type { Blind } from '../db/blinds'
import type { Db } from '../db/open'
import { SettingsStore } from '../db/settings'
import { WeatherStore, type StoredSensor } from '../db/weather'
import type { HubEvents } from '../events'
import type { BlindMove } from '../position/mover'
import { BY_WEATHER, type MotionOrigin } from '../position/origins'
import type { Target } from '../position/travel'
import type { WeatherSource } from '../mqtt/weather'
import type { WeatherSensorSpec } from '../validation/weather'
import { AlarmRecords } from './alarms'
import type { WeatherGate } from './gate'
import { SensorPoller } from './poller'
import { WeatherProtection, WET_FROM, type AlarmKind, type Lock } from './protection'
import { WeatherReadings } from './readings'

/** Readings alone reach the browsers at most this often; a change of a lock at once. */
const BROADCAST_EVERY_MS = 5000
/** Finished minutes are written together this often (the SD card's sake); and at a stop. */
const MINUTES_WRITTEN_EVERY_MS = 10 * 60_000
/** The last time rain was seen is written at most this often while it rains. */
const LAST_RAIN_WRITTEN_EVERY_MS = 10 * 60_000

export interface WeatherLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
}

type WeatherBlind = Omit<Blind, 'isFavorite' | 'travelTimeMs'>

export interface WeatherDeps {
  /** Its timers (default the system's). */
  clock?: Clock
  db: Db
  events: HubEvents
  log: WeatherLog
  now: () => number
  /** The bus's read for sensors (Transport.read): after every waiting relay frame. */
  read(request: Request): Promise<Response>
  /** The relay driver's gate: the locks are handed to it at every change. */
  gate: WeatherGate
  blinds: { all(): WeatherBlind[] }
  positions: {
    moveForRun(blind: BlindRelays, target: Target, origin: MotionOrigin): BlindMove
  }
  /** How long a wind sensor may stay silent (default 60 s); tests pass less. */
  silenceMs?: number
}

export class WeatherService {
  readonly name = 'weather'
  readonly store: WeatherStore
  private readonly settings: SettingsStore
  private readonly readings: WeatherReadings
  private readonly protection: WeatherProtection
  private readonly alarms: AlarmRecords
  private readonly poller: SensorPoller
  private readonly unsubscribe: (() => void)[] = []
  private evaluateTimer: ClockTimer | null = null
  private minuteTimer: ClockTimer | null = null
  private locks = new Map<string, Lock>()
  private locksVersion = 0
  private lastBroadcast = 0
  private lastRainWritten: number | null
  private running = false
  private mqttSensors: StoredSensor[] = []

  private get clock(): Clock {
    return this.deps.clock ?? systemClock
  }

  constructor(private readonly deps: WeatherDeps) {
    this.store = new WeatherStore(deps.db, deps.now)
    this.readings = new WeatherReadings(deps.silenceMs)
    this.settings = new SettingsStore(deps.db)
    const stored = this.settings.weather()
    this.lastRainWritten = stored.lastRainAt
    this.protection = new WeatherProtection({
      startedAt: deps.now(),
      release: {
        windReleaseMs: stored.windReleaseMinutes * 60_000,
        rainReleaseMs: stored.rainReleaseMinutes * 60_000,
      },
      windSensor: false,
      lastRainAt: stored.lastRainAt,
      ...(deps.silenceMs && { silenceMs: deps.silenceMs }),
    })
    this.alarms = new AlarmRecords(this.store)
    this.poller = new SensorPoller({
      read: (request) => deps.read(request),
      reading: (id, value, at) => this.reading(id, value, at),
      failed: (id, error) => this.readings.failed(id, error),
      now: deps.now,
      ...(deps.clock && { clock: deps.clock }),
    })
  }

  /**
   * Loads the blinds and sensors, and the alarms the hub held when it stopped: they hold on,
   * and nothing moves for them. Until the wind sensor's first reading, wind-protected blinds
   * wait (no move away from safety, none towards it either).
   */
  start(): void {
    this.running = true
    this.protection.setBlinds(this.deps.blinds.all())
    for (const alarm of this.alarms.restore()) {
      for (const id of alarm.blindIds) this.protection.restore(id, alarm.kind, alarm.startedAt)
    }
    this.followSensors()
    this.unsubscribe.push(
      this.deps.events.on('data:changed', ({ entity }) => {
        if (entity !== 'blind') return
        this.protection.setBlinds(this.deps.blinds.all())
        this.evaluate()
      }),
    )
    this.minuteTimer = this.clock.setInterval(() => this.writeMinutes(), MINUTES_WRITTEN_EVERY_MS)
    this.minuteTimer.unref()
    this.evaluate()
  }

  stop(): void {
    this.running = false
    this.unsubscribe.splice(0).forEach((off) => off())
    this.poller.stop()
    if (this.evaluateTimer) this.clock.clear(this.evaluateTimer)
    if (this.minuteTimer) this.clock.clear(this.minuteTimer)
    this.evaluateTimer = this.minuteTimer = null
    this.writeMinutes()
    this.alarms.flush()
  }

  /** The lock holding a blind now, or null. */
  lockOf(blindId: string): Lock | null {
    return this.locks.get(blindId) ?? null
  }

  get weatherNow() {
    return this.readings.now(this.deps.now())
  }

  get openAlarms() {
    return this.alarms.current()
  }

  /** Each sensor as stored, with its latest reading. */
  sensorStates(): {
    sensor: StoredSensor
    value: number | null
    readAt: number | null
    online: boolean
    error: string | null
  }[] {
    const now = this.deps.now()
    return this.store.sensors().map((sensor) => {
      const s = this.readings.sensors.get(sensor.id)
      return {
        sensor,
        value: s?.value ?? null,
        readAt: s?.readAt ?? null,
        online: s ? this.readings.online(s, now) : false,
        error: s?.error ?? null,
      }
    })
  }

  get releaseMinutes() {
    const { windReleaseMinutes, rainReleaseMinutes } = this.settings.weather()
    return { windReleaseMinutes, rainReleaseMinutes }
  }

  setReleaseMinutes(wind: number, rain: number): void {
    this.settings.setWeather({ windReleaseMinutes: wind, rainReleaseMinutes: rain })
    this.protection.setRelease({ windReleaseMs: wind * 60_000, rainReleaseMs: rain * 60_000 })
    this.evaluate(true)
  }

  /** An admin lifts frost now; recorded with who. */
  overrideFrost(userId: string): void {
    this.protection.overrideFrost()
    this.alarms.overridden('FROST', userId, this.deps.now())
    this.deps.log.info({ by: userId }, 'frost protection lifted by an admin')
    this.evaluate(true)
  }

  /** What the MQTT bridge announces to Home Assistant and which topics it follows for us. */
  mqttSource(): WeatherSource {
    return {
      sensors: () =>
        this.sensorStates().map(({ sensor, value, online }) => ({
          id: sensor.id,
          name: sensor.name,
          kind: sensor.kind,
          value,
          online,
        })),
      alarmKinds: () => this.alarms.current().map((a) => a.kind),
      mqttTopics: () => this.mqttTopics,
      mqttMessage: (topic, payload) => this.mqttMessage(topic, payload),
    }
  }

  /** The topics of the sensors read over MQTT (the MQTT bridge subscribes to them). */
  get mqttTopics(): string[] {
    return [...new Set(this.mqttSensors.map((s) => s.mqttTopic!))]
  }

  /** A message on a sensor's topic: its payload is the value, a number, times the scale. */
  mqttMessage(topic: string, payload: string): void {
    const value = Number(payload.trim())
    for (const sensor of this.mqttSensors.filter((s) => s.mqttTopic === topic)) {
      if (payload.trim() === '' || !Number.isFinite(value)) {
        this.readings.failed(sensor.id, `${topic} carried "${payload.slice(0, 40)}", not a number`)
      } else {
        this.reading(sensor.id, value * sensor.scale, this.deps.now())
      }
    }
  }

  /** The sensors changed (hub/weather/api): read exactly those from now on. */
  followSensors(): void {
    const sensors = this.store.sensors()
    this.mqttSensors = sensors.filter((s) => s.source === 'MQTT')
    this.readings.follow(sensors)
    this.protection.setWindSensor(this.readings.has('WIND'))
    this.poller.follow(sensors.map((s) => ({ id: s.id, ...specOf(s) })))
    if (this.running) this.evaluate(true)
  }

  /** The finished minutes, on disk and not yet written, from..to. */
  history(from: number, to: number) {
    const written = this.store.minutes(from, to)
    const pending = this.readings.unwritten.filter((m) => m.at >= from && m.at <= to)
    return [...written, ...pending]
  }

  /**
   * A sensor's reading, from the bus or MQTT alike. Wind acts on the latest (an alarm wants 2 s
   * over the limit); rain and frost on what two reads in a row of a sensor agreed on
   * (readings.ts), so the rain seen for frost's 6 hours is confirmed rain too.
   */
  private reading(id: string, value: number, at: number): void {
    const s = this.readings.reading(id, value, at)
    if (!s) return
    if (s.kind === 'WIND') {
      const wind = this.readings.latest('WIND', at)
      if (wind !== null) this.protection.windReading(wind, at)
    } else {
      const confirmed = this.readings.confirmed(s.kind, at)
      if (confirmed !== null) {
        if (s.kind === 'RAIN') this.protection.rainReading(confirmed >= WET_FROM, at)
        else this.protection.temperatureReading(confirmed, at)
      }
    }
    this.keepLastRain()
    this.evaluate()
  }

  /**
   * Brings the locks up to now: hands them to the gate, records the alarms, sends blinds newly
   * locked to safety, tells the browsers, and wakes again when the answer may change.
   */
  private evaluate(broadcast = false): void {
    if (!this.running) return
    const now = this.deps.now()
    const { locks, toSafety } = this.protection.evaluate(now)
    this.deps.gate.update(locks)
    const before = this.locks
    this.locks = locks
    const weather = this.readings.now(now)
    const peaks: Record<AlarmKind, number | null> = {
      WIND: weather.wind,
      FROST: weather.temperature,
      RAIN: null,
      SENSOR: null,
    }
    const recorded = this.alarms.follow(locks, now, peaks)
    const changed = recorded || locksDiffer(before, locks)
    if (changed) this.locksVersion++
    for (const id of toSafety) this.toSafety(id)
    if (changed || broadcast || now - this.lastBroadcast >= BROADCAST_EVERY_MS) {
      this.lastBroadcast = now
      this.deps.events.emit('weather:changed', {
        at: new Date(now).toISOString(),
        ...weather,
        alarms: this.alarms.current().map((a) => a.kind),
        locksVersion: this.locksVersion,
      })
    }
    this.wakeAt(this.protection.nextChangeAt(now), now)
  }

  private wakeAt(at: number | null, now: number): void {
    if (this.evaluateTimer) this.clock.clear(this.evaluateTimer)
    this.evaluateTimer = null
    if (at === null) return
    this.evaluateTimer = this.clock.setTimeout(() => this.evaluate(), Math.max(0, at - now))
    this.evaluateTimer.unref()
  }

  private toSafety(blindId: string): void {
    const blind = this.deps.blinds.all().find((b) => b.id === blindId)
    if (!blind) return
    const lock = this.locks.get(blindId)
    this.deps.log.warn(
      { blindId, alarm: lock?.kind, safetyPosition: blind.safetyPosition },
      'weather alarm: sending a blind to its safety position',
    )
    const move = this.deps.positions.moveForRun(
      relaysOf(blind),
      { position: blind.safetyPosition, tilt: null },
      BY_WEATHER,
    )
    move.started.catch((err: Error) =>
      this.deps.log.warn({ blindId, error: err.message }, 'could not send a blind to safety'),
    )
    move.done.catch(() => undefined)
  }

  private keepLastRain(): void {
    const last = this.protection.lastRain
    if (last === null || last === this.lastRainWritten) return
    if (this.lastRainWritten !== null && last - this.lastRainWritten < LAST_RAIN_WRITTEN_EVERY_MS)
      return
    this.lastRainWritten = last
    this.settings.setWeather({ lastRainAt: last })
  }

  private writeMinutes(): void {
    try {
      this.store.addMinutes(this.readings.takeFinished(this.deps.now()))
    } catch (err) {
      this.deps.log.warn({ error: (err as Error).message }, 'could not write the weather history')
    }
  }
}

function specOf(s: StoredSensor): WeatherSensorSpec {
  const source: WeatherSensorSpec['source'] =
    s.source === 'MQTT'
      ? { kind: 'MQTT', topic: s.mqttTopic ?? '', scale: s.scale }
      : {
          kind: 'BUS',
          unit: s.unit ?? 0,
          function: s.function === 4 ? 4 : 3,
          register: s.register ?? 0,
          scale: s.scale,
          signed: s.signed,
        }
  return { name: s.name, kind: s.kind, source, pollMs: s.pollMs }
}

function locksDiffer(a: ReadonlyMap<string, Lock>, b: ReadonlyMap<string, Lock>): boolean {
  if (a.size !== b.size) return true
  for (const [id, lock] of b) {
    const was = a.get(id)
    if (!was || was.kind !== lock.kind || was.releaseAt !== lock.releaseAt) return true
    if (was.kinds.join() !== lock.kinds.join() || was.acting !== lock.acting) return true
  }
  return false
}
