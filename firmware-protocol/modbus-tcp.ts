// Modbus TCP: the MBAP header and function 0x03 (read holding registers), as pure code.

export const MODBUS_TCP_PORT = 502
export const READ_HOLDING_REGISTERS = 0x03
/** At most 125 registers per 0x03 read (Modbus spec). */
export const MAX_READ_REGISTERS = 125

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

export function encodeReadRequest(req: TcpReadRequest): Uint8Array {
  throw new Error(`not yet: ${JSON.stringify(req)}`)
}

/** Throws ProtocolError. */
export function decodeReadRequest(frame: Uint8Array): TcpReadRequest {
  throw new Error(`not yet: ${frame.length}`)
}

export function encodeTcpResponse(res: TcpResponse): Uint8Array {
  throw new Error(`not yet: ${JSON.stringify(res)}`)
}

/** Throws ProtocolError. */
export function decodeTcpResponse(frame: Uint8Array): TcpResponse {
  throw new Error(`not yet: ${frame.length}`)
}

/** Bytes of the whole frame once the 7-byte MBAP header is in `buffer`, else null; throws
 *  ProtocolError on a protocol id other than 0 or a length field out of range. */
export function tcpFrameLength(buffer: Uint8Array): number | null {
  throw new Error(`not yet: ${buffer.length}`)
}
