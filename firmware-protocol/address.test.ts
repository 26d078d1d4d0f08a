import { describe, expect, it } from 'vitest'
import { formatAddress, parseAddress } from './address'

describe('relay addresses', () => {
  it.each([
    ['1:0', '1:0'],
    [' 01 : 007 ', '1:7'],
    ['247:255', '247:255'],
  ])('reads %j as relay %s', (input, text) => {
    expect(parseAddress(input)).toMatchObject({ ok: true, text })
  })

  it.each([
    ['', 'must be UNIT:COIL'],
    ['1', 'must be UNIT:COIL'],
    ['1:2:3', 'must be UNIT:COIL'],
    ['a:1', 'must be UNIT:COIL'],
    ['-1:0', 'must be UNIT:COIL'],
    ['0:0', 'unit from 1 to 247 (got 0)'],
    ['248:0', 'unit from 1 to 247 (got 248)'],
    ['1:256', 'coil from 0 to 255 (got 256)'],
  ])('refuses %j, saying it %s', (input, reason) => {
    const result = parseAddress(input)
    expect(result.ok).toBe(false)
    expect(!result.ok && result.reason).toContain(reason)
  })

  it('writes an address back in the form it reads', () => {
    expect(formatAddress({ unit: 12, coil: 3 })).toBe('12:3')
  })
})
