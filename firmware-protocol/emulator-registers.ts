// What a register unit of the emulator (the weather sensor, the probe) answers to a request it
// cannot serve: exception 0x01 to anything but a read of holding or input registers, 0x03 to a
// count of 0 or above 125, 0x02 to a read past its last register.
import { ILLEGAL_DATA_ADDRESS, ILLEGAL_DATA_VALUE, ILLEGAL_FUNCTION } from './protocol-error'
import {
  MAX_READ_REGISTERS,
  READ_HOLDING_REGISTERS,
  READ_INPUT_REGISTERS,
  type ReadRegistersRequest,
  type Request,
  type Response,
} from './rtu-types'

/** The exception answering `request`, or null when it is a read the unit serves. */
export function registerReadRefusal(
  unit: number,
  request: Request,
  registerCount = Infinity,
): Response | null {
  const exception = (code: number): Response => ({ unit, fn: request.fn, exception: code })
  if (request.fn !== READ_HOLDING_REGISTERS && request.fn !== READ_INPUT_REGISTERS)
    return exception(ILLEGAL_FUNCTION)
  const { address, quantity } = request as ReadRegistersRequest
  if (quantity < 1 || quantity > MAX_READ_REGISTERS) return exception(ILLEGAL_DATA_VALUE)
  if (address + quantity > registerCount) return exception(ILLEGAL_DATA_ADDRESS)
  return null
}
