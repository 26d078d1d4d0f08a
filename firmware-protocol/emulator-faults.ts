// Faults a relay board in software can be told to show, per unit or on every unit.
import { describeRequest } from './pulse'
import { decodeRequest } from './rtu-request'
import type { Request } from './rtu-types'

export type Fault =
  | { kind: 'none' }
  /** The unit neither acts on requests nor answers, as a board off the bus or unpowered. */
  | { kind: 'no-answer' }
  /** The unit acts and answers, but the CRC of its answer is wrong. */
  | { kind: 'bad-crc' }
  /** The unit acts and answers `delayMs` later than it would (only through `attach`). */
  | { kind: 'slow'; delayMs: number }
  /**
   * The unit neither acts on nor answers the next `times` requests that switch `coil` off (as
   * when noise garbles exactly those frames), then behaves again.
   */
  | { kind: 'deaf-to-off'; coil: number; times: number }

const NO_FAULT: Fault = { kind: 'none' }

export class FaultTable {
  private everyUnit: Fault = NO_FAULT
  private readonly byUnit = new Map<number, Fault>()

  /** Without `unit`, sets the fault of every unit and forgets the faults set per unit. */
  set(fault: Fault, unit?: number): void {
    if (fault.kind === 'slow' && !(Number.isFinite(fault.delayMs) && fault.delayMs >= 0)) {
      throw new RangeError(`a slow fault needs a delay of 0 ms or more (got ${fault.delayMs})`)
    }
    if (fault.kind === 'deaf-to-off' && !(Number.isInteger(fault.times) && fault.times >= 1)) {
      throw new RangeError(`a deaf-to-off fault needs 1 time or more (got ${fault.times})`)
    }
    if (unit === undefined) {
      this.everyUnit = fault
      this.byUnit.clear()
    } else {
      this.byUnit.set(unit, fault)
    }
  }

  of(unit: number): Fault {
    return this.byUnit.get(unit) ?? this.everyUnit
  }

  /** Counts one frame a fault of some `times` swallowed on `unit`; the last one ends it. */
  spend(unit: number): void {
    const fault = this.of(unit)
    if (fault.kind !== 'deaf-to-off') return
    this.byUnit.set(unit, fault.times > 1 ? { ...fault, times: fault.times - 1 } : NO_FAULT)
  }
}

/** The frame with its last CRC byte flipped, so that no receiver accepts it. */
export function corruptCrc(frame: Uint8Array): Uint8Array {
  const corrupted = frame.slice()
  corrupted[corrupted.length - 1]! ^= 0xff
  return corrupted
}

/** Whether a frame asks to switch `coil` off, alone or among others. */
export function switchesOff(frame: Uint8Array, coil: number): boolean {
  let request: Request
  try {
    request = decodeRequest(frame)
  } catch {
    return false
  }
  const description = describeRequest(request)
  if (description.kind === 'write') return description.coil === coil && !description.on
  if (description.kind === 'write-multiple') {
    return description.values[coil - description.coil] === false
  }
  return false
}
