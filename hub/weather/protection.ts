// Weather protection's decisions as a pure state machine (ARCHITECTURE.md section 13): given the
// readings of the wind, rain and temperature sensors with their times, and what each blind is
// protected against, it says which blinds are locked, by what, since when and until when, and
// which must go to their safety position now. No I/O; time is given (epoch ms).
//
// A blind may be held by several causes at once (a storm brings wind and rain); its lock is the
// weightiest of them and lifts when the last one does. Frost holds a blind where it stands: no
// move at all, not even to safety, since frozen slats tear.
//
// Rain and temperature come here as each sensor's confirmed value (readings.ts): a sensor's
// reading counts only once the reading before it lay on the same side of the limits below
// (`sameSide`), so no rain or frost alarm starts, or ends, on one read (ARCHITECTURE.md section
// 18). Wind needs no such rule: an alarm already wants 2 s over the limit.

export type AlarmKind = 'WIND' | 'RAIN' | 'FROST' | 'SENSOR'

/** Wind over a blind's limit this long is an alarm (the gust, as Gaposa and Aluprof count it). */
export const GUST_MS = 2000
/** The lock lifts once the wind stayed below this share of the limit for the release time. */
export const CALM_SHARE = 0.8
/** A wind sensor without a good reading this long is an alarm for every wind-protected blind. */
export const SENSOR_SILENCE_MS = 60_000
/** Frost: below this temperature with rain within FROST_RAIN_WITHIN_MS. */
export const FROST_BELOW_C = 2
export const FROST_RAIN_WITHIN_MS = 6 * 60 * 60_000
/** Frost lifts after THAW_MS at THAW_AT_C or more. */
export const THAW_AT_C = 4
export const THAW_MS = 2 * 60 * 60_000

/** A rain sensor's value from which it says rain (a 0/1 sensor's 1). */
export const WET_FROM = 0.5

/**
 * Whether two readings of a rain or temperature sensor say the same to protection: both wet or
 * both dry; both below FROST_BELOW_C, both at THAW_AT_C or more, or both in between.
 */
export function sameSide(kind: 'RAIN' | 'TEMPERATURE', a: number, b: number): boolean {
  const side =
    kind === 'RAIN'
      ? (x: number) => (x >= WET_FROM ? 1 : 0)
      : (x: number) => (x < FROST_BELOW_C ? 0 : x < THAW_AT_C ? 1 : 2)
  return side(a) === side(b)
}

/** Which cause shows when several hold a blind: the one that restricts most first. */
const WEIGHT: readonly AlarmKind[] = ['FROST', 'WIND', 'SENSOR', 'RAIN']

export interface BlindProtection {
  id: string
  /** m/s; null: not wind-protected. */
  windLimit: number | null
  rainProtect: boolean
  frostProtect: boolean
}

export interface ReleaseTimes {
  windReleaseMs: number
  rainReleaseMs: number
}

/** Why a blind is held, with the figures the words are made of. */
export type LockCause =
  | { kind: 'WIND'; value: number; limit: number }
  | { kind: 'RAIN' }
  | { kind: 'FROST'; value: number }
  | { kind: 'SENSOR'; why: 'NO_SENSOR' | 'WAITING' | 'SILENT' }

export interface Lock {
  kind: AlarmKind
  since: number
  /** When it may lift if things stay as they are; null while its cause lasts. */
  releaseAt: number | null
  cause: LockCause
  /** Every kind holding the blind, weightiest first. */
  kinds: AlarmKind[]
  /** False only while a starting hub waits for the wind sensor's first reading. */
  acting: boolean
}

interface Hold {
  since: number
  /** SENSOR only: the reason it holds. */
  why?: 'NO_SENSOR' | 'WAITING' | 'SILENT'
}

interface Tracked {
  protection: BlindProtection
  /** The first reading of the run of readings over the limit going on now. */
  overSince: number | null
  /** The first reading of the run of readings below CALM_SHARE of the limit going on now. */
  calmSince: number | null
  holds: Map<AlarmKind, Hold>
  /** Sent to safety (or found locked at start) since its last acting hold began. */
  safe: boolean
}

export interface ProtectionOptions {
  /** When this hub started: until the first wind reading, protected blinds wait. */
  startedAt: number
  release: ReleaseTimes
  /** Whether a wind sensor is set up at all. */
  windSensor: boolean
  /** The last time rain was seen, kept across restarts for frost. */
  lastRainAt?: number | null
  /** SENSOR_SILENCE_MS; tests pass less. */
  silenceMs?: number
}

export interface Evaluation {
  locks: Map<string, Lock>
  /** Blinds to send to their safety position now. */
  toSafety: string[]
}

