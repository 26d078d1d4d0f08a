import { describe, expect, it } from 'vitest'
import {
  checkReply,
  decodeRequest,
  decodeResponse,
  encodeRequest,
  encodeResponse,
  exceptionName,
  fromHex,
  isException,
  ProtocolError,
  requestLength,
  responseLength,
  toHex,
  withCrc,
  type Request,
  type Response,
} from './rtu'

describe('encoding requests', () => {
  it('allows a broadcast write to unit 0 but refuses a broadcast read', () => {
    expect(toHex(encodeRequest({ unit: 0, fn: 0x05, address: 3, value: 0 }))).toBe(
      '00 05 00 03 00 00 3C 1B',
    )
    expect(() => encodeRequest({ unit: 0, fn: 0x01, address: 0, quantity: 8 })).toThrow(
      'a read-coils request cannot be broadcast (unit 0): no unit answers',
    )
  })

  it.each([
    [
      { unit: 248, fn: 0x05, address: 0, value: 0 },
      'unit must be an integer from 0 to 247 (got 248)',
    ],
    [
      { unit: 1.5, fn: 0x05, address: 0, value: 0 },
      'unit must be an integer from 0 to 247 (got 1.5)',
    ],
    [
      { unit: 1, fn: 0x01, address: 0, quantity: 0 },
      'quantity of coils to read must be an integer from 1 to 2000 (got 0)',
    ],
    [{ unit: 1, fn: 0x01, address: 0, quantity: 2001 }, 'from 1 to 2000 (got 2001)'],
    [
      { unit: 1, fn: 0x01, address: 65535, quantity: 2 },
      'coils 65535..65536 run past the last address 65535',
    ],
    [
      { unit: 1, fn: 0x05, address: 0x10000, value: 0 },
      'address must be an integer from 0 to 65535 (got 65536)',
    ],
    [
      { unit: 1, fn: 0x05, address: 0, value: -1 },
      'value must be an integer from 0 to 65535 (got -1)',
    ],
    [
      { unit: 1, fn: 0x0f, address: 0, values: [] },
      'number of coils to write must be an integer from 1 to 1968 (got 0)',
    ],
    [
      { unit: 1, fn: 0x0f, address: 0, values: new Array<boolean>(1969).fill(true) },
      'from 1 to 1968 (got 1969)',
    ],
  ] satisfies [Request, string][])('refuses %j with a RangeError', (request, message) => {
    expect(() => encodeRequest(request)).toThrow(RangeError)
    expect(() => encodeRequest(request)).toThrow(message)
  })

  it('packs 1968 coils, the most one request may write, into 246 bytes', () => {
    const frame = encodeRequest({
      unit: 1,
      fn: 0x0f,
      address: 0,
      values: new Array(1968).fill(true),
    })
    expect(frame).toHaveLength(7 + 246 + 2)
    expect(frame[6]).toBe(246)
    expect(requestLength(frame.subarray(0, 7))).toBe(255)
  })
})

describe('encoding responses', () => {
  it('refuses unit 0, which never answers', () => {
    expect(() => encodeResponse({ unit: 0, fn: 0x05, address: 0, value: 0 })).toThrow(
      'unit must be an integer from 1 to 247 (got 0)',
    )
  })

  it('pads the coils of a read to whole bytes with zeros', () => {
    expect(toHex(encodeResponse({ unit: 1, fn: 0x01, values: [true, true, true] }))).toBe(
      toHex(withCrc(fromHex('01 01 01 07'))),
    )
  })

  it('sets bit 0x80 of the function byte of an exception and refuses exception code 0', () => {
    expect(encodeResponse({ unit: 1, fn: 0x0f, exception: 2 })[1]).toBe(0x8f)
    expect(() => encodeResponse({ unit: 1, fn: 0x0f, exception: 0 })).toThrow(
      'exception code must be an integer from 1 to 255 (got 0)',
    )
  })
})

describe('decoding', () => {
  it('leaves judging field values to the board: a read of 0 coils decodes', () => {
    expect(decodeRequest(fromHex('01 01 00 00 00 00 3C 0A'))).toEqual({
      unit: 1,
      fn: 0x01,
      address: 0,
      quantity: 0,
    })
  })

  it('says which unit sent which exception for which function', () => {
    const response = decodeResponse(fromHex('01 85 02 C3 51'))
    expect(isException(response)).toBe(true)
    expect(response).toEqual({ unit: 1, fn: 0x05, exception: 2 })
    expect(exceptionName(2)).toBe('illegal data address')
    expect(exceptionName(0x42)).toBe('unknown exception')
  })

  it('marks each error with its kind', () => {
    const kindOf = (hex: string) => {
      try {
        decodeRequest(fromHex(hex))
      } catch (error) {
        return error instanceof ProtocolError ? error.kind : 'not a ProtocolError'
      }
      return 'no error'
    }
    expect(kindOf('')).toBe('empty')
    expect(kindOf('01 05 00')).toBe('truncated')
    expect(kindOf('01 05 00 00 FF 00 8C 3A 00')).toBe('too-long')
    expect(kindOf('01 05 00 00 FF 00 8C 3B')).toBe('crc')
    expect(kindOf('01 2B 0E 01 00 70 77')).toBe('unknown-function')
    expect(kindOf('01 0F 00 00 00 08 02 FF 00 A5 70')).toBe('malformed')
  })
})

