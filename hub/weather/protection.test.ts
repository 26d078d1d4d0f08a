import { describe, expect, it } from 'vitest'
import {
  GUST_MS,
  sameSide,
  SENSOR_SILENCE_MS,
  THAW_MS,
  WeatherProtection,
  type BlindProtection,
} from './protection'

const MIN = 60_000
const T0 = Date.UTC(2026, 10, 27, 12, 0, 0)

const awning: BlindProtection = {
  id: 'awning',
  windLimit: 10,
  rainProtect: true,
  frostProtect: false,
}
const raffstore: BlindProtection = {
  id: 'raffstore',
  windLimit: 14,
  rainProtect: false,
  frostProtect: true,
}
const indoor: BlindProtection = {
  id: 'indoor',
  windLimit: null,
  rainProtect: false,
  frostProtect: false,
}

function protection(blinds = [awning, raffstore, indoor]) {
  const p = new WeatherProtection({
    startedAt: T0,
    release: { windReleaseMs: 10 * MIN, rainReleaseMs: 10 * MIN },
    windSensor: true,
  })
  p.setBlinds(blinds)
  return p
}

/** Wind readings once a second from `from` for `seconds`, evaluated after each. */
function blow(p: WeatherProtection, from: number, seconds: number, value: number) {
  let toSafety: string[] = []
  for (let s = 0; s < seconds; s++) {
    p.windReading(value, from + s * 1000)
    toSafety = [...toSafety, ...p.evaluate(from + s * 1000).toSafety]
  }
  return toSafety
}