export class WeatherProtection {
  private readonly blinds = new Map<string, Tracked>()
  private release: ReleaseTimes
  private windSensor: boolean
  private readonly startedAt: number
  private readonly silenceMs: number
  private wind: { value: number; at: number } | null = null
  private raining = false
  private rainSince: number | null = null
  private dryFrom: number | null = null
  private lastRainAt: number | null
  private temperature: { value: number; at: number } | null = null
  private warmSince: number | null = null
  /** An admin lifted frost; it holds again only after the frost's conditions ended. */
  private frostOverridden = false

  constructor(options: ProtectionOptions) {
    this.startedAt = options.startedAt
    this.silenceMs = options.silenceMs ?? SENSOR_SILENCE_MS
    this.release = options.release
    this.windSensor = options.windSensor
    this.lastRainAt = options.lastRainAt ?? null
  }

  /** The blinds and what each is protected against; holds a blind no longer needs go. */
  setBlinds(protections: readonly BlindProtection[]): void {
    const ids = new Set(protections.map((p) => p.id))
    for (const id of this.blinds.keys()) if (!ids.has(id)) this.blinds.delete(id)
    for (const p of protections) {
      const known = this.blinds.get(p.id)
      const t: Tracked = known ?? {
        protection: p,
        overSince: null,
        calmSince: null,
        holds: new Map(),
        safe: false,
      }
      const limitChanged = !known || known.protection.windLimit !== p.windLimit
      t.protection = p
      if (limitChanged) {
        t.overSince = t.calmSince = null
        if (this.wind) this.followWind(t, this.wind.value, this.wind.at)
      }
      if (p.windLimit === null) {
        t.holds.delete('WIND')
        t.holds.delete('SENSOR')
      }
      if (!p.rainProtect) t.holds.delete('RAIN')
      if (!p.frostProtect) t.holds.delete('FROST')
      this.blinds.set(p.id, t)
    }
  }

  setRelease(release: ReleaseTimes): void {
    this.release = release
  }

  setWindSensor(present: boolean): void {
    this.windSensor = present
  }

  /** A lock the hub held when it stopped: it holds again, and nothing is moved for it. */
  restore(blindId: string, kind: AlarmKind, since: number): void {
    const t = this.blinds.get(blindId)
    if (!t) return
    t.holds.set(kind, kind === 'SENSOR' ? { since, why: 'SILENT' } : { since })
    t.safe = true
  }

  windReading(value: number, at: number): void {
    this.wind = { value, at }
    for (const t of this.blinds.values()) this.followWind(t, value, at)
  }

  rainReading(raining: boolean, at: number): void {
    if (raining) {
      if (!this.raining) this.rainSince = at
      this.lastRainAt = at
      this.dryFrom = null
    } else if (this.raining || this.dryFrom === null) {
      this.dryFrom = at
    }
    this.raining = raining
  }

  temperatureReading(value: number, at: number): void {
    this.temperature = { value, at }
    if (value < THAW_AT_C) this.warmSince = null
    else this.warmSince ??= at
  }

  /** An admin's override: frost holds no blind until its conditions have ended and return. */
  overrideFrost(): void {
    this.frostOverridden = true
    for (const t of this.blinds.values()) t.holds.delete('FROST')
  }

  get lastRain(): number | null {
    return this.lastRainAt
  }

  /** Brings every blind's holds up to `now`; says which blinds must go to safety. */
  evaluate(now: number): Evaluation {
    const frost = this.frostCondition(now)
    if (!frost) this.frostOverridden = false
    const locks = new Map<string, Lock>()
    const toSafety: string[] = []
    for (const t of this.blinds.values()) {
      this.updateHolds(t, now, frost)
      const lock = this.lockOf(t, now)
      if (!lock) {
        t.safe = false
        continue
      }
      locks.set(t.protection.id, lock)
      if (!lock.acting) continue
      if (!lock.kinds.includes('FROST') && !t.safe) {
        t.safe = true
        toSafety.push(t.protection.id)
      }
    }
    return { locks, toSafety }
  }

  /** The next moment evaluate() may give another answer without a new reading, or null. */
  nextChangeAt(now: number): number | null {
    const times: number[] = []
    const { windReleaseMs, rainReleaseMs } = this.release
    for (const t of this.blinds.values()) {
      const { windLimit, rainProtect, frostProtect } = t.protection
      if (windLimit !== null) {
        if (t.overSince !== null && !t.holds.has('WIND')) times.push(t.overSince + GUST_MS)
        if (t.calmSince !== null && t.holds.has('WIND')) times.push(t.calmSince + windReleaseMs)
        if (this.windSensor) {
          times.push((this.wind?.at ?? this.startedAt) + this.silenceMs)
        }
      }
      if (rainProtect && t.holds.has('RAIN') && this.dryFrom !== null) {
        times.push(this.dryFrom + rainReleaseMs)
      }
      if (frostProtect) {
        if (t.holds.has('FROST') && this.warmSince !== null) times.push(this.warmSince + THAW_MS)
        if (this.lastRainAt !== null) times.push(this.lastRainAt + FROST_RAIN_WITHIN_MS + 1)
      }
    }
    const ahead = times.filter((x) => x > now)
    return ahead.length > 0 ? Math.min(...ahead) : null
  }

