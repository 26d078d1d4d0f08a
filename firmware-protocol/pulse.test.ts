import { describe, expect, it } from 'vitest'
import { describeRequest, flashOff, flashOn, MAX_PULSE_UNITS, pulseUnits } from './pulse'
import { encodeRequest, toHex } from './rtu'

describe('flash on and flash off', () => {
  it('writes 7 units of 100 ms to coil 0x0200 to flash relay 0 on for 700 ms', () => {
    expect(flashOn(1, 0, 700)).toEqual({ unit: 1, fn: 0x05, address: 0x0200, value: 7 })
    expect(toHex(encodeRequest(flashOn(1, 0, 700)))).toBe('01 05 02 00 00 07 8D B0')
  })

  it('writes to coil 0x0400 + n to flash relay n off', () => {
    expect(flashOff(3, 17, 2000)).toEqual({ unit: 3, fn: 0x05, address: 0x0411, value: 20 })
  })

  it.each([
    [0, 1],
    [1, 1],
    [100, 1],
    [101, 2],
    [699.5, 7],
    [700, 7],
    [300_000, 3000],
    [MAX_PULSE_UNITS * 100, 0x7fff],
  ])('rounds %d ms up to %d units of 100 ms', (ms, units) => {
    expect(pulseUnits(ms)).toBe(units)
  })

  it('refuses a time above 0x7FFF units, a negative time and no number', () => {
    expect(() => flashOn(1, 0, 0x7fff * 100 + 1)).toThrow(
      'a pulse lasts at most 3276700 ms (32767 units of 100 ms); got 3276701 ms',
    )
    expect(() => flashOn(1, 0, -1)).toThrow(RangeError)
    expect(() => flashOff(1, 0, Number.NaN)).toThrow('a pulse time must be 0 ms or more (got NaN)')
  })

  it('refuses a coil outside 0-255', () => {
    expect(() => flashOn(1, 256, 100)).toThrow('coil must be an integer from 0 to 255 (got 256)')
  })
})

describe('describing a request', () => {
  it('recognises flash on and flash off by their coil address', () => {
    expect(describeRequest(flashOn(2, 5, 1500))).toEqual({
      kind: 'flash-on',
      unit: 2,
      coil: 5,
      ms: 1500,
    })
    expect(describeRequest(flashOff(1, 255, 100))).toEqual({
      kind: 'flash-off',
      unit: 1,
      coil: 255,
      ms: 100,
    })
  })

  it('tells plain on and off writes, reads and multiple writes', () => {
    expect(describeRequest({ unit: 1, fn: 0x05, address: 3, value: 0xff00 })).toEqual({
      kind: 'write',
      unit: 1,
      coil: 3,
      on: true,
    })
    expect(describeRequest({ unit: 1, fn: 0x05, address: 3, value: 0 })).toMatchObject({
      kind: 'write',
      on: false,
    })
    expect(describeRequest({ unit: 1, fn: 0x01, address: 0, quantity: 8 })).toEqual({
      kind: 'read',
      unit: 1,
      coil: 0,
      quantity: 8,
    })
    expect(describeRequest({ unit: 1, fn: 0x0f, address: 2, values: [true] })).toEqual({
      kind: 'write-multiple',
      unit: 1,
      coil: 2,
      values: [true],
    })
  })

  it('calls a plain coil written with neither 0xFF00 nor 0x0000 "other"', () => {
    const toggle = { unit: 1, fn: 0x05, address: 0, value: 0x5500 } as const
    expect(describeRequest(toggle)).toEqual({ kind: 'other', request: toggle })
  })

  it('does not mistake coil 0x0300, between the flash ranges, for a flash', () => {
    expect(describeRequest({ unit: 1, fn: 0x05, address: 0x0300, value: 7 }).kind).toBe('other')
  })
})
