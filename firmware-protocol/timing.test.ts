import { describe, expect, it } from 'vitest'
import {
  bitsPerCharacter,
  characterTimeMs,
  frameTimeMs,
  interCharacterLimitMs,
  interFrameSilenceMs,
} from './timing'

describe('serial line timing', () => {
  it('counts 10 bits a byte without parity and 11 with', () => {
    expect(bitsPerCharacter('none')).toBe(10)
    expect(bitsPerCharacter('even')).toBe(11)
    expect(bitsPerCharacter('odd')).toBe(11)
  })

  it.each([
    // baud, character ms, 8-byte frame ms, inter-frame silence ms, inter-character limit ms
    [9600, 1.0417, 8.3333, 3.6458, 1.5625],
    [19200, 0.5208, 4.1667, 1.8229, 0.7813],
    [115200, 0.0868, 0.6944, 1.75, 0.75],
  ])(
    'at %d baud 8N1 a byte takes %d ms, an 8-byte request %d ms, the silence %d ms',
    (baud, char, frame, silence, gap) => {
      expect(characterTimeMs(baud)).toBeCloseTo(char, 4)
      expect(frameTimeMs(8, baud)).toBeCloseTo(frame, 4)
      expect(interFrameSilenceMs(baud)).toBeCloseTo(silence, 4)
      expect(interCharacterLimitMs(baud)).toBeCloseTo(gap, 4)
    },
  )

  it('takes the parity bit into account: 9600 baud 8E1 has a 4.01 ms silence', () => {
    expect(characterTimeMs(9600, 'even')).toBeCloseTo(1.1458, 4)
    expect(interFrameSilenceMs(9600, 'even')).toBeCloseTo(4.0104, 4)
  })

  it('fixes the silence at 1.75 ms from 38400 baud up, while 19200 still counts characters', () => {
    expect(interFrameSilenceMs(38400)).toBe(1.75)
    expect(interFrameSilenceMs(19200)).not.toBe(1.75)
  })

  it('refuses a baud rate of 0', () => {
    expect(() => characterTimeMs(0)).toThrow('baud must be above 0 (got 0)')
  })
})
