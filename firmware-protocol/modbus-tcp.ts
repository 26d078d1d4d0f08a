// Modbus TCP: the MBAP header and function 0x03 (read holding registers), bytes to values and
// back. What an inverter on the home network speaks; see README section 12.
import { hexByte, hexWord } from './hex'
import { ProtocolError } from './protocol-error'
import { checkRange, count, readWord, wordBytes } from './rtu-frame'
import { MAX_READ_REGISTERS, READ_HOLDING_REGISTERS } from './rtu-types'

/** The same function and limit as on a serial line (Modbus spec: at most 125 per read). */
export { MAX_READ_REGISTERS, READ_HOLDING_REGISTERS }

export const MODBUS_TCP_PORT = 502
/** Transaction id, protocol id, length, unit id. */
export const MBAP_HEADER_BYTES = 7
/** Longest Modbus TCP frame (ADU): the 7-byte header and a PDU of at most 253 bytes. */
export const MAX_TCP_FRAME_BYTES = 260
/** Bit set in the function byte of an exception response. */
const EXCEPTION_FLAG = 0x80
/** A read holding registers request: MBAP header, function, address, count. */
const READ_REQUEST_BYTES = 12
/** The length field counts the unit id and the PDU: at least unit and function. */
const MIN_LENGTH_FIELD = 2
const MAX_LENGTH_FIELD = MAX_TCP_FRAME_BYTES - 6

export interface TcpReadRequest {
  transactionId: number
  unit: number
  address: number
  count: number
}

/** `fn` of an exception is the function that failed, without the 0x80 bit. */
export type TcpResponse =
  | { transactionId: number; unit: number; fn: 3; registers: number[] }
  | { transactionId: number; unit: number; fn: number; exception: number }

export type TcpExceptionResponse = Extract<TcpResponse, { exception: number }>

export function isTcpException(response: TcpResponse): response is TcpExceptionResponse {
  return 'exception' in response
}

/** A frame's MBAP header and its PDU (function code first). */
export interface MbapFrame {
  transactionId: number
  unit: number
  pdu: Uint8Array
}

/** The 12-byte frame for `req`. Throws a RangeError for values Modbus does not allow. */
export function encodeReadRequest(req: TcpReadRequest): Uint8Array {
  checkRange('transaction id', req.transactionId, 0, 0xffff)
  checkRange('unit', req.unit, 0, 0xff)
  checkRange('address', req.address, 0, 0xffff)
  checkRange('count of registers', req.count, 1, MAX_READ_REGISTERS)
  if (req.address + req.count > 0x10000) {
    throw new RangeError(
      `registers ${req.address}-${req.address + req.count - 1} run past address 65535`,
    )
  }
  return mbapFrame(req.transactionId, req.unit, [
    READ_HOLDING_REGISTERS,
    ...wordBytes(req.address),
    ...wordBytes(req.count),
  ])
}

/** Reads a read holding registers request; throws ProtocolError for anything else. */
export function decodeReadRequest(bytes: Uint8Array): TcpReadRequest {
  const { transactionId, unit, pdu } = decodeMbap(bytes)
  checkReadFunction(pdu[0]!)
  if (bytes.length !== READ_REQUEST_BYTES) {
    const kind = bytes.length < READ_REQUEST_BYTES ? 'truncated' : 'too-long'
    throw new ProtocolError(
      kind,
      `${kind === 'truncated' ? 'truncated frame' : 'frame too long'}: ${bytes.length} bytes, ` +
        `a read-holding-registers request has ${READ_REQUEST_BYTES}`,
    )
  }
  const address = readWord(pdu, 1)
  const registers = readWord(pdu, 3)
  const problem = readRangeProblem(address, registers)
  if (problem) throw new ProtocolError('malformed', problem)
  return { transactionId, unit, address, count: registers }
}

/**
 * Why a read of `registers` from `address` is not allowed (1-125 registers, ending at 65535
 * at the latest), or undefined when it is.
 */
export function readRangeProblem(address: number, registers: number): string | undefined {
  if (registers < 1 || registers > MAX_READ_REGISTERS) {
    return `count ${registers}: a read asks for 1-${MAX_READ_REGISTERS} registers`
  }
  if (address + registers > 0x10000) {
    return `address ${address} + count ${registers} runs past register 65535`
  }
  return undefined
}

/** The frame for `res`: registers, or an exception. Throws a RangeError for bad values. */
export function encodeTcpResponse(res: TcpResponse): Uint8Array {
  checkRange('transaction id', res.transactionId, 0, 0xffff)
  checkRange('unit', res.unit, 0, 0xff)
  if (isTcpException(res)) {
    checkRange('function', res.fn, 1, 0x7f)
    checkRange('exception code', res.exception, 1, 0xff)
    return mbapFrame(res.transactionId, res.unit, [res.fn | EXCEPTION_FLAG, res.exception])
  }
  checkRange('number of registers', res.registers.length, 1, MAX_READ_REGISTERS)
  const data: number[] = []
  res.registers.forEach((value, i) => {
    checkRange(`register ${i}`, value, 0, 0xffff)
    data.push(...wordBytes(value))
  })
  return mbapFrame(res.transactionId, res.unit, [READ_HOLDING_REGISTERS, data.length, ...data])
}

