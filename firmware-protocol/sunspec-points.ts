// SunSpec point types to and from registers: integers, scale factors, accumulators, floats,
// strings, and the "not implemented" marker of each, which reads as null.
import { INVERTER_STATES, type InverterState } from './sunspec-types'

export type PointType =
  'uint16' | 'int16' | 'enum16' | 'sunssf' | 'acc32' | 'uint32' | 'int32' | 'float32' | 'string'

/** Registers each type takes; a string takes as many as its point says. */
export const POINT_REGISTERS: Readonly<Record<Exclude<PointType, 'string'>, number>> = {
  uint16: 1,
  int16: 1,
  enum16: 1,
  sunssf: 1,
  acc32: 2,
  uint32: 2,
  int32: 2,
  float32: 2,
}

/** The marker words a device puts in a point it does not implement. */
export const NOT_IMPLEMENTED = {
  uint16: 0xffff,
  enum16: 0xffff,
  int16: 0x8000,
  sunssf: 0x8000,
  /** An accumulator at 0 has not accumulated: inverters show it at night. */
  acc32: 0,
  uint32: 0xffffffff,
  int32: 0x80000000,
} as const

/** Scale factors SunSpec allows (value × 10^sf). */
const MIN_SCALE_FACTOR = -10
const MAX_SCALE_FACTOR = 10

export function uint16(regs: readonly number[], offset: number): number | null {
  const raw = word(regs, offset)
  return raw === NOT_IMPLEMENTED.uint16 ? null : raw
}

export function int16(regs: readonly number[], offset: number): number | null {
  const raw = word(regs, offset)
  return raw === NOT_IMPLEMENTED.int16 ? null : signed16(raw)
}

/** A scale factor: an int16 from -10 to 10; 0x8000 or anything outside that range is null. */
export function sunssf(regs: readonly number[], offset: number): number | null {
  const sf = int16(regs, offset)
  return sf === null || sf < MIN_SCALE_FACTOR || sf > MAX_SCALE_FACTOR ? null : sf
}

export function acc32(regs: readonly number[], offset: number): number | null {
  const raw = dword(regs, offset)
  return raw === NOT_IMPLEMENTED.acc32 ? null : raw
}

export function uint32(regs: readonly number[], offset: number): number | null {
  const raw = dword(regs, offset)
  return raw === NOT_IMPLEMENTED.uint32 ? null : raw
}

export function int32(regs: readonly number[], offset: number): number | null {
  const raw = dword(regs, offset)
  return raw === NOT_IMPLEMENTED.int32 ? null : raw | 0
}

/**
 * A big-endian float32, as the shortest decimal that is the same float32 (230.4, not
 * 230.39999389648438); NaN and infinities are null.
 */
export function float32(regs: readonly number[], offset: number): number | null {
  const view = new DataView(new ArrayBuffer(4))
  view.setUint16(0, word(regs, offset))
  view.setUint16(2, word(regs, offset + 1))
  const value = view.getFloat32(0)
  if (!Number.isFinite(value)) return null
  for (let digits = 1; digits < 9; digits++) {
    const shorter = Number(value.toPrecision(digits))
    if (Math.fround(shorter) === value) return shorter
  }
  return value
}

/** Two characters a register, high byte first; NULs and spaces at the end are cut. */
export function text(regs: readonly number[], offset: number, registers: number): string | null {
  const bytes: number[] = []
  for (let i = 0; i < registers; i++) {
    const raw = word(regs, offset + i)
    bytes.push(raw >>> 8, raw & 0xff)
  }
  const end = bytes.findIndex((byte) => byte === 0)
  const value = String.fromCharCode(...(end === -1 ? bytes : bytes.slice(0, end))).trimEnd()
  return value === '' ? null : value
}

/** 1-8 named; 0xFFFF and codes outside 1-8 are null. */
export function state(regs: readonly number[], offset: number): InverterState | null {
  const raw = uint16(regs, offset)
  return raw === null ? null : (INVERTER_STATES[raw - 1] ?? null)
}

/** raw × 10^sf, null when either is not implemented. Negative factors divide, for 230.5. */
export function scaled(raw: number | null, sf: number | null): number | null {
  if (raw === null || sf === null) return null
  return sf < 0 ? raw / 10 ** -sf : raw * 10 ** sf
}

/** Any point by its type name, for vectors; `registers` are exactly the point's. */
export function decodePoint(type: PointType, registers: readonly number[]): number | string | null {
  switch (type) {
    case 'uint16':
    case 'enum16':
      return uint16(registers, 0)
    case 'int16':
      return int16(registers, 0)
    case 'sunssf':
      return sunssf(registers, 0)
    case 'acc32':
      return acc32(registers, 0)
    case 'uint32':
      return uint32(registers, 0)
    case 'int32':
      return int32(registers, 0)
    case 'float32':
      return float32(registers, 0)
    case 'string':
      return text(registers, 0, registers.length)
  }
}

/**
 * The registers of a point; null gives the type's not-implemented marker. `registers` is the
 * length of a string point. Throws a RangeError for a value the type cannot hold.
 */
export function encodePoint(
  type: PointType,
  value: number | string | null,
  registers = 1,
): number[] {
  if (type === 'string') return encodeText(value === null ? '' : String(value), registers)
  if (typeof value === 'string') throw new RangeError(`a ${type} point holds a number`)
  switch (type) {
    case 'uint16':
    case 'enum16':
      return [value === null ? NOT_IMPLEMENTED.uint16 : checked(type, value, 0, 0xfffe)]
    case 'int16':
    case 'sunssf':
      return [
        value === null ? NOT_IMPLEMENTED.int16 : checked(type, value, -0x7fff, 0x7fff) & 0xffff,
      ]
    case 'acc32':
      return words(value === null ? 0 : checked(type, value, 0, 0xffffffff))
    case 'uint32':
      return words(value === null ? NOT_IMPLEMENTED.uint32 : checked(type, value, 0, 0xfffffffe))
    case 'int32':
      return words(
        value === null
          ? NOT_IMPLEMENTED.int32
          : checked(type, value, -0x7fffffff, 0x7fffffff) >>> 0,
      )
    case 'float32': {
      const view = new DataView(new ArrayBuffer(4))
      view.setFloat32(0, value === null ? NaN : value)
      return [view.getUint16(0), view.getUint16(2)]
    }
  }
}

/** ASCII in `registers` registers, padded with NULs; throws when it does not fit. */
export function encodeText(value: string, registers: number): number[] {
  if (value.length > registers * 2 || !/^[\x20-\x7e]*$/.test(value)) {
    throw new RangeError(
      `"${value}" must be printable ASCII of at most ${registers * 2} characters`,
    )
  }
  const result: number[] = []
  for (let i = 0; i < registers; i++) {
    result.push(((value.charCodeAt(i * 2) || 0) << 8) | (value.charCodeAt(i * 2 + 1) || 0))
  }
  return result
}

function checked(type: PointType, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`a ${type} point holds an integer from ${min} to ${max} (got ${value})`)
  }
  return value
}

function words(value: number): number[] {
  return [Math.floor(value / 0x10000), value % 0x10000]
}

function word(regs: readonly number[], offset: number): number {
  const raw = regs[offset]
  if (raw === undefined) throw new RangeError(`register ${offset} is not in the block`)
  return raw
}

function dword(regs: readonly number[], offset: number): number {
  return word(regs, offset) * 0x10000 + word(regs, offset + 1)
}

function signed16(raw: number): number {
  return raw >= 0x8000 ? raw - 0x10000 : raw
}
