// Responses from a relay board or a sensor transmitter (the Modbus server) to the hub: bytes
// to values and back.
import { withCrc } from './crc'
import { hexByte } from './hex'
import { ProtocolError } from './protocol-error'
import {
  checkAtLeast,
  checkCrc,
  checkHasFunction,
  checkLength,
  checkRange,
  checkResponseUnit,
  count,
  packCoils,
  packWords,
  readWord,
  unknownFunctionError,
  unpackCoils,
  unpackWords,
  wordBytes,
} from './rtu-frame'
import {
  EXCEPTION_FLAG,
  functionName,
  isException,
  MAX_READ_COILS,
  MAX_READ_REGISTERS,
  MAX_WRITE_COILS,
  READ_COILS,
  READ_HOLDING_REGISTERS,
  READ_INPUT_REGISTERS,
  WRITE_MULTIPLE_COILS,
  WRITE_SINGLE_COIL,
  type RegisterReadFunction,
  type Response,
} from './rtu-types'

/** Write single coil and write multiple coils responses: unit, function, 2 words, CRC. */
const FIXED_RESPONSE_BYTES = 8
/** Unit, function | 0x80, exception code, CRC. */
const EXCEPTION_RESPONSE_BYTES = 5
/** Reads (coils, registers): unit, function, byte count, then the data bytes and the CRC. */
const READ_RESPONSE_HEADER_BYTES = 3

/**
 * The frame for `response`, CRC included. Throws a RangeError for units outside 1-247 (a
 * broadcast is never answered), more than 2000 coils read or 1968 written, 0 or more than 125
 * registers read or a register outside 0..0xFFFF, function codes outside 1-127 or exception
 * codes outside 1-255.
 */
export function encodeResponse(response: Response): Uint8Array {
  checkResponseUnit(response.unit)
  if (isException(response)) {
    checkRange('function of an exception response', response.fn, 1, 0x7f)
    checkRange('exception code', response.exception, 1, 0xff)
    return withCrc(Uint8Array.of(response.unit, response.fn | EXCEPTION_FLAG, response.exception))
  }
  switch (response.fn) {
    case READ_COILS: {
      checkRange('number of coils read', response.values.length, 1, MAX_READ_COILS)
      const coilBytes = packCoils(response.values)
      return withCrc(Uint8Array.of(response.unit, READ_COILS, coilBytes.length, ...coilBytes))
    }
    case READ_HOLDING_REGISTERS:
    case READ_INPUT_REGISTERS: {
      const { registers } = response
      checkRange('number of registers read', registers.length, 1, MAX_READ_REGISTERS)
      registers.forEach((word, i) => checkRange(`register ${i}`, word, 0, 0xffff))
      const bytes = packWords(registers)
      return withCrc(Uint8Array.of(response.unit, response.fn, bytes.length, ...bytes))
    }
    case WRITE_SINGLE_COIL:
      checkRange('address', response.address, 0, 0xffff)
      checkRange('value', response.value, 0, 0xffff)
      return fixed(response.unit, WRITE_SINGLE_COIL, response.address, response.value)
    case WRITE_MULTIPLE_COILS:
      checkRange('address', response.address, 0, 0xffff)
      checkRange('number of coils written', response.quantity, 1, MAX_WRITE_COILS)
      return fixed(response.unit, WRITE_MULTIPLE_COILS, response.address, response.quantity)
  }
}

/**
 * The response a frame carries; an exception response decodes to `{ unit, fn, exception }`
 * (`checkReply` turns it into a ProtocolError). Throws a ProtocolError for frames that are
 * empty, truncated, too long, fail the CRC or carry an unknown function.
 */
