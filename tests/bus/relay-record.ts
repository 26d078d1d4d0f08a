// Reading what the emulated board went through: its record of coil changes (which relay was
// on when, and why it changed) and, where a test needs it, every request frame it heard.
import type { CoilChange, RelayBoardEmulator } from '../../firmware-protocol/emulator'
import { describeRequest, type RequestDescription } from '../../firmware-protocol/pulse'
import { decodeRequest } from '../../firmware-protocol/rtu-request'

export interface Coil {
  unit: number
  coil: number
}

const isCoil = (r: Coil, c: Coil) => r.unit === c.unit && r.coil === c.coil

/** `1:0` as a coil. */
export function coilAt(address: string): Coil {
  const [unit, coil] = address.split(':').map(Number)
  return { unit: unit!, coil: coil! }
}

/** The record's clock: the emulator's default, the same in every module of this process. */
export const boardNow = () => performance.timeOrigin + performance.now()

/** The changes of one coil, oldest first. */
export function changesOf(record: readonly CoilChange[], c: Coil): CoilChange[] {
  return record.filter((r) => isCoil(r, c))
}

/** Whether the coil was on at time `t`, replaying the record from the start (all off). */
export function wasOnAt(record: readonly CoilChange[], c: Coil, t: number): boolean {
  let on = false
  for (const r of changesOf(record, c)) if (r.at <= t) on = r.on
  return on
}

/**
 * The gaps between one coil going off and the other going on, for every time it went on after
 * the other had been on: what a dead time must cover.
 */
export function reversalGaps(record: readonly CoilChange[], a: Coil, b: Coil): number[] {
  const gaps: number[] = []
  const offAt = new Map<Coil, number>()
  for (const r of record) {
    const [self, other] = isCoil(r, a) ? [a, b] : isCoil(r, b) ? [b, a] : []
    if (!self || !other) continue
    const otherOff = offAt.get(other)
    if (r.on && otherOff !== undefined) gaps.push(r.at - otherOff)
    if (!r.on) offAt.set(self, r.at)
  }
  return gaps
}

export interface HeardFrame {
  at: number
  /** What the frame asks of the board; null for bytes that are no valid request. */
  request: RequestDescription | null
}

/** From now on, logs every frame the board hears, whether or not it answers. */
export function logFrames(emulator: RelayBoardEmulator): HeardFrame[] {
  const log: HeardFrame[] = []
  const handleFrame = emulator.handleFrame.bind(emulator)
  emulator.handleFrame = (frame) => {
    let request: RequestDescription | null = null
    try {
      request = describeRequest(decodeRequest(frame))
    } catch {
      // Logged as what it is: bytes no board would act on.
    }
    log.push({ at: boardNow(), request })
    return handleFrame(frame)
  }
  return log
}
