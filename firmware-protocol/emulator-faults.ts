// Faults a relay board in software can be told to show, per unit or on every unit.
import { describeRequest } from './pulse'
import { decodeRequest } from './rtu-request'
import type { Request } from './rtu-types'
import { seededRandom, type Random } from './seeded-random'

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
  /**
   * Line noise and a slow, cheap device on the unit's answers, drawn from `seed` so a run can be
   * replayed (only through `attach`): each answer by chance comes late, garbled, followed by
   * stray bytes, or split in two with a gap.
   */
  | { kind: 'noisy'; noise: Noise }

export interface Noise {
  seed: number
  /** The share of answers (0-1) that come `lateMs` later than they would. */
  late?: number
  /** The share of answers with one to three bytes changed on the way. */
  garbled?: number
  /** The share of answers followed, `strayAfterMs` later, by stray bytes. */
  stray?: number
  /** The share of answers sent in two parts with `splitGapMs` between them. */
  split?: number
  /** How much later a late answer comes, [min, max] ms; default 260-480: after a 250 ms timeout, within two. */
  lateMs?: readonly [number, number]
  /** Default 1-30 ms: within or past the inter-frame silence. */
  strayAfterMs?: readonly [number, number]
  /** Default 20 ms, a USB adapter's latency timer. */
  splitGapMs?: number
}

export const DEFAULT_LATE_MS = [260, 480] as const
const DEFAULT_STRAY_AFTER_MS = [1, 30] as const
const DEFAULT_SPLIT_GAP_MS = 20

/** Bytes the board puts on the line, whose last byte is out `doneMs` after its answer began. */
export interface Delivery {
  doneMs: number
  bytes: Uint8Array
}

/** What the noise did to the answers so far. */
export interface NoiseCounts {
  answers: number
  late: number
  garbled: number
  stray: number
  split: number
}

const NO_FAULT: Fault = { kind: 'none' }

export class FaultTable {
  private everyUnit: Fault = NO_FAULT
  private readonly byUnit = new Map<number, Fault>()
  /** Each noisy fault's own random source, from its seed. */
  private readonly randoms = new WeakMap<Noise, Random>()
  readonly noise: NoiseCounts = { answers: 0, late: 0, garbled: 0, stray: 0, split: 0 }

  /** Without `unit`, sets the fault of every unit and forgets the faults set per unit. */
  set(fault: Fault, unit?: number): void {
    if (fault.kind === 'slow' && !(Number.isFinite(fault.delayMs) && fault.delayMs >= 0)) {
      throw new RangeError(`a slow fault needs a delay of 0 ms or more (got ${fault.delayMs})`)
    }
    if (fault.kind === 'deaf-to-off' && !(Number.isInteger(fault.times) && fault.times >= 1)) {
      throw new RangeError(`a deaf-to-off fault needs 1 time or more (got ${fault.times})`)
    }
    if (fault.kind === 'noisy') checkNoise(fault.noise)
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

  /**
   * How the answer to `unit` goes on the line: when, in what parts, with what on top. A slow
   * unit's answer comes `delayMs` later; a noisy one's as its dice fall.
   */
  deliveries(unit: number, answer: Uint8Array, wireMs: (bytes: number) => number): Delivery[] {
    const fault = this.of(unit)
    const whole = wireMs(answer.length)
    if (fault.kind === 'slow') return [{ doneMs: fault.delayMs + whole, bytes: answer }]
    if (fault.kind !== 'noisy') return [{ doneMs: whole, bytes: answer }]
    const { noise } = fault
    let random = this.randoms.get(noise)
    if (!random) this.randoms.set(noise, (random = seededRandom(noise.seed)))
    const counts = this.noise
    counts.answers++
    let bytes = answer
    let startMs = 0
    if (random.chance(noise.late ?? 0)) {
      const [min, max] = noise.lateMs ?? DEFAULT_LATE_MS
      startMs = min + random.next() * (max - min)
      counts.late++
    }
    if (random.chance(noise.garbled ?? 0)) {
      bytes = garble(bytes, random)
      counts.garbled++
    }
    const out: Delivery[] = []
    // Each part starts when the one before it ended, plus a gap.
    const send = (gapMs: number, part: Uint8Array) => {
      const start = (out.at(-1)?.doneMs ?? startMs) + gapMs
      out.push({ doneMs: start + wireMs(part.length), bytes: part })
    }
    if (random.chance(noise.split ?? 0) && bytes.length > 1) {
      const cut = random.int(1, bytes.length - 1)
      send(0, bytes.slice(0, cut))
      send(noise.splitGapMs ?? DEFAULT_SPLIT_GAP_MS, bytes.slice(cut))
      counts.split++
    } else {
      send(0, bytes)
    }
    if (random.chance(noise.stray ?? 0)) {
      const [min, max] = noise.strayAfterMs ?? DEFAULT_STRAY_AFTER_MS
      const junk = Uint8Array.from({ length: random.int(1, 12) }, () => random.int(0, 255))
      send(min + random.next() * (max - min), junk)
      counts.stray++
    }
    return out
  }

  /** Counts one frame a fault of some `times` swallowed on `unit`; the last one ends it. */
  spend(unit: number): void {
    const fault = this.of(unit)
    if (fault.kind !== 'deaf-to-off') return
    this.byUnit.set(unit, fault.times > 1 ? { ...fault, times: fault.times - 1 } : NO_FAULT)
  }
}

function checkNoise(noise: Noise): void {
  for (const share of ['late', 'garbled', 'stray', 'split'] as const) {
    const p = noise[share] ?? 0
    if (!(p >= 0 && p <= 1))
      throw new RangeError(`noise ${share} must be a share from 0 to 1 (got ${p})`)
  }
  for (const range of ['lateMs', 'strayAfterMs'] as const) {
    const [min, max] = noise[range] ?? [0, 0]
    if (!(min >= 0 && max >= min)) {
      throw new RangeError(
        `noise ${range} must be [min, max] with 0 <= min <= max (got [${min}, ${max}])`,
      )
    }
  }
}

/** One to three bytes of the frame changed, as noise on the wire changes them. */
function garble(frame: Uint8Array, random: Random): Uint8Array {
  const garbled = frame.slice()
  const changes = random.int(1, Math.min(3, frame.length))
  for (let i = 0; i < changes; i++) garbled[random.int(0, frame.length - 1)]! ^= random.int(1, 255)
  return garbled
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
