// The Modbus RTU requests and responses of relay boards and sensor transmitters, as plain data.

export const READ_COILS = 0x01
export const READ_HOLDING_REGISTERS = 0x03
export const READ_INPUT_REGISTERS = 0x04
export const WRITE_SINGLE_COIL = 0x05
export const WRITE_MULTIPLE_COILS = 0x0f

/** The two functions that read 16-bit registers; transmitters offer one or both. */
export type RegisterReadFunction = typeof READ_HOLDING_REGISTERS | typeof READ_INPUT_REGISTERS

/** The function codes this package encodes and decodes. */
export type FunctionCode =
  typeof READ_COILS | RegisterReadFunction | typeof WRITE_SINGLE_COIL | typeof WRITE_MULTIPLE_COILS

/** Value of a write-single-coil request that switches the coil on. */
export const COIL_ON = 0xff00
/** Value of a write-single-coil request that switches the coil off. */
export const COIL_OFF = 0x0000

/** Unit 0 addresses every unit on the bus; none of them answers. */
export const BROADCAST_UNIT = 0
export const MAX_RTU_UNIT = 247
/** Most coils one read-coils request may ask for. */
export const MAX_READ_COILS = 2000
/** Most registers one 0x03 or 0x04 request may read. */
export const MAX_READ_REGISTERS = 125
/** Most coils one write-multiple-coils request may set. */
export const MAX_WRITE_COILS = 1968
/** Bit set in the function byte of an exception response. */
export const EXCEPTION_FLAG = 0x80
/** Longest RTU frame (application data unit) the standard allows. */
export const MAX_FRAME_BYTES = 256

export interface ReadCoilsRequest {
  unit: number
  fn: typeof READ_COILS
  address: number
  quantity: number
}

/** Reads `quantity` registers from `address` on, by 0x03 (holding) or 0x04 (input). */
export interface ReadRegistersRequest {
  unit: number
  fn: RegisterReadFunction
  address: number
  quantity: number
}

/** `value` is 0xFF00 (on) or 0x0000 (off), or a time for Waveshare's flash coils. */
export interface WriteSingleCoilRequest {
  unit: number
  fn: typeof WRITE_SINGLE_COIL
  address: number
  value: number
}

export interface WriteMultipleCoilsRequest {
  unit: number
  fn: typeof WRITE_MULTIPLE_COILS
  address: number
  values: readonly boolean[]
}

export type Request =
  ReadCoilsRequest | ReadRegistersRequest | WriteSingleCoilRequest | WriteMultipleCoilsRequest

/**
 * The coil states, as many as the response's bytes hold (a multiple of 8: the unused bits of
 * the last byte are zeros). `checkReply` trims them to the quantity that was asked for.
 */
export interface ReadCoilsResponse {
  unit: number
  fn: typeof READ_COILS
  values: boolean[]
}

/**
 * The registers read, each a 16-bit word 0..0xFFFF as sent (high byte first); what a word
 * means (signed, scaled) is the reader's business: see `registerValue`.
 */
export interface ReadRegistersResponse {
  unit: number
  fn: RegisterReadFunction
  registers: number[]
}

/** The echo of the request. */
export interface WriteSingleCoilResponse {
  unit: number
  fn: typeof WRITE_SINGLE_COIL
  address: number
  value: number
}

export interface WriteMultipleCoilsResponse {
  unit: number
  fn: typeof WRITE_MULTIPLE_COILS
  address: number
  quantity: number
}

/** `fn` is the function that failed (0x05), not the byte on the wire (0x85). */
export interface ExceptionResponse {
  unit: number
  fn: number
  exception: number
}

export type Response =
  | ReadCoilsResponse
  | ReadRegistersResponse
  | WriteSingleCoilResponse
  | WriteMultipleCoilsResponse
  | ExceptionResponse

/** Any response but an exception. */
export type NormalResponse = Exclude<Response, ExceptionResponse>

/** Whether `fn` is 0x03 or 0x04. */
export function isRegisterRead(fn: number): fn is RegisterReadFunction {
  return fn === READ_HOLDING_REGISTERS || fn === READ_INPUT_REGISTERS
}

export function isException(response: Response): response is ExceptionResponse {
  return 'exception' in response
}

const FUNCTION_NAMES: Readonly<Record<number, string>> = {
  [READ_COILS]: 'read-coils',
  [READ_HOLDING_REGISTERS]: 'read-holding-registers',
  [READ_INPUT_REGISTERS]: 'read-input-registers',
  [WRITE_SINGLE_COIL]: 'write-single-coil',
  [WRITE_MULTIPLE_COILS]: 'write-multiple-coils',
}

/** `write-single-coil`, or undefined for a function this package does not speak. */
export function functionName(fn: number): string | undefined {
  return FUNCTION_NAMES[fn]
}
