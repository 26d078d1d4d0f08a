import { describe, expect, it } from 'vitest'
import { fromHex, toHex } from './hex'
import {
  decodeReadRequest,
  decodeTcpResponse,
  encodeReadRequest,
  encodeTcpResponse,
  tcpFrameLength,
  type TcpReadRequest,
  type TcpResponse,
} from './modbus-tcp'
import { ProtocolError } from './protocol-error'
import { answerTcpRequest } from './sunspec-inverter'
import vectorFile from './modbus-tcp-vectors.json'

interface FrameVector {
  name: string
  direction: 'request' | 'response'
  hex: string
  meaning: TcpReadRequest | TcpResponse
  note?: string
}

interface BadFrame {
  name: string
  direction: 'request' | 'response'
  hex: string
  error: string
}

interface AnswerCase {
  name: string
  request: string
  answer?: string
  error?: string
}

const { frames, badFrames, answers } = vectorFile as unknown as {
  frames: FrameVector[]
  badFrames: BadFrame[]
  answers: { image: { start: number; registers: number[] }; cases: AnswerCase[] }
}
const requests = frames.filter((v) => v.direction === 'request')
const responses = frames.filter((v) => v.direction === 'response')

describe('Modbus TCP vectors', () => {
  it('hold the Modbus spec example, exceptions and bad frames of every kind', () => {
    expect(requests.map((v) => v.hex)).toContain('00 01 00 00 00 06 11 03 00 6B 00 03')
    expect(responses.filter((v) => 'exception' in v.meaning).length).toBeGreaterThanOrEqual(3)
    expect(badFrames.length).toBeGreaterThanOrEqual(15)
    expect(answers.cases.length).toBeGreaterThanOrEqual(8)
  })

  describe.each(requests)('request "$name"', (vector) => {
    it(`decodes ${vector.hex} to its meaning`, () => {
      expect(decodeReadRequest(fromHex(vector.hex))).toEqual(vector.meaning)
    })

    it('encodes its meaning to those bytes', () => {
      expect(toHex(encodeReadRequest(vector.meaning as TcpReadRequest))).toBe(vector.hex)
    })
  })

  describe.each(responses)('response "$name"', (vector) => {
    it(`decodes ${vector.hex} to its meaning`, () => {
      expect(decodeTcpResponse(fromHex(vector.hex))).toEqual(vector.meaning)
    })

    it('encodes its meaning to those bytes', () => {
      expect(toHex(encodeTcpResponse(vector.meaning as TcpResponse))).toBe(vector.hex)
    })
  })

  describe.each(frames)('frame "$name" in a byte stream', (vector) => {
    it('is cut out once its MBAP header is in', () => {
      const bytes = fromHex(vector.hex)
      expect(tcpFrameLength(bytes.subarray(0, 6))).toBeNull()
      expect(tcpFrameLength(bytes.subarray(0, 7))).toBe(bytes.length)
      const stream = new Uint8Array([...bytes, ...bytes.subarray(0, 3)])
      expect(tcpFrameLength(stream)).toBe(bytes.length)
    })
  })

  describe.each(badFrames)('bad frame "$name"', (vector) => {
    it(`fails with "${vector.error}"`, () => {
      const decode = vector.direction === 'request' ? decodeReadRequest : decodeTcpResponse
      const bytes = fromHex(vector.hex)
      expect(() => decode(bytes)).toThrow(ProtocolError)
      expect(() => decode(bytes)).toThrow(vector.error)
    })
  })

  describe('answers against a 4-register image', () => {
    const { start, registers } = answers.image
    const read = (address: number): number | undefined => registers[address - start]

    it.each(answers.cases)('$name', (vector) => {
      const request = fromHex(vector.request)
      if (vector.error) {
        expect(() => answerTcpRequest(request, read)).toThrow(vector.error)
      } else {
        expect(toHex(answerTcpRequest(request, read))).toBe(vector.answer)
      }
    })
  })
})

describe('tcpFrameLength', () => {
  it('refuses a stream whose header cannot start a Modbus TCP frame', () => {
    expect(() => tcpFrameLength(fromHex('00 01 00 02 00 06 01'))).toThrow('protocol id 0x0002')
    expect(() => tcpFrameLength(fromHex('00 01 00 00 00 01 01'))).toThrow('MBAP length field 1')
    expect(tcpFrameLength(fromHex('00 01 00 00 00 FE 01'))).toBe(260)
  })
})

describe('encoders', () => {
  it('refuse what Modbus does not allow, naming the field', () => {
    const read = { transactionId: 1, unit: 1, address: 40000, count: 2 }
    expect(() => encodeReadRequest({ ...read, count: 0 })).toThrow(
      'count of registers must be an integer from 1 to 125 (got 0)',
    )
    expect(() => encodeReadRequest({ ...read, count: 126 })).toThrow('(got 126)')
    expect(() => encodeReadRequest({ ...read, transactionId: 65536 })).toThrow('transaction id')
    expect(() => encodeReadRequest({ ...read, unit: 256 })).toThrow('unit')
    expect(() => encodeReadRequest({ ...read, address: 65535 })).toThrow(
      'registers 65535-65536 run past address 65535',
    )
    const answer = { transactionId: 1, unit: 1, fn: 3 as const }
    expect(() => encodeTcpResponse({ ...answer, registers: [] })).toThrow('number of registers')
    expect(() => encodeTcpResponse({ ...answer, registers: [65536] })).toThrow('register 0')
    expect(() => encodeTcpResponse({ ...answer, exception: 0 })).toThrow('exception code')
  })

  it('carry 125 registers in the longest frame Modbus TCP allows', () => {
    const registers = Array.from({ length: 125 }, (_, i) => i * 500)
    const bytes = encodeTcpResponse({ transactionId: 3, unit: 1, fn: 3, registers })
    expect(bytes.length).toBe(259)
    expect(decodeTcpResponse(bytes)).toEqual({ transactionId: 3, unit: 1, fn: 3, registers })
  })
})
