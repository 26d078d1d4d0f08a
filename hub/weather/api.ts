// Weather protection as the API shows it (ARCHITECTURE.md section 13): the weather, the
// sensors (admins), the alarms (each user sees the blinds that are theirs), the history, and
// the admins' settings. Who may do what is checked here, not in the resolvers.
import type { Viewer } from '../db/visibility'
import { badInput, forbidden } from '../errors'
import { checkIntegerIn, nameKey } from '../validation/fields'
import {
  checkReleaseMinutes,
  checkWeatherSensorInput,
  type WeatherSensorInput,
} from '../validation/weather'
import { WEATHER_HISTORY_DAYS, type StoredAlarm } from '../db/weather'
import type { Lock } from './protection'
import type { WeatherService } from './service'
import { causeFigures, causeWords, releaseWords } from './words'

export const ALARMS_LIMIT_MAX = 500
const DAY_MS = 24 * 60 * 60_000

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

export interface WeatherApiDeps {
  service: WeatherService
  /** The ids of the blinds the viewer may see. */
  visibleBlindIds(viewer: Viewer): Set<string>
  mqttEnabled: boolean
  timeZone: string
  now: () => number
}

export class WeatherApi {
  constructor(private readonly deps: WeatherApiDeps) {}

  weather(viewer: Viewer) {
    const { service } = this.deps
    const visible = this.deps.visibleBlindIds(viewer)
    const locks = new Map<string, Lock>()
    return {
      sensors: viewer.isAdmin ? this.sensors() : [],
      ...service.weatherNow,
      ...service.releaseMinutes,
      alarms: service.openAlarms.map((a) => {
        const held = a.blindIds.filter((id) => visible.has(id))
        for (const id of held) {
          const lock = service.lockOf(id)
          if (lock) locks.set(id, lock)
        }
        // When the last of its blinds may be free again.
        const releases = held.map((id) => locks.get(id)?.releaseAt ?? null)
        const releaseAt =
          releases.length === 0 || releases.some((r) => r === null)
            ? null
            : Math.max(...(releases as number[]))
        return {
          id: a.id,
          kind: a.kind,
          since: iso(a.since),
          endedAt: null,
          releaseAt: iso(releaseAt),
          peak: a.peak,
          blindIds: held,
          overriddenBy: null,
        }
      }),
    }
  }

  /** The lock on a blind in the API's words; null while it is free. */
  lockOf(blindId: string) {
    const lock = this.deps.service.lockOf(blindId)
    if (!lock) return null
    return {
      kind: lock.kind,
      since: iso(lock.since),
      releaseAt: iso(lock.releaseAt),
      reason: `${causeWords(lock.cause)}; ${releaseWords(lock.kind, lock.releaseAt, this.deps.timeZone)}`,
      kinds: lock.kinds,
      ...causeFigures(lock.cause),
    }
  }

  history(from: string, to: string) {
    const start = parseTime('from', from)
    const end = parseTime('to', to)
    const oldest = this.deps.now() - WEATHER_HISTORY_DAYS * DAY_MS
    return this.deps.service.history(Math.max(start, oldest), end).map((m) => ({
      ...m,
      at: new Date(m.at).toISOString(),
    }))
  }

  alarms(viewer: Viewer, limit: number) {
    checkIntegerIn('limit', limit, 1, ALARMS_LIMIT_MAX)
    const visible = this.deps.visibleBlindIds(viewer)
    return this.deps.service.store.alarms(limit).map((a) => alarmView(a, visible, viewer))
  }

  sensorCreate(viewer: Viewer, input: WeatherSensorInput) {
    this.admin(viewer)
    const spec = checkWeatherSensorInput(input, this.deps.mqttEnabled)
    const stored = this.deps.service.store.createSensor(spec, nameKey(spec.name))
    this.deps.service.followSensors()
    return this.sensorView(stored.id)
  }

  sensorUpdate(viewer: Viewer, id: string, input: WeatherSensorInput) {
    this.admin(viewer)
    const { store } = this.deps.service
    store.sensor(id)
    const spec = checkWeatherSensorInput(input, this.deps.mqttEnabled)
    store.updateSensor(id, spec, nameKey(spec.name))
    this.deps.service.followSensors()
    return this.sensorView(id)
  }

  sensorDelete(viewer: Viewer, ids: string[]) {
    this.admin(viewer)
    const deleted = this.deps.service.store.deleteSensors(ids)
    if (deleted.length > 0) this.deps.service.followSensors()
    return deleted
  }

  settingsSet(viewer: Viewer, wind: number | null | undefined, rain: number | null | undefined) {
    this.admin(viewer)
    const now = this.deps.service.releaseMinutes
    const windMinutes =
      wind == null ? now.windReleaseMinutes : checkReleaseMinutes('windReleaseMinutes', wind)
    const rainMinutes =
      rain == null ? now.rainReleaseMinutes : checkReleaseMinutes('rainReleaseMinutes', rain)
    this.deps.service.setReleaseMinutes(windMinutes, rainMinutes)
    return this.weather(viewer)
  }

  frostOverride(viewer: Viewer) {
    this.admin(viewer)
    this.deps.service.overrideFrost(viewer.id)
    return this.weather(viewer)
  }

  private sensors() {
    return this.deps.service.sensorStates().map(({ sensor, value, readAt, online, error }) => ({
      ...sensor,
      value,
      updatedAt: iso(readAt),
      online,
      error,
    }))
  }

  private sensorView(id: string) {
    return this.sensors().find((s) => s.id === id)!
  }

  private admin(viewer: Viewer): void {
    if (!viewer.isAdmin) throw forbidden('Only admins set up weather protection')
  }
}

function alarmView(a: StoredAlarm, visible: Set<string>, viewer: Viewer) {
  return {
    id: a.id,
    kind: a.kind,
    since: iso(a.startedAt),
    endedAt: iso(a.endedAt),
    releaseAt: null,
    peak: a.peak,
    blindIds: a.blindIds.filter((id) => visible.has(id)),
    // Which admin lifted frost is for admins to know.
    overriddenBy: viewer.isAdmin ? a.overriddenBy : a.overriddenBy && 'an admin',
  }
}

function parseTime(field: string, value: string): number {
  const at = Date.parse(value)
  if (!Number.isFinite(at)) {
    throw badInput(
      field,
      `must be an ISO-8601 time such as 2026-07-01T12:00:00Z (got "${value}")`,
      'DATE_TIME',
    )
  }
  return at
}