  private followWind(t: Tracked, value: number, at: number): void {
    const limit = t.protection.windLimit
    if (limit === null) return
    if (value > limit) t.overSince ??= at
    else t.overSince = null
    if (value < limit * CALM_SHARE) t.calmSince ??= at
    else t.calmSince = null
  }

  private frostCondition(now: number): boolean {
    return (
      this.temperature !== null &&
      this.temperature.value < FROST_BELOW_C &&
      this.lastRainAt !== null &&
      now - this.lastRainAt <= FROST_RAIN_WITHIN_MS
    )
  }

  private updateHolds(t: Tracked, now: number, frost: boolean): void {
    const { windLimit, rainProtect, frostProtect } = t.protection
    const { holds } = t
    if (windLimit !== null) {
      const sensor = this.sensorHold(now)
      if (sensor) {
        const held = holds.get('SENSOR')
        // A hold that began while waiting keeps its start when the waiting turns into silence.
        holds.set('SENSOR', { since: held?.since ?? sensor.since, why: sensor.why })
      } else {
        holds.delete('SENSOR')
      }
      if (!holds.has('WIND') && t.overSince !== null && now - t.overSince >= GUST_MS) {
        holds.set('WIND', { since: t.overSince + GUST_MS })
      } else if (
        holds.has('WIND') &&
        t.calmSince !== null &&
        now - t.calmSince >= this.release.windReleaseMs
      ) {
        holds.delete('WIND')
      }
    }
    if (rainProtect) {
      if (this.raining) {
        if (!holds.has('RAIN')) holds.set('RAIN', { since: this.rainSince ?? now })
      } else if (
        holds.has('RAIN') &&
        this.dryFrom !== null &&
        now - this.dryFrom >= this.release.rainReleaseMs
      ) {
        holds.delete('RAIN')
      }
    }
    if (frostProtect) {
      if (frost && !this.frostOverridden) {
        if (!holds.has('FROST')) holds.set('FROST', { since: now })
      } else if (holds.has('FROST') && this.warmSince !== null && now - this.warmSince >= THAW_MS) {
        holds.delete('FROST')
      }
    }
  }

  /** Why the wind sensor holds wind-protected blinds now, or null while it reads. */
  private sensorHold(
    now: number,
  ): { since: number; why: 'NO_SENSOR' | 'WAITING' | 'SILENT' } | null {
    if (!this.windSensor) return { since: now, why: 'NO_SENSOR' }
    if (this.wind === null) {
      return now - this.startedAt < this.silenceMs
        ? { since: this.startedAt, why: 'WAITING' }
        : { since: this.startedAt + this.silenceMs, why: 'SILENT' }
    }
    const silentAt = this.wind.at + this.silenceMs
    return now >= silentAt ? { since: silentAt, why: 'SILENT' } : null
  }

  private lockOf(t: Tracked, now: number): Lock | null {
    const kinds = WEIGHT.filter((k) => t.holds.has(k))
    const kind = kinds[0]
    if (kind === undefined) return null
    const releases = kinds.map((k) => this.releaseAt(t, k))
    const releaseAt = releases.some((r) => r === null) ? null : Math.max(...(releases as number[]))
    const sensor = t.holds.get('SENSOR')
    const acting = !(kinds.length === 1 && kind === 'SENSOR' && sensor?.why === 'WAITING')
    return {
      kind,
      since: Math.min(...kinds.map((k) => t.holds.get(k)!.since)),
      releaseAt: releaseAt !== null && releaseAt <= now ? now : releaseAt,
      cause: this.causeOf(t, kind),
      kinds,
      acting,
    }
  }

  private releaseAt(t: Tracked, kind: AlarmKind): number | null {
    switch (kind) {
      case 'WIND':
        return t.calmSince === null ? null : t.calmSince + this.release.windReleaseMs
      case 'RAIN':
        return this.raining || this.dryFrom === null
          ? null
          : this.dryFrom + this.release.rainReleaseMs
      case 'FROST':
        return this.warmSince === null ? null : this.warmSince + THAW_MS
      case 'SENSOR':
        return null
    }
  }

  private causeOf(t: Tracked, kind: AlarmKind): LockCause {
    switch (kind) {
      case 'WIND':
        return { kind, value: this.wind?.value ?? 0, limit: t.protection.windLimit ?? 0 }
      case 'RAIN':
        return { kind }
      case 'FROST':
        return { kind, value: this.temperature?.value ?? 0 }
      case 'SENSOR':
        return { kind, why: t.holds.get('SENSOR')?.why ?? 'SILENT' }
    }
  }
}