describe('weather protection', () => {
  it('raises a blind whose wind limit was exceeded for 2 s, and only that blind', () => {
    const p = protection()
    blow(p, T0, 5, 3)
    const sent = blow(p, T0 + 5000, 3, 12)
    expect(sent).toEqual(['awning'])
    const { locks } = p.evaluate(T0 + 7000)
    expect(locks.get('awning')).toMatchObject({
      kind: 'WIND',
      since: T0 + 5000 + GUST_MS,
      releaseAt: null,
      cause: { kind: 'WIND', value: 12, limit: 10 },
      acting: true,
    })
    expect(locks.has('raffstore')).toBe(false)
    expect(locks.has('indoor')).toBe(false)
  })

  it('leaves a blind alone when a gust over its limit lasts less than 2 s', () => {
    const p = protection()
    blow(p, T0, 2, 12)
    const sent = blow(p, T0 + 2000, 10, 5)
    expect(sent).toEqual([])
    expect(p.evaluate(T0 + 12_000).locks.size).toBe(0)
  })

  it('says when to look again so a gust is caught 2 s after its first reading', () => {
    const p = protection()
    p.windReading(12, T0 + 500)
    p.evaluate(T0 + 500)
    expect(p.nextChangeAt(T0 + 500)).toBe(T0 + 500 + GUST_MS)
    expect(p.evaluate(T0 + 500 + GUST_MS).toSafety).toEqual(['awning'])
  })

  it('lifts the lock only after the wind stayed below 80 % of the limit for the release time', () => {
    const p = protection()
    blow(p, T0, 3, 12)
    // 8.5 m/s is below the limit but not below 80 % of it: no calm.
    blow(p, T0 + 3000, 15 * 60, 8.5)
    expect(p.evaluate(T0 + 16 * MIN).locks.get('awning')?.releaseAt).toBeNull()
    const calmFrom = T0 + 16 * MIN
    p.windReading(7, calmFrom)
    expect(p.evaluate(calmFrom).locks.get('awning')?.releaseAt).toBe(calmFrom + 10 * MIN)
    // A breath at 8.5 m/s five minutes in starts the calm again.
    p.windReading(8.5, calmFrom + 5 * MIN)
    p.windReading(7, calmFrom + 5 * MIN + 1000)
    expect(p.evaluate(calmFrom + 10 * MIN).locks.has('awning')).toBe(true)
    p.windReading(7, calmFrom + 15 * MIN + 1000)
    expect(p.evaluate(calmFrom + 15 * MIN + 1000).locks.has('awning')).toBe(false)
  })

  it('does not send a blind to safety again while it stays locked, and again after a new alarm', () => {
    const p = protection()
    expect(blow(p, T0, 3, 12)).toEqual(['awning'])
    expect(blow(p, T0 + 3000, 60, 12)).toEqual([])
    blow(p, T0 + 63_000, 11 * 60, 2)
    expect(p.evaluate(T0 + 63_000 + 11 * MIN).locks.has('awning')).toBe(false)
    expect(blow(p, T0 + 63_000 + 11 * MIN, 3, 12)).toEqual(['awning'])
  })

  it('locks rain-protected blinds while it rains and lifts them after the dry time', () => {
    const p = protection()
    p.windReading(2, T0)
    p.rainReading(true, T0)
    expect(p.evaluate(T0).toSafety).toEqual(['awning'])
    p.rainReading(false, T0 + 30 * MIN)
    p.windReading(2, T0 + 30 * MIN)
    const lock = p.evaluate(T0 + 30 * MIN).locks.get('awning')
    expect(lock).toMatchObject({ kind: 'RAIN', since: T0, releaseAt: T0 + 40 * MIN })
    p.windReading(2, T0 + 40 * MIN)
    expect(p.evaluate(T0 + 40 * MIN).locks.has('awning')).toBe(false)
  })

  it('shows the weightiest cause and lifts only when the last one ends', () => {
    const p = protection()
    p.rainReading(true, T0)
    blow(p, T0, 3, 12)
    const lock = p.evaluate(T0 + 2000).locks.get('awning')
    expect(lock?.kind).toBe('WIND')
    expect(lock?.kinds).toEqual(['WIND', 'RAIN'])
    p.rainReading(false, T0 + 3000)
    blow(p, T0 + 3000, 11 * 60, 2)
    expect(p.evaluate(T0 + 11 * MIN).locks.has('awning')).toBe(false)
  })

  describe('frost', () => {
    it('freezes a protected blind where it stands after rain below 2 degrees, with no move', () => {
      const p = protection()
      p.windReading(2, T0)
      p.rainReading(true, T0)
      p.rainReading(false, T0 + 10 * MIN)
      p.temperatureReading(1.5, T0 + 3 * 60 * MIN)
      p.windReading(2, T0 + 3 * 60 * MIN)
      const { locks, toSafety } = p.evaluate(T0 + 3 * 60 * MIN)
      expect(locks.get('raffstore')).toMatchObject({ kind: 'FROST', cause: { value: 1.5 } })
      expect(toSafety).not.toContain('raffstore')
    })

    it('does not freeze when the last rain was more than 6 hours ago', () => {
      const p = protection()
      p.rainReading(true, T0)
      p.rainReading(false, T0 + MIN)
      p.temperatureReading(0, T0 + 7 * 60 * MIN)
      p.windReading(2, T0 + 7 * 60 * MIN)
      expect(p.evaluate(T0 + 7 * 60 * MIN).locks.has('raffstore')).toBe(false)
    })

    it('thaws after 2 hours at 4 degrees or more', () => {
      const p = protection()
      p.rainReading(true, T0)
      p.temperatureReading(0, T0)
      p.windReading(2, T0)
      expect(p.evaluate(T0).locks.get('raffstore')?.kind).toBe('FROST')
      p.temperatureReading(4.5, T0 + 60 * MIN)
      p.temperatureReading(3.5, T0 + 90 * MIN)
      p.temperatureReading(4.2, T0 + 100 * MIN)
      p.windReading(2, T0 + 100 * MIN + THAW_MS - 1)
      expect(p.evaluate(T0 + 100 * MIN + THAW_MS - 1).locks.get('raffstore')?.releaseAt).toBe(
        T0 + 100 * MIN + THAW_MS,
      )
      p.windReading(2, T0 + 100 * MIN + THAW_MS)
      expect(p.evaluate(T0 + 100 * MIN + THAW_MS).locks.has('raffstore')).toBe(false)
    })

    it("lifts at an admin's override and holds again only after the frost ended and returned", () => {
      const p = protection()
      p.rainReading(true, T0)
      p.temperatureReading(0, T0)
      p.windReading(2, T0)
      p.evaluate(T0)
      p.overrideFrost()
      p.windReading(2, T0 + MIN)
      expect(p.evaluate(T0 + MIN).locks.has('raffstore')).toBe(false)
      p.temperatureReading(3, T0 + 2 * MIN)
      p.windReading(2, T0 + 2 * MIN)
      p.evaluate(T0 + 2 * MIN)
      p.temperatureReading(1, T0 + 3 * MIN)
      p.windReading(2, T0 + 3 * MIN)
      expect(p.evaluate(T0 + 3 * MIN).locks.get('raffstore')?.kind).toBe('FROST')
    })

    it('keeps a frozen blind frozen when wind comes: frozen slats tear', () => {
      const p = protection([{ ...raffstore, windLimit: 10 }])
      p.rainReading(true, T0)
      p.temperatureReading(0, T0)
      expect(blow(p, T0, 4, 15)).toEqual([])
      expect(p.evaluate(T0 + 3000).locks.get('raffstore')?.kinds).toEqual(['FROST', 'WIND'])
    })
  })

  describe('the wind sensor', () => {
    it('holds protected blinds without moving them until the first reading of a starting hub', () => {
      const p = protection()
      const { locks, toSafety } = p.evaluate(T0 + 1000)
      expect(locks.get('awning')).toMatchObject({
        kind: 'SENSOR',
        acting: false,
        cause: { why: 'WAITING' },
      })
      expect(toSafety).toEqual([])
      p.windReading(3, T0 + 2000)
      expect(p.evaluate(T0 + 2000).locks.size).toBe(0)
    })

    it('raises every wind-protected blind when the sensor gave nothing for 60 s', () => {
      const p = protection()
      p.windReading(3, T0)
      expect(p.evaluate(T0 + SENSOR_SILENCE_MS - 1).toSafety).toEqual([])
      expect(p.nextChangeAt(T0 + 1000)).toBe(T0 + SENSOR_SILENCE_MS)
      const { locks, toSafety } = p.evaluate(T0 + SENSOR_SILENCE_MS)
      expect(toSafety.sort()).toEqual(['awning', 'raffstore'])
      expect(locks.get('awning')).toMatchObject({ kind: 'SENSOR', cause: { why: 'SILENT' } })
      p.windReading(3, T0 + SENSOR_SILENCE_MS + 5000)
      expect(p.evaluate(T0 + SENSOR_SILENCE_MS + 5000).locks.size).toBe(0)
    })

    it('applies the fail-safe when a starting hub hears nothing for 60 s', () => {
      const p = protection()
      expect(p.evaluate(T0 + SENSOR_SILENCE_MS).toSafety.sort()).toEqual(['awning', 'raffstore'])
    })

    it('counts a wind limit with no wind sensor set up as a silent sensor', () => {
      const p = new WeatherProtection({
        startedAt: T0,
        release: { windReleaseMs: MIN, rainReleaseMs: MIN },
        windSensor: false,
      })
      p.setBlinds([awning])
      const { locks, toSafety } = p.evaluate(T0)
      expect(locks.get('awning')).toMatchObject({ kind: 'SENSOR', cause: { why: 'NO_SENSOR' } })
      expect(toSafety).toEqual(['awning'])
    })
  })

  it('holds a lock kept over a restart without moving the blind, and lifts it by the usual rule', () => {
    const p = protection()
    p.restore('awning', 'WIND', T0 - 5 * MIN)
    p.windReading(3, T0 + 1000)
    const first = p.evaluate(T0 + 1000)
    expect(first.toSafety).toEqual([])
    expect(first.locks.get('awning')).toMatchObject({ kind: 'WIND', since: T0 - 5 * MIN })
    blow(p, T0 + 2000, 10 * 60, 3)
    expect(p.evaluate(T0 + 1000 + 10 * MIN).locks.has('awning')).toBe(false)
  })

  it('drops the wind and sensor holds of a blind whose wind limit is taken away', () => {
    const p = protection()
    blow(p, T0, 3, 12)
    p.setBlinds([{ ...awning, windLimit: null, rainProtect: false }, raffstore, indoor])
    expect(p.evaluate(T0 + 3000).locks.has('awning')).toBe(false)
  })

  it('tells two rain or temperature readings alike only on the same side of its limits', () => {
    expect(sameSide('RAIN', 0, 0)).toBe(true)
    expect(sameSide('RAIN', 1, 11)).toBe(true)
    expect(sameSide('RAIN', 0, 1)).toBe(false)
    expect(sameSide('TEMPERATURE', 1.9, -5)).toBe(true)
    expect(sameSide('TEMPERATURE', 1.9, 2)).toBe(false)
    expect(sameSide('TEMPERATURE', 2, 3.9)).toBe(true)
    expect(sameSide('TEMPERATURE', 3.9, 4)).toBe(false)
    expect(sameSide('TEMPERATURE', 4, 21.7)).toBe(true)
  })
})
