import { describe, expect, it } from 'vitest'
import { fromHex, hexByte, hexWord, toHex } from './hex'

describe('hex spelling of bytes', () => {
  it('writes bytes as upper-case pairs separated by spaces', () => {
    expect(toHex(Uint8Array.of(1, 5, 0, 0xff, 0x8c))).toBe('01 05 00 FF 8C')
  })

  it('reads pairs with or without spaces', () => {
    expect([...fromHex('01 05 ff')]).toEqual([1, 5, 255])
    expect([...fromHex('0105FF')]).toEqual([1, 5, 255])
    expect(fromHex('')).toHaveLength(0)
  })

  it('refuses an odd digit count or a non-hex character', () => {
    expect(() => fromHex('01 5')).toThrow('not hex bytes: "01 5"')
    expect(() => fromHex('0G')).toThrow(RangeError)
  })

  it('writes codes as 0x05 and words as 0x3A8C', () => {
    expect(hexByte(0x2b)).toBe('0x2B')
    expect(hexWord(0x3a8c)).toBe('0x3A8C')
    expect(hexWord(7)).toBe('0x0007')
  })
})
