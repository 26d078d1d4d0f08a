// Reading registers (0x03 holding, 0x04 input), as the hub reads weather sensors: what the
// encoders refuse, what the decoders make of the edges, and how a reply is matched to its read.
// The byte-for-byte frames are in vectors.json.
import { describe, expect, it } from 'vitest'
import {
  checkReply,
  decodeRequest,
  decodeResponse,
  encodeRequest,
  encodeResponse,
  fromHex,
  functionName,
  requestLength,
  responseLength,
  toHex,
  withCrc,
  type ReadRegistersRequest,
  type ReadRegistersResponse,
  type Request,
  type Response,
} from './rtu'

describe('encoding a register read', () => {
  it.each([
    [
      { unit: 0, fn: 0x03, address: 0, quantity: 1 },
      'a read-holding-registers request cannot be broadcast (unit 0): no unit answers',
    ],
    [
      { unit: 0, fn: 0x04, address: 0, quantity: 1 },
      'a read-input-registers request cannot be broadcast (unit 0): no unit answers',
    ],
    [
      { unit: 248, fn: 0x03, address: 0, quantity: 1 },
      'unit must be an integer from 0 to 247 (got 248)',
    ],
    [
      { unit: 10, fn: 0x03, address: 0, quantity: 0 },
      'quantity of registers to read must be an integer from 1 to 125 (got 0)',
    ],
    [
      { unit: 10, fn: 0x04, address: 0, quantity: 126 },
      'quantity of registers to read must be an integer from 1 to 125 (got 126)',
    ],
    [
      { unit: 10, fn: 0x03, address: 70000, quantity: 1 },
      'address must be an integer from 0 to 65535 (got 70000)',
    ],
    [
      { unit: 10, fn: 0x03, address: 65535, quantity: 2 },
      'registers 65535..65536 run past the last address 65535',
    ],
  ] satisfies [Request, string][])('refuses %j with a RangeError', (request, message) => {
    expect(() => encodeRequest(request)).toThrow(RangeError)
    expect(() => encodeRequest(request)).toThrow(message)
  })

  it('reads register 65535 alone, the last one there is', () => {
    expect(toHex(encodeRequest({ unit: 2, fn: 0x04, address: 65535, quantity: 1 }))).toBe(
      toHex(withCrc(fromHex('02 04 FF FF 00 01'))),
    )
  })
})

describe('encoding a register response', () => {
  it('sends each register high byte first, after a byte count of twice the registers', () => {
    const frame = encodeResponse({ unit: 10, fn: 0x04, registers: [0x1234, 0xabcd] })
    expect(toHex(frame)).toBe(toHex(withCrc(fromHex('0A 04 04 12 34 AB CD'))))
  })

  it('carries 125 registers, the most one read may ask for, in 255 bytes', () => {
    const registers = Array.from({ length: 125 }, (_, i) => i * 500)
    const frame = encodeResponse({ unit: 1, fn: 0x03, registers })
    expect(frame).toHaveLength(3 + 250 + 2)
    expect(responseLength(frame.subarray(0, 3))).toBe(255)
    expect(decodeResponse(frame)).toEqual({ unit: 1, fn: 0x03, registers })
  })

  it.each([
    [
      { unit: 1, fn: 0x03, registers: [] },
      'number of registers read must be an integer from 1 to 125 (got 0)',
    ],
    [
      { unit: 1, fn: 0x04, registers: new Array<number>(126).fill(0) },
      'number of registers read must be an integer from 1 to 125 (got 126)',
    ],
    [
      { unit: 1, fn: 0x03, registers: [0, 65536] },
      'register 1 must be an integer from 0 to 65535 (got 65536)',
    ],
    [
      { unit: 1, fn: 0x03, registers: [-1] },
      'register 0 must be an integer from 0 to 65535 (got -1)',
    ],
    [{ unit: 0, fn: 0x03, registers: [1] }, 'unit must be an integer from 1 to 247 (got 0)'],
  ] satisfies [Response, string][])('refuses %j with a RangeError', (response, message) => {
    expect(() => encodeResponse(response)).toThrow(RangeError)
    expect(() => encodeResponse(response)).toThrow(message)
  })
})

describe('decoding register frames', () => {
  it('leaves judging a quantity to the unit: a read of 0 or 126 registers decodes', () => {
    expect(decodeRequest(withCrc(fromHex('0A 03 00 00 00 00')))).toEqual({
      unit: 10,
      fn: 0x03,
      address: 0,
      quantity: 0,
    })
    expect(decodeRequest(withCrc(fromHex('0A 04 00 00 00 7E')))).toMatchObject({ quantity: 126 })
  })

  it('refuses a response whose byte count says more than 125 registers', () => {
    const frame = withCrc(Uint8Array.of(1, 0x03, 252, ...new Array<number>(252).fill(0)))
    expect(() => decodeResponse(frame)).toThrow(
      'byte count 252: a read-holding-registers response holds 1 to 125 registers',
    )
  })

  it('tells the length of a register frame from its first bytes', () => {
    expect(requestLength(fromHex('0A 03'))).toBe(8)
    expect(requestLength(fromHex('0A 04'))).toBe(8)
    expect(responseLength(fromHex('0A 03'))).toBeUndefined()
    expect(responseLength(fromHex('0A 03 06'))).toBe(11)
    expect(responseLength(fromHex('0A 04 02'))).toBe(7)
    expect(responseLength(fromHex('0A 83'))).toBe(5)
    expect(responseLength(fromHex('0A 84'))).toBe(5)
  })

  it('names both functions', () => {
    expect(functionName(0x03)).toBe('read-holding-registers')
    expect(functionName(0x04)).toBe('read-input-registers')
  })
})

describe('checking a register reply against its read', () => {
  const read: ReadRegistersRequest = { unit: 10, fn: 0x04, address: 0, quantity: 3 }

  it('gives the registers of a reply with as many as were asked for', () => {
    const reply: ReadRegistersResponse = checkReply(read, {
      unit: 10,
      fn: 0x04,
      registers: [142, 0, 65486],
    })
    expect(reply.registers).toEqual([142, 0, 65486])
  })

  it.each([
    [
      { unit: 10, fn: 0x04, registers: [142, 0, 65486, 7] },
      '8 bytes of registers in reply to a read of 3 registers, which take 6',
    ],
    [
      { unit: 10, fn: 0x03, registers: [142, 0, 65486] },
      'a reply for function 0x03 to a request for function 0x04',
    ],
    [
      { unit: 10, fn: 0x01, values: new Array<boolean>(8).fill(false) },
      'a reply for function 0x01',
    ],
  ] satisfies [Response, string][])('refuses %j as unexpected', (response, message) => {
    expect(() => checkReply(read, response)).toThrow(`unexpected reply: ${message}`)
  })

  it('turns exception 0x84 into an error naming the unit and the function', () => {
    expect(() => checkReply(read, { unit: 10, fn: 0x04, exception: 2 })).toThrow(
      'exception 0x02 (illegal data address) from unit 10 for function 0x04',
    )
  })
})
