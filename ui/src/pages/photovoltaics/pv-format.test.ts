import { describe, expect, it } from 'vitest'
import { formatAgo, formatEnergy, formatPower, stateTone, stateWords } from './pv-format'

describe('the inverter’s figures in words', () => {
  it('writes power in W below a kilowatt and in kW with about three digits from there', () => {
    expect([0, 7, 850, 999, 1000, 3421, 12_345, 123_456, 2_500_000].map(formatPower)).toEqual([
      '0 W',
      '7 W',
      '850 W',
      '999 W',
      '1.00 kW',
      '3.42 kW',
      '12.3 kW',
      '123 kW',
      '2.50 MW',
    ])
  })

  it('writes energy in Wh, kWh or MWh, and a dash for a value the inverter does not give', () => {
    expect([0, 850, 4560, 23_440, 456_000, 1_234_000, 98_760_000].map(formatEnergy)).toEqual([
      '0 Wh',
      '850 Wh',
      '4.56 kWh',
      '23.4 kWh',
      '456 kWh',
      '1.23 MWh',
      '98.8 MWh',
    ])
    expect(formatEnergy(null)).toBe('—')
    expect(formatPower(null)).toBe('—')
  })

  it('names each SunSpec state in words, and tells producing from idle and from a fault', () => {
    expect(stateWords('MPPT')).toBe('Producing')
    expect(stateWords('SLEEPING')).toBe('Sleeping: not enough sun')
    expect(stateWords('THROTTLED')).toBe('Producing, throttled')
    expect(stateWords(null)).toBe('State not reported')
    expect(stateTone('THROTTLED')).toBe('producing')
    expect(stateTone('STANDBY')).toBe('idle')
    expect(stateTone('FAULT')).toBe('fault')
  })

  it('says how long ago in seconds, then minutes, then hours', () => {
    expect([500, 12_000, 59_000, 61_000, 3_599_000, 7_300_000].map((ms) => formatAgo(ms))).toEqual([
      'just now',
      '12 s ago',
      '59 s ago',
      '1 min ago',
      '59 min ago',
      '2 h ago',
    ])
  })
})
