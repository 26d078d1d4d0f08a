import { describe, expect, it } from 'vitest'
import { registerValue, registerWord, type RegisterFormat } from './register-value'

const WIND: RegisterFormat = { signed: false, scale: 0.1 }
const TEMPERATURE: RegisterFormat = { signed: true, scale: 0.1 }

describe('the value of a register', () => {
  it.each([
    [142, WIND, 14.2],
    [215, WIND, 21.5],
    [3, WIND, 0.3],
    [0xffff, WIND, 6553.5],
    [0xffce, TEMPERATURE, -5],
    [0xffce, WIND, 6548.6],
    [0x8000, TEMPERATURE, -3276.8],
    [0x7fff, TEMPERATURE, 3276.7],
    [0xffff, { signed: true, scale: 1 }, -1],
    [0xffff, { signed: false, scale: 1 }, 65535],
    [1, { signed: false, scale: 1 }, 1],
    [250, { signed: false, scale: 0.01 }, 2.5],
    [3, { signed: false, scale: 10 }, 30],
  ] satisfies [number, RegisterFormat, number][])(
    'reads word %i as %j to %d, without binary fractions showing',
    (raw, format, value) => {
      expect(registerValue(raw, format)).toBe(value)
    },
  )

  it('reads the same word differently signed and unsigned', () => {
    expect(registerValue(0x8000, { signed: false, scale: 1 })).toBe(32768)
    expect(registerValue(0x8000, { signed: true, scale: 1 })).toBe(-32768)
    expect(registerValue(0x7fff, { signed: true, scale: 1 })).toBe(32767)
  })

  it.each([
    [-1, WIND, 'a register word must be an integer from 0 to 65535 (got -1)'],
    [65536, WIND, 'a register word must be an integer from 0 to 65535 (got 65536)'],
    [1.5, WIND, 'a register word must be an integer from 0 to 65535 (got 1.5)'],
    [
      1,
      { signed: false, scale: 0 },
      "a register's scale must be a finite number other than 0 (got 0)",
    ],
    [
      1,
      { signed: false, scale: NaN },
      "a register's scale must be a finite number other than 0 (got NaN)",
    ],
  ] satisfies [number, RegisterFormat, string][])(
    'refuses word %d read as %j',
    (raw, format, message) => {
      expect(() => registerValue(raw, format)).toThrow(RangeError)
      expect(() => registerValue(raw, format)).toThrow(message)
    },
  )
})

describe('the register word for a value', () => {
  it.each([
    [14.2, WIND, 142],
    [0.06, WIND, 1],
    [-5, TEMPERATURE, 0xffce],
    [-0.04, TEMPERATURE, 0],
    [-3276.8, TEMPERATURE, 0x8000],
    [6553.5, WIND, 0xffff],
  ] satisfies [number, RegisterFormat, number][])(
    'writes %d as %j to word %i',
    (value, format, raw) => {
      expect(registerWord(value, format)).toBe(raw)
    },
  )

  it('gives back every word it reads, signed and unsigned', () => {
    for (let raw = 0; raw <= 0xffff; raw += 7) {
      expect(registerWord(registerValue(raw, WIND), WIND)).toBe(raw)
      expect(registerWord(registerValue(raw, TEMPERATURE), TEMPERATURE)).toBe(raw)
    }
  })

  it.each([
    [-0.1, WIND, '-0.1 does not fit an unsigned register with scale 0.1: it holds 0 to 6553.5'],
    [6553.6, WIND, 'it holds 0 to 6553.5'],
    [
      3276.8,
      TEMPERATURE,
      '3276.8 does not fit a signed register with scale 0.1: it holds -3276.8 to 3276.7',
    ],
    [NaN, WIND, 'NaN does not fit'],
  ] satisfies [number, RegisterFormat, string][])(
    'refuses %d, which %j cannot hold',
    (value, format, message) => {
      expect(() => registerWord(value, format)).toThrow(RangeError)
      expect(() => registerWord(value, format)).toThrow(message)
    },
  )
})
