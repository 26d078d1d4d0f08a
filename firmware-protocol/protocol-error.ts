// What goes wrong on the wire, in words a person understands.
import { hexByte } from './hex'

export type ProtocolErrorKind =
  | 'empty' // no bytes at all
  | 'truncated' // fewer bytes than the function needs
  | 'too-long' // more bytes than the function has
  | 'crc' // the CRC does not match the bytes
  | 'unknown-function' // a function code this package does not speak
  | 'malformed' // right length and CRC, but fields that contradict each other
  | 'exception' // the unit answered with a Modbus exception
  | 'unexpected-reply' // a valid frame that does not answer the request sent

export class ProtocolError extends Error {
  override readonly name = 'ProtocolError'

  constructor(
    readonly kind: ProtocolErrorKind,
    message: string,
    /** The Modbus exception code, for kind 'exception'. */
    readonly exception?: number,
  ) {
    super(message)
  }
}

/** Exception codes of the Modbus application protocol (section 7). */
export const EXCEPTION_NAMES: Readonly<Record<number, string>> = {
  0x01: 'illegal function',
  0x02: 'illegal data address',
  0x03: 'illegal data value',
  0x04: 'server device failure',
  0x05: 'acknowledge',
  0x06: 'server device busy',
  0x08: 'memory parity error',
  0x0a: 'gateway path unavailable',
  0x0b: 'gateway target device failed to respond',
}

export const ILLEGAL_FUNCTION = 0x01
export const ILLEGAL_DATA_ADDRESS = 0x02
export const ILLEGAL_DATA_VALUE = 0x03
export const SERVER_DEVICE_FAILURE = 0x04

/** `illegal data address`, or `unknown exception` for codes the standard does not name. */
export function exceptionName(code: number): string {
  return EXCEPTION_NAMES[code] ?? 'unknown exception'
}

/** The error for an exception response: `exception 0x02 (illegal data address) from unit 1 ...`. */
export function exceptionError(unit: number, fn: number, exception: number): ProtocolError {
  return new ProtocolError(
    'exception',
    `exception ${hexByte(exception)} (${exceptionName(exception)}) from unit ${unit} for function ${hexByte(fn)}`,
    exception,
  )
}
