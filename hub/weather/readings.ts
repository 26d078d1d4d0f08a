// The weather now from every sensor's latest reading: wind is the strongest fresh wind sensor,
// rain any fresh rain sensor, the temperature the coldest fresh one. Each sensor's state (its
// value, when it last read well, its error) for the API, the strongest wind of the last 10
// minutes, and each minute's summary for the 14-day history. For rain and frost alarms, each
// rain and temperature sensor's confirmed value too: what two of its reads in a row agreed on.
import type { WeatherKind } from '../validation/weather'
import type { WeatherMinuteRow } from '../db/weather'
import { sameSide, SENSOR_SILENCE_MS, WET_FROM } from './protection'

/** The gust shown is the strongest wind of this long. */
export const GUST_WINDOW_MS = 10 * 60_000
const MINUTE_MS = 60_000

export interface SensorState {
  kind: WeatherKind
  value: number | null
  /** Epoch ms of the latest good reading; null before the first. */
  readAt: number | null
  error: string | null
  /**
   * RAIN and TEMPERATURE: the latest reading that lay on the same side of protection's limits
   * as the reading before it (protection.ts `sameSide`); null until two did. A reading that
   * disagrees with the one before leaves it as it was, so one read, wet among dry ones or a
   * thermometer's 0 among its 11s, starts nothing and ends nothing (ARCHITECTURE.md section 18).
   */
  confirmed: number | null
}

export interface WeatherNow {
  wind: number | null
  gust: number | null
  raining: boolean | null
  temperature: number | null
}

interface MinuteSums {
  at: number
  windSum: number
  windCount: number
  windMax: number | null
  rain: boolean | null
  tempSum: number
  tempCount: number
}

export class WeatherReadings {
  readonly sensors = new Map<string, SensorState>()
  /** Wind readings of the last GUST_WINDOW_MS, oldest first. */
  private winds: { at: number; value: number }[] = []
  private minute: MinuteSums | null = null
  private finished: WeatherMinuteRow[] = []

  constructor(private readonly silenceMs = SENSOR_SILENCE_MS) {}

  /** Exactly these sensors from now on; one that stays keeps its latest reading. */
  follow(sensors: readonly { id: string; kind: WeatherKind }[]): void {
    const before = new Map(this.sensors)
    this.sensors.clear()
    for (const { id, kind } of sensors) {
      const known = before.get(id)
      this.sensors.set(
        id,
        known?.kind === kind
          ? known
          : { kind, value: null, readAt: null, error: null, confirmed: null },
      )
    }
  }

  reading(id: string, value: number, at: number): SensorState | undefined {
    const s = this.sensors.get(id)
    if (!s) return undefined
    // Two reads in a row of this sensor, at its own poll or as its MQTT topic brings them.
    if (s.kind !== 'WIND' && s.value !== null && sameSide(s.kind, s.value, value)) {
      s.confirmed = value
    }
    s.value = value
    s.readAt = at
    s.error = null
    this.roll(at)
    if (s.kind === 'WIND') {
      this.winds.push({ at, value })
      this.winds = this.winds.filter((w) => w.at > at - GUST_WINDOW_MS)
    }
    this.count(s.kind, value)
    return s
  }

  failed(id: string, error: string): void {
    const s = this.sensors.get(id)
    if (s) s.error = error
  }

  online(s: SensorState, now: number): boolean {
    return s.readAt !== null && now - s.readAt < this.silenceMs
  }

  /** The combined value of one kind from the sensors that read within the last 60 s. */
  latest(kind: WeatherKind, now: number): number | null {
    return this.combined(kind, now, (s) => s.value)
  }

  /** What rain and frost act on: the combined confirmed value of the fresh sensors of `kind`. */
  confirmed(kind: 'RAIN' | 'TEMPERATURE', now: number): number | null {
    return this.combined(kind, now, (s) => s.confirmed)
  }

  has(kind: WeatherKind): boolean {
    return [...this.sensors.values()].some((s) => s.kind === kind)
  }

  now(now: number): WeatherNow {
    const wind = this.latest('WIND', now)
    const recent = this.winds.filter((w) => w.at > now - GUST_WINDOW_MS).map((w) => w.value)
    const rain = this.latest('RAIN', now)
    return {
      wind,
      gust: recent.length > 0 ? Math.max(...recent) : null,
      raining: rain === null ? null : rain >= WET_FROM,
      temperature: this.latest('TEMPERATURE', now),
    }
  }

  /** The minutes that ended since the last call, to be written. */
  takeFinished(now: number): WeatherMinuteRow[] {
    this.roll(now)
    return this.finished.splice(0)
  }

  /** The minutes that ended and are not written yet, for a history asked in between. */
  get unwritten(): readonly WeatherMinuteRow[] {
    return this.finished
  }

  private combined(
    kind: WeatherKind,
    now: number,
    valueOf: (s: SensorState) => number | null,
  ): number | null {
    const values = [...this.sensors.values()]
      .filter((s) => s.kind === kind && this.online(s, now))
      .map(valueOf)
      .filter((v): v is number => v !== null)
    if (values.length === 0) return null
    return kind === 'TEMPERATURE' ? Math.min(...values) : Math.max(...values)
  }

  private roll(at: number): void {
    const start = Math.floor(at / MINUTE_MS) * MINUTE_MS
    if (this.minute && this.minute.at !== start) {
      const m = this.minute
      if (m.windCount > 0 || m.rain !== null || m.tempCount > 0) {
        this.finished.push({
          at: m.at,
          windMean: m.windCount > 0 ? round1(m.windSum / m.windCount) : null,
          windMax: m.windMax,
          rain: m.rain,
          temperature: m.tempCount > 0 ? round1(m.tempSum / m.tempCount) : null,
        })
      }
      this.minute = null
    }
    this.minute ??= {
      at: start,
      windSum: 0,
      windCount: 0,
      windMax: null,
      rain: null,
      tempSum: 0,
      tempCount: 0,
    }
  }

  private count(kind: WeatherKind, value: number): void {
    const m = this.minute!
    if (kind === 'WIND') {
      m.windSum += value
      m.windCount++
      m.windMax = Math.max(m.windMax ?? value, value)
    } else if (kind === 'RAIN') {
      m.rain = (m.rain ?? false) || value >= WET_FROM
    } else {
      m.tempSum += value
      m.tempCount++
    }
  }
}

const round1 = (x: number) => Math.round(x * 10) / 10
