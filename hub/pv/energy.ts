// Energy from the inverter's lifetime counter, as pure accounting: each good reading adds what
// the counter grew by since the last good one to the 15-minute slot the reading falls in.
// Inverters report 0 (or nothing) at night, and a counter may glitch backwards: such readings
// are ignored and the last good one kept, so the night's gap and the energy made while the hub
// was off both land in the slot of the first good reading after.

export const SLOT_MS = 15 * 60_000

/** The last good reading of the lifetime counter. */
export interface Counter {
  wh: number
  at: number
  /** The inverter's serial number, when it gives one. */
  serial: string | null
}

export interface CounterReading {
  /** Null when the inverter does not report it. */
  wh: number | null
  at: number
  serial: string | null
}

export type EnergyStep =
  /** Nothing to write: no counter (0 or null), one going backwards, or no growth. */
  | { kind: 'ignored'; reason: 'no counter' | 'backwards' | 'unchanged' }
  /** The first reading, or another inverter's: the count starts here, nothing is added. */
  | { kind: 'baseline'; counter: Counter }
  | { kind: 'added'; counter: Counter; slotStart: number; wh: number }

/** The start of the 15-minute slot `at` falls in (every zone offset is a multiple of 15 min). */
export function slotStartOf(at: number): number {
  return Math.floor(at / SLOT_MS) * SLOT_MS
}

export function countEnergy(last: Counter | null, reading: CounterReading): EnergyStep {
  const { wh, at, serial } = reading
  if (wh === null || !Number.isFinite(wh) || wh <= 0)
    return { kind: 'ignored', reason: 'no counter' }
  const counter: Counter = { wh, at, serial }
  const otherInverter =
    last !== null && last.serial !== null && serial !== null && last.serial !== serial
  if (last === null || otherInverter) return { kind: 'baseline', counter }
  if (wh < last.wh) return { kind: 'ignored', reason: 'backwards' }
  if (wh === last.wh) return { kind: 'ignored', reason: 'unchanged' }
  return { kind: 'added', counter, slotStart: slotStartOf(at), wh: wh - last.wh }
}
