// Switching relays: knows what state each coil was last put in, and turns the switches asked
// for within one turn of the event loop into as few frames as it safely can: several coils of
// one unit in one 0x0F frame, where the coils between them are in a known state that the
// frame can repeat. A coil in a board-timed pulse is never rewritten by such a frame, since a
// plain write would cancel the board's own timer.
import { systemClock, type Clock } from '../clock/clock'
import { flashOn, PULSE_UNIT_MS, pulseUnits } from '../../firmware-protocol/pulse'
import type { Request } from '../../firmware-protocol/rtu'
import { BusError, type Transport } from './transport'

export interface CoilSwitch {
  unit: number
  coil: number
  on: boolean
}

interface CoilState {
  on: boolean
  /** When a board-timed pulse ends (monotonic ms); 0 when none runs. */
  flashUntil: number
  /** Switching it on failed, but the board may have done it: never repeated by a frame. */
  unsure?: boolean
}

interface Pending extends CoilSwitch {
  /** With when the board acted on the frame carrying this switch (monotonic ms). */
  resolve(answeredAt: number): void
  reject(err: Error): void
}

/**
 * How long after the hub's reckoning a board-timed pulse still counts as possibly on. The
 * board's own clock runs its timer, and a board's clock may run slow: 250 ms plus 2 % of the
 * pulse. Until then the hub switches that coil off explicitly rather than trust the pulse to
 * have ended.
 */
export function flashMarginMs(pulseMs: number): number {
  return 250 + Math.ceil(pulseMs * 0.02)
}

/** When a board-timed pulse of `ms`, started at `now`, has surely ended (monotonic ms). */
export function flashSurelyEnded(ms: number, now: number): number {
  const boardMs = pulseUnits(ms) * PULSE_UNIT_MS
  return now + boardMs + flashMarginMs(boardMs)
}

const key = (unit: number, coil: number) => `${unit}:${coil}`

export class CoilWriter {
  private readonly states = new Map<string, CoilState>()
  private pending: Pending[] = []
  private flushScheduled = false
  /** Frames go out one after another, each planned from the state the previous one left. */
  private chain: Promise<void> = Promise.resolve()

  constructor(
    private readonly transport: Transport,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Whether a coil is or may be on (a board pulse counts until it surely ended). */
  isOn(unit: number, coil: number): boolean {
    const s = this.states.get(key(unit, coil))
    if (!s) return false
    if (s.flashUntil > 0 && s.flashUntil <= this.clock.monotonic()) return false
    return s.on
  }

  /**
   * Switches coils; resolves when every frame carrying them was acknowledged, with when the
   * board acted on the last of them (monotonic ms).
   */
  set(switches: CoilSwitch[]): Promise<number> {
    return Promise.all(
      switches.map(
        (s) =>
          new Promise<number>((resolve, reject) => {
            this.pending.push({ ...s, resolve, reject })
            this.scheduleFlush()
          }),
      ),
    ).then((times) => Math.max(...times))
  }

  /**
   * A board-timed pulse ("flash on"): the relay switches itself off after `ms`. Resolves with
   * when the board acted on it (monotonic ms).
   */
  flash(unit: number, coil: number, ms: number): Promise<number> {
    // Until the board's whole 100 ms units, rounded up, have surely run out.
    const flashing = () =>
      this.states.set(key(unit, coil), {
        on: true,
        flashUntil: flashSurelyEnded(ms, this.clock.monotonic()),
      })
    return this.enqueue(async () => {
      let answeredAt: number
      try {
        ;({ answeredAt } = await this.transport.transactTimed(flashOn(unit, coil, ms)))
      } catch (err) {
        // A lost answer may hide a pulse that started, so the coil counts as possibly on; a
        // refusal (a Modbus exception: a board without flash, say) means it did nothing.
        if (!(err instanceof BusError && err.exception !== undefined)) flashing()
        throw err
      }
      flashing()
      return answeredAt
    })
  }

  private enqueue<T>(op: () => Promise<T>): Promise<T> {
    const run = this.chain.then(op)
    this.chain = run.then(
      () => undefined,
      () => undefined,
    )
    return run
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return
    this.flushScheduled = true
    // One turn of the event loop: the switches of one API call or one scene go out together.
    // Switches asked for while earlier frames are on the wire join the next frames too.
    setImmediate(() => {
      this.flushScheduled = false
      void this.enqueue(async () => {
        const batch = this.pending
        this.pending = []
        for (const run of this.plan(batch)) await this.send(run)
      })
    })
  }

  /** Groups a batch into runs, each becoming one frame. */
  private plan(batch: Pending[]): Pending[][] {
    // The last word for a coil wins within a batch.
    const latest = new Map<string, Pending[]>()
    for (const p of batch) {
      const k = key(p.unit, p.coil)
      latest.set(k, [...(latest.get(k) ?? []), p])
    }
    const byUnit = new Map<number, Pending[][]>()
    for (const group of latest.values()) {
      const unit = group[0]!.unit
      byUnit.set(unit, [...(byUnit.get(unit) ?? []), group])
    }
    const runs: Pending[][] = []
    for (const groups of byUnit.values()) {
      groups.sort((a, b) => a[0]!.coil - b[0]!.coil)
      let run: Pending[][] = []
      for (const group of groups) {
        const previous = run[run.length - 1]?.[0]
        if (previous && !this.canBridge(previous.unit, previous.coil, group[0]!.coil)) {
          runs.push(run.flat())
          run = []
        }
        run.push(group)
      }
      if (run.length > 0) runs.push(run.flat())
    }
    return runs
  }

  /** Coils strictly between two can be rewritten with their known state. */
  private canBridge(unit: number, from: number, to: number): boolean {
    if (to - from > 16) return false
    for (let coil = from + 1; coil < to; coil++) {
      // Only coils the hub has set itself: a relay it never wrote may switch something else.
      const s = this.states.get(key(unit, coil))
      if (!s || s.unsure || s.flashUntil > this.clock.monotonic()) return false
    }
    return true
  }

  private async send(run: Pending[]): Promise<void> {
    const final = new Map<number, boolean>()
    for (const p of run) final.set(p.coil, p.on)
    const coils = [...final.keys()].sort((a, b) => a - b)
    const unit = run[0]!.unit
    const first = coils[0]!
    const last = coils[coils.length - 1]!
    const request: Request =
      coils.length === 1
        ? { unit, fn: 0x05, address: first, value: final.get(first) ? 0xff00 : 0x0000 }
        : {
            unit,
            fn: 0x0f,
            address: first,
            values: Array.from(
              { length: last - first + 1 },
              (_, i) => final.get(first + i) ?? this.isOn(unit, first + i),
            ),
          }
    try {
      const { answeredAt } = await this.transport.transactTimed(request)
      for (const [coil, on] of final) this.states.set(key(unit, coil), { on, flashUntil: 0 })
      for (const p of run) p.resolve(answeredAt)
    } catch (err) {
      // The board may have acted on a frame whose answer was lost: what it switched on may be on.
      for (const [coil, on] of final) {
        if (on) this.states.set(key(unit, coil), { on: true, flashUntil: 0, unsure: true })
      }
      for (const p of run) p.reject(err as Error)
    }
  }
}
