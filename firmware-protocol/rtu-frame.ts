// The pieces every RTU frame shares: length and CRC checks, 16-bit fields, coil bits packed
// LSB first, register words high byte first, and the range checks of the encoders.
import { crc16modbus, crcCarried } from './crc'
import { hexByte, hexWord } from './hex'
import { ProtocolError } from './protocol-error'
import { MAX_RTU_UNIT } from './rtu-types'

/** Shortest possible frame: unit, function and the two CRC bytes. */
export const MIN_FRAME_BYTES = 4

/** Throws for an empty frame or one too short to hold a function code. */
export function checkHasFunction(frame: Uint8Array): void {
  if (frame.length === 0) throw new ProtocolError('empty', 'empty frame: no bytes')
  if (frame.length < 2) {
    throw new ProtocolError(
      'truncated',
      `truncated frame: 1 byte, a frame needs at least ${MIN_FRAME_BYTES} (unit, function, CRC)`,
    )
  }
}

/** Throws unless the frame has exactly `length` bytes; `what` reads "a read-coils request". */
export function checkLength(frame: Uint8Array, length: number, what: string): void {
  if (frame.length < length) {
    throw new ProtocolError(
      'truncated',
      `truncated frame: ${count(frame.length, 'byte')}, ${what} needs ${length}`,
    )
  }
  if (frame.length > length) {
    throw new ProtocolError(
      'too-long',
      `frame too long: ${frame.length} bytes, ${what} has ${length}`,
    )
  }
}

/** Throws unless the frame has at least `length` bytes. */
export function checkAtLeast(frame: Uint8Array, length: number, what: string): void {
  if (frame.length < length) {
    throw new ProtocolError(
      'truncated',
      `truncated frame: ${count(frame.length, 'byte')}, ${what} needs at least ${length}`,
    )
  }
}

export function checkCrc(frame: Uint8Array): void {
  const carried = crcCarried(frame)
  const computed = crc16modbus(frame.subarray(0, -2))
  if (carried !== computed) {
    throw new ProtocolError(
      'crc',
      `CRC mismatch: frame says ${hexWord(carried)}, bytes give ${hexWord(computed)}`,
    )
  }
}

/**
 * The error for a function code this package does not speak. A frame whose CRC fails is
 * reported as a CRC mismatch instead: its function byte is then as likely noise.
 */
export function unknownFunctionError(frame: Uint8Array): ProtocolError {
  checkAtLeast(frame, MIN_FRAME_BYTES, 'a frame')
  checkCrc(frame)
  return new ProtocolError('unknown-function', `unknown function ${hexByte(frame[1]!)}`)
}

/** The big-endian 16-bit field at `offset`. */
export function readWord(frame: Uint8Array, offset: number): number {
  return (frame[offset]! << 8) | frame[offset + 1]!
}

/** The bytes of a 16-bit field, high byte first as Modbus sends data. */
export function wordBytes(value: number): [number, number] {
  return [value >>> 8, value & 0xff]
}

/** Register words as sent: each high byte first. */
export function packWords(words: readonly number[]): number[] {
  return words.flatMap((word) => wordBytes(word))
}

/** The `byteCount / 2` big-endian words of `bytes`. */
export function unpackWords(bytes: Uint8Array): number[] {
  return Array.from({ length: bytes.length >> 1 }, (_, i) => readWord(bytes, i * 2))
}

/** Coil states packed 8 to a byte, the first coil in the lowest bit; unused bits are 0. */
export function packCoils(values: readonly boolean[]): number[] {
  const bytes = new Array<number>(Math.ceil(values.length / 8)).fill(0)
  values.forEach((on, i) => {
    if (on) bytes[i >> 3]! |= 1 << (i & 7)
  })
  return bytes
}

export function unpackCoils(bytes: Uint8Array, count: number): boolean[] {
  return Array.from({ length: count }, (_, i) => ((bytes[i >> 3]! >> (i & 7)) & 1) === 1)
}

/** Throws a RangeError unless `value` is an integer from `min` to `max`. */
export function checkRange(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer from ${min} to ${max} (got ${value})`)
  }
}

/** Responses come from units 1-247 only. */
export function checkResponseUnit(unit: number): void {
  checkRange('unit', unit, 1, MAX_RTU_UNIT)
}

/**
 * A range of `quantity` coils or registers starting at `address` must end inside the 16-bit
 * address space.
 */
export function checkSpan(noun: 'coils' | 'registers', address: number, quantity: number): void {
  checkRange('address', address, 0, 0xffff)
  if (address + quantity > 0x10000) {
    throw new RangeError(
      `${noun} ${address}..${address + quantity - 1} run past the last address 65535`,
    )
  }
}

/** `1 byte`, `3 bytes`. */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}
