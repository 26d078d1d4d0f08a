// Modbus RTU for relay boards and sensor transmitters, in one import: frames of functions 0x01,
// 0x03, 0x04, 0x05 and 0x0F and exception responses, each with its CRC-16/MODBUS. See
// README.md for the spec.
export { crc16modbus, hasValidCrc, withCrc } from './crc'
export { fromHex, toHex } from './hex'
export {
  EXCEPTION_NAMES,
  exceptionError,
  exceptionName,
  ILLEGAL_DATA_ADDRESS,
  ILLEGAL_DATA_VALUE,
  ILLEGAL_FUNCTION,
  ProtocolError,
  SERVER_DEVICE_FAILURE,
  type ProtocolErrorKind,
} from './protocol-error'
export { answerLength, checkReply, type ReplyTo } from './rtu-reply'
export { decodeRequest, encodeRequest, requestLength } from './rtu-request'
export { decodeResponse, encodeResponse, responseLength } from './rtu-response'
export * from './rtu-types'