/** Reads a 0x03 response or an exception; throws ProtocolError for anything else. */
export function decodeTcpResponse(bytes: Uint8Array): TcpResponse {
  const { transactionId, unit, pdu } = decodeMbap(bytes)
  const fn = pdu[0]!
  if (fn & EXCEPTION_FLAG) {
    if (pdu.length !== 2) {
      throw new ProtocolError(
        'malformed',
        `exception response with a PDU of ${count(pdu.length, 'byte')}: it has 2 (function, code)`,
      )
    }
    return { transactionId, unit, fn: fn & ~EXCEPTION_FLAG, exception: pdu[1]! }
  }
  checkReadFunction(fn)
  if (pdu.length < 2) {
    throw new ProtocolError('truncated', 'truncated frame: a 0x03 response without its byte count')
  }
  const byteCount = pdu[1]!
  const dataBytes = pdu.length - 2
  if (byteCount !== dataBytes) {
    throw new ProtocolError(
      'malformed',
      `byte count mismatch: byte count ${byteCount} but ${count(dataBytes, 'data byte')} follow`,
    )
  }
  if (byteCount % 2 !== 0) {
    throw new ProtocolError('malformed', `odd byte count ${byteCount}: registers take 2 bytes each`)
  }
  if (byteCount === 0 || byteCount > MAX_READ_REGISTERS * 2) {
    throw new ProtocolError(
      'malformed',
      `byte count ${byteCount}: a response carries 1-${MAX_READ_REGISTERS} registers`,
    )
  }
  const registers: number[] = []
  for (let i = 0; i < byteCount; i += 2) registers.push(readWord(pdu, 2 + i))
  return { transactionId, unit, fn: READ_HOLDING_REGISTERS, registers }
}

/**
 * Bytes of the whole frame once the 7-byte MBAP header is in `buffer`, else null; throws
 * ProtocolError on a protocol id other than 0 or a length field out of range.
 */
export function tcpFrameLength(buffer: Uint8Array): number | null {
  if (buffer.length < MBAP_HEADER_BYTES) return null
  checkProtocolId(buffer)
  const length = readWord(buffer, 4)
  if (length < MIN_LENGTH_FIELD || length > MAX_LENGTH_FIELD) {
    throw new ProtocolError(
      'malformed',
      `MBAP length field ${length}: must be ${MIN_LENGTH_FIELD}-${MAX_LENGTH_FIELD} (unit id and PDU)`,
    )
  }
  return 6 + length
}

/** Splits a whole frame into its header fields and PDU; throws ProtocolError. */
export function decodeMbap(bytes: Uint8Array): MbapFrame {
  if (bytes.length === 0) throw new ProtocolError('empty', 'empty frame: no bytes')
  if (bytes.length < MBAP_HEADER_BYTES + 1) {
    throw new ProtocolError(
      'truncated',
      `truncated frame: ${count(bytes.length, 'byte')}, a Modbus TCP frame needs at least ` +
        `${MBAP_HEADER_BYTES + 1} (MBAP header and function)`,
    )
  }
  const expected = tcpFrameLength(bytes)!
  if (bytes.length !== expected) {
    const kind = bytes.length < expected ? 'truncated' : 'too-long'
    throw new ProtocolError(
      kind,
      `${kind === 'truncated' ? 'truncated frame' : 'frame too long'}: ${bytes.length} bytes, ` +
        `the MBAP length field ${expected - 6} makes ${expected}`,
    )
  }
  return {
    transactionId: readWord(bytes, 0),
    unit: bytes[6]!,
    pdu: bytes.subarray(MBAP_HEADER_BYTES),
  }
}

/** The frame around a PDU: transaction id, protocol id 0, length, unit id. */
export function mbapFrame(transactionId: number, unit: number, pdu: readonly number[]): Uint8Array {
  return Uint8Array.of(
    ...wordBytes(transactionId),
    0,
    0,
    ...wordBytes(pdu.length + 1),
    unit,
    ...pdu,
  )
}

function checkProtocolId(bytes: Uint8Array): void {
  const protocolId = readWord(bytes, 2)
  if (protocolId !== 0) {
    throw new ProtocolError('malformed', `protocol id ${hexWord(protocolId)}: Modbus TCP is 0x0000`)
  }
}

function checkReadFunction(fn: number): void {
  if (fn !== READ_HOLDING_REGISTERS) {
    throw new ProtocolError(
      'unknown-function',
      `unknown function ${hexByte(fn)}: Modbus TCP here speaks 0x03 (read holding registers)`,
    )
  }
}
