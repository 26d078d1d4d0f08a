// The moments blinds reach their end stops while their relays still run on. A run to an end stop
// lasts longer than the travel (the run-on makes sure the blind gets there), and from a position
// part-way it lasts a full travel: the blind stands at the stop for seconds before the relay goes
// off. The tracker tells of it again at the moment the estimate gets there, so whoever follows
// (browsers, Home Assistant) sees it arrived then, not when the relay goes off.
import { systemClock, type Clock, type ClockTimer } from '../clock/clock'

export class Arrivals {
  private readonly timers = new Map<string, ClockTimer>()

  constructor(
    /** Wall-clock ms, on the clock the times given are on. */
    private readonly now: () => number,
    private readonly arrived: (blindId: string) => void,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Tells of the blind at `arrivesAt`, unless its relay goes off first (at `offAt`). */
  watch(blindId: string, arrivesAt: number, offAt: number): void {
    this.forget(blindId)
    // A move part-way: the relay going off tells of it.
    if (arrivesAt >= offAt) return
    // A millisecond late rather than early: the estimate is at the stop when it is told.
    const timer = this.clock.setTimeout(
      () => {
        this.timers.delete(blindId)
        this.arrived(blindId)
      },
      Math.max(0, Math.ceil(arrivesAt - this.now())) + 1,
    )
    timer.unref()
    this.timers.set(blindId, timer)
  }

  forget(blindId: string): void {
    this.clock.clear(this.timers.get(blindId))
    this.timers.delete(blindId)
  }

  stop(): void {
    for (const timer of this.timers.values()) this.clock.clear(timer)
    this.timers.clear()
  }
}
