import { describe, expect, it } from 'vitest'
import { crc16modbus, crcCarried, hasValidCrc, withCrc } from './crc'
import { crcBitByBit } from './crc-reference'
import { fromHex, toHex } from './hex'

describe('CRC-16/MODBUS', () => {
  it('gives the catalogued check value 0x4B37 for "123456789"', () => {
    expect(crc16modbus(new TextEncoder().encode('123456789'))).toBe(0x4b37)
  })

  it('gives 0xFFFF, its initial value, for no bytes', () => {
    expect(crc16modbus(new Uint8Array(0))).toBe(0xffff)
  })

  it.each([
    ['01 05 00 00 FF 00', 0x3a8c],
    ['01 05 00 00 00 00', 0xcacd],
    ['01 05 02 00 00 07', 0xb08d],
  ])('gives the CRC Waveshare documents for %s', (hex, crc) => {
    expect(crc16modbus(fromHex(hex))).toBe(crc)
  })

  it('agrees with the bit-by-bit definition on 200 random frames', () => {
    for (let n = 0; n < 200; n++) {
      const bytes = Uint8Array.from({ length: 1 + (n % 40) }, () => Math.floor(Math.random() * 256))
      expect(crc16modbus(bytes)).toBe(crcBitByBit(bytes))
    }
  })

  it('appends the CRC low byte first', () => {
    const frame = withCrc(fromHex('01 05 00 00 FF 00'))
    expect(toHex(frame)).toBe('01 05 00 00 FF 00 8C 3A')
    expect(crcCarried(frame)).toBe(0x3a8c)
  })

  it('accepts a frame whose CRC matches and refuses one with any byte changed', () => {
    const frame = fromHex('01 05 00 00 FF 00 8C 3A')
    expect(hasValidCrc(frame)).toBe(true)
    for (let i = 0; i < frame.length; i++) {
      const changed = frame.slice()
      changed[i]! ^= 0x01
      expect(hasValidCrc(changed)).toBe(false)
    }
    expect(hasValidCrc(fromHex('8C 3A'))).toBe(false)
  })
})
