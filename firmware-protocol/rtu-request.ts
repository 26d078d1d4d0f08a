// Requests from the hub (the Modbus client) to a relay board or a sensor transmitter: bytes to
// values and back.
import { withCrc } from './crc'
import { hexByte } from './hex'
import { ProtocolError } from './protocol-error'
import {
  checkAtLeast,
  checkCrc,
  checkHasFunction,
  checkLength,
  checkRange,
  checkSpan,
  count,
  packCoils,
  readWord,
  unknownFunctionError,
  unpackCoils,
  wordBytes,
} from './rtu-frame'
import {
  BROADCAST_UNIT,
  functionName,
  MAX_READ_COILS,
  MAX_READ_REGISTERS,
  MAX_RTU_UNIT,
  MAX_WRITE_COILS,
  READ_COILS,
  READ_HOLDING_REGISTERS,
  READ_INPUT_REGISTERS,
  WRITE_MULTIPLE_COILS,
  WRITE_SINGLE_COIL,
  type RegisterReadFunction,
  type Request,
} from './rtu-types'

/** Read coils, read registers and write single coil requests: unit, function, 2 words, CRC. */
const FIXED_REQUEST_BYTES = 8
/** Write multiple coils: unit, function, address, quantity, byte count, then the coil bytes. */
const WRITE_MULTIPLE_HEADER_BYTES = 7

/**
 * The frame for `request`, CRC included. Throws a RangeError for values the standard does not
 * allow: units 0 (broadcast, writes only) to 247, 1-2000 coils read, 1-125 registers read,
 * 1-1968 coils written, a range past address 65535.
 */
export function encodeRequest(request: Request): Uint8Array {
  checkRange('unit', request.unit, BROADCAST_UNIT, MAX_RTU_UNIT)
  switch (request.fn) {
    case READ_COILS:
      if (request.unit === BROADCAST_UNIT) {
        throw new RangeError('a read-coils request cannot be broadcast (unit 0): no unit answers')
      }
      checkRange('quantity of coils to read', request.quantity, 1, MAX_READ_COILS)
      checkSpan('coils', request.address, request.quantity)
      return frame(request.unit, READ_COILS, request.address, request.quantity)
    case READ_HOLDING_REGISTERS:
    case READ_INPUT_REGISTERS: {
      const name = functionName(request.fn)!
      if (request.unit === BROADCAST_UNIT) {
        throw new RangeError(`a ${name} request cannot be broadcast (unit 0): no unit answers`)
      }
      checkRange('quantity of registers to read', request.quantity, 1, MAX_READ_REGISTERS)
      checkSpan('registers', request.address, request.quantity)
      return frame(request.unit, request.fn, request.address, request.quantity)
    }
    case WRITE_SINGLE_COIL:
      checkRange('address', request.address, 0, 0xffff)
      checkRange('value', request.value, 0, 0xffff)
      return frame(request.unit, WRITE_SINGLE_COIL, request.address, request.value)
    case WRITE_MULTIPLE_COILS: {
      const quantity = request.values.length
      checkRange('number of coils to write', quantity, 1, MAX_WRITE_COILS)
      checkSpan('coils', request.address, quantity)
      const coilBytes = packCoils(request.values)
      return withCrc(
        Uint8Array.of(
          request.unit,
          WRITE_MULTIPLE_COILS,
          ...wordBytes(request.address),
          ...wordBytes(quantity),
          coilBytes.length,
          ...coilBytes,
        ),
      )
    }
  }
}

/**
 * The request a frame carries. Throws a ProtocolError for frames that are empty, truncated, too
 * long, fail the CRC or carry an unknown function. Field values are not range-checked (a
 * quantity of 0 decodes): judging them is the board's job, which answers with an exception.
 */
export function decodeRequest(frame: Uint8Array): Request {
  checkHasFunction(frame)
  const unit = frame[0]!
  switch (frame[1]) {
    case READ_COILS:
      checkLength(frame, FIXED_REQUEST_BYTES, 'a read-coils request')
      checkCrc(frame)
      return { unit, fn: READ_COILS, address: readWord(frame, 2), quantity: readWord(frame, 4) }
    case READ_HOLDING_REGISTERS:
    case READ_INPUT_REGISTERS: {
      const fn = frame[1] as RegisterReadFunction
      checkLength(frame, FIXED_REQUEST_BYTES, `a ${functionName(fn)!} request`)
      checkCrc(frame)
      return { unit, fn, address: readWord(frame, 2), quantity: readWord(frame, 4) }
    }
    case WRITE_SINGLE_COIL:
      checkLength(frame, FIXED_REQUEST_BYTES, 'a write-single-coil request')
      checkCrc(frame)
      return { unit, fn: WRITE_SINGLE_COIL, address: readWord(frame, 2), value: readWord(frame, 4) }
    case WRITE_MULTIPLE_COILS: {
      const what = 'a write-multiple-coils request'
      if (frame.length < WRITE_MULTIPLE_HEADER_BYTES) {
        checkAtLeast(frame, WRITE_MULTIPLE_HEADER_BYTES + 1 + 2, what)
      }
      const byteCount = frame[6]!
      checkLength(
        frame,
        WRITE_MULTIPLE_HEADER_BYTES + byteCount + 2,
        `${what} with ${count(byteCount, 'coil byte')}`,
      )
      checkCrc(frame)
      const quantity = readWord(frame, 4)
      if (byteCount !== Math.ceil(quantity / 8)) {
        throw new ProtocolError(
          'malformed',
          `byte count ${byteCount} does not fit ${count(quantity, 'coil')}, which take ${count(Math.ceil(quantity / 8), 'byte')}`,
        )
      }
      const values = unpackCoils(frame.subarray(WRITE_MULTIPLE_HEADER_BYTES, -2), quantity)
      return { unit, fn: WRITE_MULTIPLE_COILS, address: readWord(frame, 2), values }
    }
    default:
      throw unknownFunctionError(frame)
  }
}

/**
 * How many bytes the request starting with `firstBytes` has, or undefined while too few have
 * arrived to tell (2 for most functions, 7 for write multiple coils). Throws a ProtocolError
 * for an unknown function: such a frame ends only where the silence after it says.
 */
export function requestLength(firstBytes: Uint8Array): number | undefined {
  if (firstBytes.length < 2) return undefined
  switch (firstBytes[1]) {
    case READ_COILS:
    case READ_HOLDING_REGISTERS:
    case READ_INPUT_REGISTERS:
    case WRITE_SINGLE_COIL:
      return FIXED_REQUEST_BYTES
    case WRITE_MULTIPLE_COILS:
      if (firstBytes.length < WRITE_MULTIPLE_HEADER_BYTES) return undefined
      return WRITE_MULTIPLE_HEADER_BYTES + firstBytes[6]! + 2
    default:
      throw new ProtocolError('unknown-function', `unknown function ${hexByte(firstBytes[1]!)}`)
  }
}

function frame(unit: number, fn: number, first: number, second: number): Uint8Array {
  return withCrc(Uint8Array.of(unit, fn, ...wordBytes(first), ...wordBytes(second)))
}
