import { describe, expect, it } from 'vitest'
import { WeatherReadings } from './readings'

const T0 = Date.UTC(2026, 10, 27, 12, 0, 0)

function readings(...sensors: [string, 'WIND' | 'RAIN' | 'TEMPERATURE'][]) {
  const r = new WeatherReadings()
  r.follow(sensors.map(([id, kind]) => ({ id, kind })))
  let at = T0
  /** Readings of one sensor, 10 s apart; what rain or frost may act on after each. */
  const read = (id: string, values: number[]) =>
    values.map((value) => {
      at += 10_000
      const kind = r.sensors.get(id)!.kind
      r.reading(id, value, at)
      return kind === 'WIND' ? null : r.confirmed(kind, at)
    })
  return { r, read, at: () => at }
}

describe('the readings rain and frost act on', () => {
  it('take a rain sensor’s wet or dry only once two reads in a row agree', () => {
    const { read } = readings(['rain', 'RAIN'])
    expect(read('rain', [0, 1, 0, 0, 1, 1, 0, 1, 0, 0])).toEqual([
      null,
      null,
      null,
      0,
      0,
      1,
      1,
      1,
      1,
      0,
    ])
  })

  it('take a temperature once two reads in a row lie below 2 °C, at 4 °C or more, or between', () => {
    const { read } = readings(['thermometer', 'TEMPERATURE'])
    // 0.0 among 11s (another register's answer) changes nothing, nor 1.1 after 3.0.
    expect(read('thermometer', [11, 11.2, 0, 11.1, 1.5, 1.2, 3, 1.1, 4.5, 5])).toEqual([
      null,
      11.2,
      11.2,
      11.2,
      11.2,
      1.2,
      1.2,
      1.2,
      1.2,
      5,
    ])
  })

  it('keep each sensor’s reads apart: two sensors’ single wet reads are not two in a row', () => {
    const { r, read, at } = readings(['roof', 'RAIN'], ['garden', 'RAIN'])
    read('roof', [0, 0])
    read('garden', [0, 0])
    read('roof', [1])
    read('garden', [1])
    read('roof', [0])
    read('garden', [0])
    expect(r.confirmed('RAIN', at())).toBe(0)
    // The latest readings still show what each sensor says now.
    read('roof', [1])
    expect(r.now(at()).raining).toBe(true)
    expect(r.confirmed('RAIN', at())).toBe(0)
  })

  it('leave the wind to its latest reading', () => {
    const { r, read, at } = readings(['wind', 'WIND'])
    read('wind', [3, 12])
    expect(r.latest('WIND', at())).toBe(12)
  })
})
