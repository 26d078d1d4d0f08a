// Whether a decoded response answers the request that was sent.
import { hexByte, hexWord } from './hex'
import { exceptionError, ProtocolError } from './protocol-error'
import {
  BROADCAST_UNIT,
  isException,
  isRegisterRead,
  READ_COILS,
  WRITE_MULTIPLE_COILS,
  WRITE_SINGLE_COIL,
  type NormalResponse,
  type ReadCoilsRequest,
  type ReadCoilsResponse,
  type ReadRegistersRequest,
  type ReadRegistersResponse,
  type Request,
  type Response,
  type WriteMultipleCoilsResponse,
  type WriteSingleCoilRequest,
  type WriteSingleCoilResponse,
} from './rtu-types'

/** The response type that answers a request type. */
export type ReplyTo<R extends Request> = R extends ReadCoilsRequest
  ? ReadCoilsResponse
  : R extends ReadRegistersRequest
    ? ReadRegistersResponse
    : R extends WriteSingleCoilRequest
      ? WriteSingleCoilResponse
      : WriteMultipleCoilsResponse

/**
 * `response` if it answers `request`, with the coils of a read trimmed to the quantity asked
 * for. Throws a ProtocolError of kind 'exception' for an exception response to the request,
 * and of kind 'unexpected-reply' for a reply from another unit, for another function, with
 * another number of registers than were asked for, or whose echo differs from the request.
 */
export function checkReply<R extends Request>(request: R, response: Response): ReplyTo<R> {
  if (request.unit === BROADCAST_UNIT) {
    throw unexpected(`a reply from unit ${response.unit} to a broadcast, which nobody answers`)
  }
  if (response.unit !== request.unit) {
    throw unexpected(`a reply from unit ${response.unit} to a request for unit ${request.unit}`)
  }
  if (response.fn !== request.fn) {
    throw unexpected(
      `a reply for function ${hexByte(response.fn)} to a request for function ${hexByte(request.fn)}`,
    )
  }
  if (isException(response)) throw exceptionError(response.unit, response.fn, response.exception)
  return checkFields(request, response) as ReplyTo<R>
}

function checkFields(request: Request, response: NormalResponse): NormalResponse {
  if (request.fn === READ_COILS && response.fn === READ_COILS) {
    const bytesExpected = Math.ceil(request.quantity / 8)
    if (response.values.length !== bytesExpected * 8) {
      throw unexpected(
        `${response.values.length / 8} coil bytes in reply to a read of ${request.quantity} coils, which take ${bytesExpected}`,
      )
    }
    return { ...response, values: response.values.slice(0, request.quantity) }
  }
  if (isRegisterReadRequest(request) && isRegisterReadResponse(response)) {
    const { quantity } = request
    if (response.registers.length !== quantity) {
      throw unexpected(
        `${response.registers.length * 2} bytes of registers in reply to a read of ${quantity} registers, which take ${quantity * 2}`,
      )
    }
    return response
  }
  if (request.fn === WRITE_SINGLE_COIL && response.fn === WRITE_SINGLE_COIL) {
    if (response.address !== request.address || response.value !== request.value) {
      throw unexpected(
        `an echo of address ${hexWord(response.address)} value ${hexWord(response.value)} to a write of address ${hexWord(request.address)} value ${hexWord(request.value)}`,
      )
    }
    return response
  }
  if (request.fn === WRITE_MULTIPLE_COILS && response.fn === WRITE_MULTIPLE_COILS) {
    if (response.address !== request.address || response.quantity !== request.values.length) {
      throw unexpected(
        `an echo of ${response.quantity} coils at ${response.address} to a write of ${request.values.length} coils at ${request.address}`,
      )
    }
    return response
  }
  throw unexpected(`a reply for function ${hexByte(response.fn)}`)
}

function isRegisterReadRequest(request: Request): request is ReadRegistersRequest {
  return isRegisterRead(request.fn)
}

function isRegisterReadResponse(response: NormalResponse): response is ReadRegistersResponse {
  return isRegisterRead(response.fn)
}

function unexpected(what: string): ProtocolError {
  return new ProtocolError('unexpected-reply', `unexpected reply: ${what}`)
}

/** The length of a normal answer to `request`, CRC included (an exception's is 5). */
export function answerLength(request: Request): number {
  if (request.fn === READ_COILS) return 5 + Math.ceil(request.quantity / 8)
  if (isRegisterReadRequest(request)) return 5 + 2 * request.quantity
  return 8
}