export function decodeResponse(frame: Uint8Array): Response {
  checkHasFunction(frame)
  const unit = frame[0]!
  const fnByte = frame[1]!
  if (fnByte & EXCEPTION_FLAG) {
    checkLength(frame, EXCEPTION_RESPONSE_BYTES, 'an exception response')
    checkCrc(frame)
    return { unit, fn: fnByte & 0x7f, exception: frame[2]! }
  }
  switch (fnByte) {
    case READ_COILS: {
      if (frame.length < READ_RESPONSE_HEADER_BYTES) {
        checkAtLeast(frame, READ_RESPONSE_HEADER_BYTES + 1 + 2, 'a read-coils response')
      }
      const byteCount = frame[2]!
      checkLength(
        frame,
        READ_RESPONSE_HEADER_BYTES + byteCount + 2,
        `a read-coils response with ${count(byteCount, 'coil byte')}`,
      )
      checkCrc(frame)
      if (byteCount === 0) {
        throw new ProtocolError(
          'malformed',
          'byte count 0: a read-coils response holds 1 coil or more',
        )
      }
      const values = unpackCoils(frame.subarray(READ_RESPONSE_HEADER_BYTES, -2), byteCount * 8)
      return { unit, fn: READ_COILS, values }
    }
    case READ_HOLDING_REGISTERS:
    case READ_INPUT_REGISTERS:
      return decodeRegisters(frame, fnByte)
    case WRITE_SINGLE_COIL:
      checkLength(frame, FIXED_RESPONSE_BYTES, 'a write-single-coil response')
      checkCrc(frame)
      return { unit, fn: WRITE_SINGLE_COIL, address: readWord(frame, 2), value: readWord(frame, 4) }
    case WRITE_MULTIPLE_COILS:
      checkLength(frame, FIXED_RESPONSE_BYTES, 'a write-multiple-coils response')
      checkCrc(frame)
      return {
        unit,
        fn: WRITE_MULTIPLE_COILS,
        address: readWord(frame, 2),
        quantity: readWord(frame, 4),
      }
    default:
      throw unknownFunctionError(frame)
  }
}

/**
 * How many bytes the response starting with `firstBytes` has, or undefined while too few have
 * arrived to tell (2, or 3 for reads of coils or registers). Exception responses have 5. Throws a ProtocolError
 * for an unknown function.
 */
export function responseLength(firstBytes: Uint8Array): number | undefined {
  if (firstBytes.length < 2) return undefined
  const fnByte = firstBytes[1]!
  if (fnByte & EXCEPTION_FLAG) return EXCEPTION_RESPONSE_BYTES
  switch (fnByte) {
    case READ_COILS:
    case READ_HOLDING_REGISTERS:
    case READ_INPUT_REGISTERS:
      if (firstBytes.length < READ_RESPONSE_HEADER_BYTES) return undefined
      return READ_RESPONSE_HEADER_BYTES + firstBytes[2]! + 2
    case WRITE_SINGLE_COIL:
    case WRITE_MULTIPLE_COILS:
      return FIXED_RESPONSE_BYTES
    default:
      throw new ProtocolError('unknown-function', `unknown function ${hexByte(fnByte)}`)
  }
}

/** A 0x03 or 0x04 response: a byte count of 2 to 250, even, and that many bytes of words. */
function decodeRegisters(frame: Uint8Array, fn: RegisterReadFunction): Response {
  const what = `a ${functionName(fn)!} response`
  if (frame.length < READ_RESPONSE_HEADER_BYTES) {
    checkAtLeast(frame, READ_RESPONSE_HEADER_BYTES + 2 + 2, what)
  }
  const byteCount = frame[2]!
  checkLength(
    frame,
    READ_RESPONSE_HEADER_BYTES + byteCount + 2,
    `${what} with ${count(byteCount, 'data byte')}`,
  )
  checkCrc(frame)
  if (byteCount === 0 || byteCount % 2 === 1 || byteCount > MAX_READ_REGISTERS * 2) {
    throw new ProtocolError(
      'malformed',
      `byte count ${byteCount}: ${what} holds 1 to ${MAX_READ_REGISTERS} registers of 2 bytes each`,
    )
  }
  const registers = unpackWords(frame.subarray(READ_RESPONSE_HEADER_BYTES, -2))
  return { unit: frame[0]!, fn, registers }
}

function fixed(unit: number, fn: number, first: number, second: number): Uint8Array {
  return withCrc(Uint8Array.of(unit, fn, ...wordBytes(first), ...wordBytes(second)))
}
