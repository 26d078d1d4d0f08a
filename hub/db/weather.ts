// Weather protection on disk (ARCHITECTURE.md section 13): the sensors admins set up, each
// minute's weather for 14 days, and every alarm with its start, end, peak and blinds.
import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, ne } from 'drizzle-orm'
import { conflict, notFound } from '../errors'
import { checkId, checkIds } from '../validation/fields'
import type { WeatherKind, WeatherSensorSpec } from '../validation/weather'
import type { Db } from './open'
import { weatherAlarms, weatherMinutes, weatherSensors } from './schema'

export const WEATHER_HISTORY_DAYS = 14

export interface StoredSensor {
  id: string
  name: string
  kind: WeatherKind
  source: 'BUS' | 'MQTT'
  unit: number | null
  function: number | null
  register: number | null
  scale: number
  signed: boolean
  pollMs: number
  mqttTopic: string | null
}

export type AlarmKindStored = 'WIND' | 'RAIN' | 'FROST' | 'SENSOR'

export interface StoredAlarm {
  id: string
  kind: AlarmKindStored
  startedAt: number
  endedAt: number | null
  peak: number | null
  blindIds: string[]
  overriddenBy: string | null
}

export interface WeatherMinuteRow {
  at: number
  windMean: number | null
  windMax: number | null
  rain: boolean | null
  temperature: number | null
}

const sensorColumns = {
  id: weatherSensors.id,
  name: weatherSensors.name,
  kind: weatherSensors.kind,
  source: weatherSensors.source,
  unit: weatherSensors.unit,
  function: weatherSensors.function,
  register: weatherSensors.register,
  scale: weatherSensors.scale,
  signed: weatherSensors.signed,
  pollMs: weatherSensors.pollMs,
  mqttTopic: weatherSensors.topic,
}

function columnsOf(spec: WeatherSensorSpec, key: string) {
  const { source } = spec
  return {
    name: spec.name,
    nameKey: key,
    kind: spec.kind,
    source: source.kind,
    unit: source.kind === 'BUS' ? source.unit : null,
    function: source.kind === 'BUS' ? source.function : null,
    register: source.kind === 'BUS' ? source.register : null,
    scale: source.scale,
    signed: source.kind === 'BUS' ? source.signed : false,
    pollMs: spec.pollMs,
    topic: source.kind === 'MQTT' ? source.topic : null,
  }
}

export class WeatherStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  sensors(): StoredSensor[] {
    return this.db
      .select(sensorColumns)
      .from(weatherSensors)
      .orderBy(asc(weatherSensors.nameKey))
      .all()
  }

  sensor(id: string, field = 'id'): StoredSensor {
    checkId(field, id)
    const row = this.db
      .select(sensorColumns)
      .from(weatherSensors)
      .where(eq(weatherSensors.id, id))
      .get()
    if (!row) throw notFound('Weather sensor', id, field)
    return row
  }

  createSensor(spec: WeatherSensorSpec, key: string): StoredSensor {
    const id = randomUUID()
    this.db.transaction(
      (tx) => {
        this.checkUnique(key)
        tx.insert(weatherSensors)
          .values({ id, ...columnsOf(spec, key), createdAt: this.now() })
          .run()
      },
      { behavior: 'immediate' },
    )
    return this.sensor(id)
  }

  updateSensor(id: string, spec: WeatherSensorSpec, key: string): StoredSensor {
    this.db.transaction(
      (tx) => {
        this.sensor(id)
        this.checkUnique(key, id)
        tx.update(weatherSensors).set(columnsOf(spec, key)).where(eq(weatherSensors.id, id)).run()
      },
      { behavior: 'immediate' },
    )
    return this.sensor(id)
  }

  /** Deletes the sensors that exist; unknown ids are skipped. */
  deleteSensors(ids: string[]): string[] {
    const wanted = checkIds('ids', ids)
    return this.db
      .delete(weatherSensors)
      .where(inArray(weatherSensors.id, wanted))
      .returning({ id: weatherSensors.id })
      .all()
      .map((r) => r.id)
  }

  private checkUnique(key: string, except?: string): void {
    const clash = this.db
      .select({ id: weatherSensors.id, name: weatherSensors.name })
      .from(weatherSensors)
      .where(
        except
          ? and(eq(weatherSensors.nameKey, key), ne(weatherSensors.id, except))
          : eq(weatherSensors.nameKey, key),
      )
      .get()
    if (clash) {
      throw conflict('A weather sensor with this name exists already', 'name', {
        reason: 'NAME_TAKEN',
        name: clash.name,
      })
    }
  }

  /** Writes finished minutes, and drops what is older than 14 days, in one transaction. */
  addMinutes(rows: WeatherMinuteRow[]): void {
    if (rows.length === 0) return
    const oldest = this.now() - WEATHER_HISTORY_DAYS * 24 * 60 * 60_000
    this.db.transaction((tx) => {
      for (const row of rows) {
        tx.insert(weatherMinutes)
          .values(row)
          .onConflictDoUpdate({ target: weatherMinutes.at, set: row })
          .run()
      }
      tx.delete(weatherMinutes).where(lt(weatherMinutes.at, oldest)).run()
    })
  }

  minutes(from: number, to: number): WeatherMinuteRow[] {
    return this.db
      .select()
      .from(weatherMinutes)
      .where(and(gte(weatherMinutes.at, from), lte(weatherMinutes.at, to)))
      .orderBy(asc(weatherMinutes.at))
      .all()
  }

  openAlarms(): StoredAlarm[] {
    return this.db
      .select()
      .from(weatherAlarms)
      .where(isNull(weatherAlarms.endedAt))
      .orderBy(asc(weatherAlarms.startedAt))
      .all()
      .map(toAlarm)
  }

  alarms(limit: number): StoredAlarm[] {
    return this.db
      .select()
      .from(weatherAlarms)
      .orderBy(desc(weatherAlarms.startedAt))
      .limit(limit)
      .all()
      .map(toAlarm)
  }

  startAlarm(kind: AlarmKindStored, at: number, blindIds: string[], peak: number | null): string {
    const id = randomUUID()
    this.db
      .insert(weatherAlarms)
      .values({ id, kind, startedAt: at, endedAt: null, peak, blindIds: JSON.stringify(blindIds) })
      .run()
    return id
  }

  /** Its blinds and peak as they stand now, and its end once it ended. */
  updateAlarm(
    id: string,
    change: { blindIds?: string[]; peak?: number | null; endedAt?: number; overriddenBy?: string },
  ): void {
    const { blindIds, ...rest } = change
    this.db
      .update(weatherAlarms)
      .set({ ...rest, ...(blindIds && { blindIds: JSON.stringify(blindIds) }) })
      .where(eq(weatherAlarms.id, id))
      .run()
  }
}

function toAlarm(row: typeof weatherAlarms.$inferSelect): StoredAlarm {
  return { ...row, blindIds: JSON.parse(row.blindIds) as string[] }
}
