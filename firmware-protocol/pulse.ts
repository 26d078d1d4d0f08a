// Waveshare's device-timed pulses ("flash on", "flash off"): a write-single-coil request to
// coil 0x0200 + n or 0x0400 + n whose value is a time in 100 ms units. The board switches the
// relay back by itself when the time is up, even if the hub is gone by then.
import { MAX_COIL, MIN_COIL } from './address'
import { checkRange } from './rtu-frame'
import {
  COIL_OFF,
  COIL_ON,
  READ_COILS,
  READ_HOLDING_REGISTERS,
  READ_INPUT_REGISTERS,
  WRITE_MULTIPLE_COILS,
  WRITE_SINGLE_COIL,
  type RegisterReadFunction,
  type Request,
  type WriteSingleCoilRequest,
} from './rtu-types'

/** Coil address of "flash on" for relay 0: on now, off after the time. */
export const FLASH_ON_BASE = 0x0200
/** Coil address of "flash off" for relay 0: off now, on after the time. */
export const FLASH_OFF_BASE = 0x0400
/** One unit of a flash time. */
export const PULSE_UNIT_MS = 100
/** The longest flash time, in 100 ms units (3276.7 s). */
export const MAX_PULSE_UNITS = 0x7fff

/** The request that switches a relay on now and off again after `ms` (rounded up to 100 ms). */
export function flashOn(unit: number, coil: number, ms: number): WriteSingleCoilRequest {
  return flash(FLASH_ON_BASE, unit, coil, ms)
}

/** The request that switches a relay off now and on again after `ms` (rounded up to 100 ms). */
export function flashOff(unit: number, coil: number, ms: number): WriteSingleCoilRequest {
  return flash(FLASH_OFF_BASE, unit, coil, ms)
}

/** `ms` in whole 100 ms units, rounded up, at least 1; a RangeError above 0x7FFF units. */
export function pulseUnits(ms: number): number {
  if (!Number.isFinite(ms) || ms < 0) {
    throw new RangeError(`a pulse time must be 0 ms or more (got ${ms})`)
  }
  const units = Math.max(1, Math.ceil(ms / PULSE_UNIT_MS))
  if (units > MAX_PULSE_UNITS) {
    throw new RangeError(
      `a pulse lasts at most ${MAX_PULSE_UNITS * PULSE_UNIT_MS} ms (${MAX_PULSE_UNITS} units of 100 ms); got ${ms} ms`,
    )
  }
  return units
}

function flash(base: number, unit: number, coil: number, ms: number): WriteSingleCoilRequest {
  checkRange('coil', coil, MIN_COIL, MAX_COIL)
  return { unit, fn: WRITE_SINGLE_COIL, address: base + coil, value: pulseUnits(ms) }
}

/** What a request does to the relays, in the board's terms. */
export type RequestDescription =
  | { kind: 'read'; unit: number; coil: number; quantity: number }
  | { kind: 'write'; unit: number; coil: number; on: boolean }
  | { kind: 'write-multiple'; unit: number; coil: number; values: readonly boolean[] }
  | { kind: 'flash-on'; unit: number; coil: number; ms: number }
  | { kind: 'flash-off'; unit: number; coil: number; ms: number }
  /** A sensor read (0x03, 0x04): it does nothing to any relay. */
  | {
      kind: 'read-registers'
      unit: number
      fn: RegisterReadFunction
      register: number
      quantity: number
    }
  /** A write-single-coil value that is neither on, off nor a flash time at a flash address. */
  | { kind: 'other'; request: Request }

/**
 * Tells flash requests from plain writes. A flash request's `ms` is its value times 100 as
 * sent, even 0 or above the limit, which a board refuses.
 */
export function describeRequest(request: Request): RequestDescription {
  const { unit } = request
  switch (request.fn) {
    case READ_COILS:
      return { kind: 'read', unit, coil: request.address, quantity: request.quantity }
    case READ_HOLDING_REGISTERS:
    case READ_INPUT_REGISTERS: {
      const { fn, address: register, quantity } = request
      return { kind: 'read-registers', unit, fn, register, quantity }
    }
    case WRITE_MULTIPLE_COILS:
      return { kind: 'write-multiple', unit, coil: request.address, values: request.values }
    case WRITE_SINGLE_COIL:
      return describeSingleWrite(request)
  }
}

function describeSingleWrite(request: WriteSingleCoilRequest): RequestDescription {
  const { unit, address, value } = request
  const ms = value * PULSE_UNIT_MS
  if (address >= FLASH_ON_BASE && address <= FLASH_ON_BASE + MAX_COIL) {
    return { kind: 'flash-on', unit, coil: address - FLASH_ON_BASE, ms }
  }
  if (address >= FLASH_OFF_BASE && address <= FLASH_OFF_BASE + MAX_COIL) {
    return { kind: 'flash-off', unit, coil: address - FLASH_OFF_BASE, ms }
  }
  if (value === COIL_ON || value === COIL_OFF) {
    return { kind: 'write', unit, coil: address, on: value === COIL_ON }
  }
  return { kind: 'other', request }
}