describe('frame lengths from the first bytes', () => {
  it('needs 2 bytes for fixed-length requests and 7 for write multiple coils', () => {
    expect(requestLength(fromHex(''))).toBeUndefined()
    expect(requestLength(fromHex('01 05'))).toBe(8)
    expect(requestLength(fromHex('01 01'))).toBe(8)
    expect(requestLength(fromHex('01 0F 00 00 00 0A'))).toBeUndefined()
    expect(requestLength(fromHex('01 0F 00 00 00 0A 02'))).toBe(11)
  })

  it('gives 5 for any exception response and 5 + byte count for a read', () => {
    expect(responseLength(fromHex('01 85'))).toBe(5)
    expect(responseLength(fromHex('07 AB'))).toBe(5)
    expect(responseLength(fromHex('01 01'))).toBeUndefined()
    expect(responseLength(fromHex('01 01 04'))).toBe(9)
    expect(responseLength(fromHex('01 0F'))).toBe(8)
  })

  it('cannot tell the length of an unknown function', () => {
    expect(() => requestLength(fromHex('01 2B'))).toThrow('unknown function 0x2B')
    expect(() => responseLength(fromHex('01 2B'))).toThrow('unknown function 0x2B')
  })
})

describe('checking a reply against its request', () => {
  const read = { unit: 1, fn: 0x01, address: 0, quantity: 10 } as const

  it('trims the coils of a read to the quantity asked for', () => {
    const reply = checkReply(read, decodeResponse(withCrc(fromHex('01 01 02 05 02'))))
    expect(reply.values).toEqual([
      true,
      false,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      true,
    ])
  })

  it('turns an exception into a ProtocolError a person understands', () => {
    const write = { unit: 1, fn: 0x05, address: 40, value: 0xff00 } as const
    expect(() => checkReply(write, { unit: 1, fn: 0x05, exception: 2 })).toThrow(
      'exception 0x02 (illegal data address) from unit 1 for function 0x05',
    )
    try {
      checkReply(write, { unit: 1, fn: 0x05, exception: 2 })
    } catch (error) {
      expect(error).toMatchObject({ kind: 'exception', exception: 2 })
    }
  })

  it.each([
    [
      { unit: 2, fn: 0x01, values: new Array(16).fill(false) },
      'a reply from unit 2 to a request for unit 1',
    ],
    [
      { unit: 1, fn: 0x0f, address: 0, quantity: 10 },
      'a reply for function 0x0F to a request for function 0x01',
    ],
    [
      { unit: 1, fn: 0x01, values: new Array(8).fill(false) },
      '1 coil bytes in reply to a read of 10 coils, which take 2',
    ],
  ] satisfies [Response, string][])('refuses %j as unexpected', (response, message) => {
    expect(() => checkReply(read, response)).toThrow(`unexpected reply: ${message}`)
  })

  it('refuses an echo that differs from the write', () => {
    const write = { unit: 1, fn: 0x05, address: 0, value: 0xff00 } as const
    expect(checkReply(write, { ...write })).toEqual(write)
    expect(() => checkReply(write, { ...write, value: 0 })).toThrow(
      'an echo of address 0x0000 value 0x0000 to a write of address 0x0000 value 0xFF00',
    )
    const writeMany = { unit: 1, fn: 0x0f, address: 4, values: [true, false] } as const
    expect(checkReply(writeMany, { unit: 1, fn: 0x0f, address: 4, quantity: 2 })).toEqual({
      unit: 1,
      fn: 0x0f,
      address: 4,
      quantity: 2,
    })
    expect(() => checkReply(writeMany, { unit: 1, fn: 0x0f, address: 4, quantity: 3 })).toThrow(
      'an echo of 3 coils at 4 to a write of 2 coils at 4',
    )
  })

  it('refuses any reply to a broadcast', () => {
    const broadcast = { unit: 0, fn: 0x05, address: 0, value: 0 } as const
    expect(() => checkReply(broadcast, { ...broadcast, unit: 1 })).toThrow('to a broadcast')
  })
})
