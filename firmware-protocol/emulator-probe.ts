// A probe unit for tests and benches of the bus: every register it is asked for carries its own
// number and which read of this unit asked, so whoever reads it sees at once whether an answer
// belongs to the register and the request it was taken for. Line noise (a `noisy` fault) applies
// to it as to any unit.
import { registerReadRefusal } from './emulator-registers'
import type { ReadRegistersRequest, Request, Response } from './rtu-types'

/** A probe register's word: the register's number in the high byte, the read's in the low. */
export function probeWord(register: number, read: number): number {
  return ((register & 0xff) << 8) | (read & 0xff)
}

/** What a probe register's word says. */
export function fromProbeWord(word: number): { register: number; read: number } {
  return { register: word >> 8, read: word & 0xff }
}

export class ProbeUnit {
  /** Reads answered so far; the first is read 1. */
  reads = 0

  constructor(readonly unit: number) {}

  /** 0x03 and 0x04 with any count up to 125, each word from `probeWord`; nothing else. */
  execute(request: Request): Response {
    const refusal = registerReadRefusal(this.unit, request)
    if (refusal) return refusal
    const { fn, address, quantity } = request as ReadRegistersRequest
    const read = ++this.reads
    const registers = Array.from({ length: quantity }, (_, i) => probeWord(address + i, read))
    return { unit: this.unit, fn, registers }
  }
}
