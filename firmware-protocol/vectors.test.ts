import { describe, expect, it } from 'vitest'
import { crcBitByBit } from './crc-reference'
import { describeRequest, type RequestDescription } from './pulse'
import {
  checkReply,
  decodeRequest,
  decodeResponse,
  encodeRequest,
  encodeResponse,
  fromHex,
  ProtocolError,
  requestLength,
  responseLength,
  toHex,
  type Request,
  type Response,
} from './rtu'
import vectorFile from './vectors.json'

interface FrameVector {
  name: string
  direction: 'request' | 'response'
  hex: string
  meaning: Request | Response
  description?: RequestDescription
  note?: string
}

interface BadFrame {
  name: string
  direction: 'request' | 'response'
  hex: string
  error: string
}

/** A request and a response to it: `checkReply` accepts it as `meaning` or fails with `error`. */
interface ReplyVector {
  name: string
  request: string
  response: string
  meaning?: Response
  error?: string
}

const { frames, badFrames, replies } = vectorFile as unknown as {
  frames: FrameVector[]
  badFrames: BadFrame[]
  replies: ReplyVector[]
}
const requests = frames.filter((v) => v.direction === 'request')
const responses = frames.filter((v) => v.direction === 'response')

describe('conformance vectors', () => {
  it('hold the frames Waveshare documents', () => {
    const hexes = frames.map((v) => v.hex)
    expect(hexes).toContain('01 05 00 00 FF 00 8C 3A')
    expect(hexes).toContain('01 05 00 00 00 00 CD CA')
    expect(hexes).toContain('01 05 02 00 00 07 8D B0')
    expect(requests.length).toBeGreaterThanOrEqual(10)
    expect(responses.length).toBeGreaterThanOrEqual(10)
    expect(badFrames.length).toBeGreaterThanOrEqual(10)
  })

  it.each([0x03, 0x04])('hold requests, responses, exceptions and replies of function %i', (fn) => {
    const ofFunction = frames.filter((v) => v.meaning.fn === fn)
    const exceptions = ofFunction.filter((v) => 'exception' in v.meaning)
    const requests = ofFunction.filter((v) => v.direction === 'request')
    expect(requests.length).toBeGreaterThanOrEqual(2)
    expect(ofFunction.length - requests.length - exceptions.length).toBeGreaterThanOrEqual(2)
    expect(exceptions.length).toBeGreaterThanOrEqual(1)
    expect(replies.filter((r) => fromHex(r.request)[1] === fn).length).toBeGreaterThanOrEqual(2)
  })

  // The CRCs were computed outside this codec; recomputing them by the slow definition keeps
  // the vectors independent of crc.ts's table.
  it.each(frames)('carry in "$name" the CRC of the bit-by-bit definition', (vector) => {
    const bytes = fromHex(vector.hex)
    const crc = crcBitByBit(bytes.subarray(0, -2))
    expect([bytes.at(-2), bytes.at(-1)]).toEqual([crc & 0xff, crc >> 8])
  })

  describe.each(requests)('request "$name"', (vector) => {
    it(`decodes ${vector.hex} to its meaning`, () => {
      expect(decodeRequest(fromHex(vector.hex))).toEqual(vector.meaning)
    })

    it('encodes its meaning to those bytes', () => {
      expect(toHex(encodeRequest(vector.meaning as Request))).toBe(vector.hex)
    })

    it('tells its length from its first bytes', () => {
      const bytes = fromHex(vector.hex)
      expect(requestLength(bytes.subarray(0, 1))).toBeUndefined()
      expect(requestLength(bytes.subarray(0, 7))).toBe(bytes.length)
    })

    if (vector.description) {
      it('reads as what it does to the relays', () => {
        expect(describeRequest(vector.meaning as Request)).toEqual(vector.description)
      })
    }
  })

  describe.each(responses)('response "$name"', (vector) => {
    it(`decodes ${vector.hex} to its meaning`, () => {
      expect(decodeResponse(fromHex(vector.hex))).toEqual(vector.meaning)
    })

    it('encodes its meaning to those bytes', () => {
      expect(toHex(encodeResponse(vector.meaning as Response))).toBe(vector.hex)
    })

    it('tells its length from its first bytes', () => {
      const bytes = fromHex(vector.hex)
      expect(responseLength(bytes.subarray(0, 1))).toBeUndefined()
      expect(responseLength(bytes.subarray(0, 3))).toBe(bytes.length)
    })
  })

  describe.each(badFrames)('bad $direction "$name"', (bad) => {
    it(`fails to decode, saying "${bad.error}"`, () => {
      const decode = bad.direction === 'request' ? decodeRequest : decodeResponse
      const attempt = () => decode(fromHex(bad.hex))
      expect(attempt).toThrow(ProtocolError)
      expect(attempt).toThrow(bad.error)
    })
  })

  describe.each(replies)('reply "$name"', (vector) => {
    const check = () =>
      checkReply(decodeRequest(fromHex(vector.request)), decodeResponse(fromHex(vector.response)))
    if (vector.meaning) {
      it('answers its request', () => {
        expect(check()).toEqual(vector.meaning)
      })
    } else {
      it(`fails, saying "${vector.error}"`, () => {
        expect(check).toThrow(ProtocolError)
        expect(check).toThrow(vector.error)
      })
    }
  })
})
