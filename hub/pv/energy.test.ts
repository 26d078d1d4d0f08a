import { describe, expect, it } from 'vitest'
import { countEnergy, slotStartOf, type Counter } from './energy'

const T = Date.parse('2026-06-21T10:07:30Z')
const last: Counter = { wh: 1000, at: T - 10_000, serial: 'SN1' }
const reading = (wh: number | null, at = T, serial: string | null = 'SN1') => ({ wh, at, serial })

describe('countEnergy', () => {
  it('adds what the counter grew by to the 15-minute slot of the reading', () => {
    expect(countEnergy(last, reading(1012.5))).toEqual({
      kind: 'added',
      counter: { wh: 1012.5, at: T, serial: 'SN1' },
      slotStart: Date.parse('2026-06-21T10:00:00Z'),
      wh: 12.5,
    })
  })

  it('starts the count at the first reading without adding anything', () => {
    expect(countEnergy(null, reading(5000))).toEqual({
      kind: 'baseline',
      counter: { wh: 5000, at: T, serial: 'SN1' },
    })
  })

  it('ignores a counter of 0 or none, as inverters report at night, and keeps the last', () => {
    expect(countEnergy(last, reading(0))).toEqual({ kind: 'ignored', reason: 'no counter' })
    expect(countEnergy(last, reading(null))).toEqual({ kind: 'ignored', reason: 'no counter' })
    expect(countEnergy(last, reading(Number.NaN))).toEqual({
      kind: 'ignored',
      reason: 'no counter',
    })
    expect(countEnergy(null, reading(0))).toEqual({ kind: 'ignored', reason: 'no counter' })
  })

  it('ignores a counter going backwards, so a glitch never adds its drop back later', () => {
    expect(countEnergy(last, reading(999))).toEqual({ kind: 'ignored', reason: 'backwards' })
    // The next good reading counts from the last good one, not from the glitch.
    expect(countEnergy(last, reading(1003))).toMatchObject({ kind: 'added', wh: 3 })
  })

  it('writes nothing while the counter stands still', () => {
    expect(countEnergy(last, reading(1000))).toEqual({ kind: 'ignored', reason: 'unchanged' })
  })

  it('puts energy made over a night or while the hub was off in the slot of the first reading after', () => {
    const morning = Date.parse('2026-06-22T04:31:00Z')
    expect(countEnergy(last, reading(1250, morning))).toMatchObject({
      kind: 'added',
      slotStart: Date.parse('2026-06-22T04:30:00Z'),
      wh: 250,
    })
  })

  it('starts a new count for another inverter (another serial number) rather than a jump', () => {
    expect(countEnergy(last, reading(20, T, 'SN2'))).toEqual({
      kind: 'baseline',
      counter: { wh: 20, at: T, serial: 'SN2' },
    })
    // Without serial numbers, the same inverter is assumed.
    expect(countEnergy({ ...last, serial: null }, reading(1001, T, null))).toMatchObject({
      kind: 'added',
      wh: 1,
    })
  })
})

describe('slotStartOf', () => {
  it('cuts time in 15-minute slots that fit the quarter hours of every time zone', () => {
    expect(slotStartOf(Date.parse('2026-06-21T10:14:59.999Z'))).toBe(
      Date.parse('2026-06-21T10:00:00Z'),
    )
    expect(slotStartOf(Date.parse('2026-06-21T10:15:00Z'))).toBe(Date.parse('2026-06-21T10:15:00Z'))
    // Kathmandu is UTC+5:45: its 10:00 local is 04:15 UTC, a slot start too.
    expect(slotStartOf(Date.parse('2026-06-21T04:15:00Z') + 14 * 60_000)).toBe(
      Date.parse('2026-06-21T04:15:00Z'),
    )
  })
})
