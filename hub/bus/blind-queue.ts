// Each blind's commands in its own order: the newest command takes the blind over, and older
// ones still waiting (a dead time, a frame in the queue) give way at their next check.
import type { Clock, ClockTimer } from '../clock/clock'
import type { Motion } from '../realtime/events'
import type { Side } from './side'
import { RunEnds } from './run-ends'

/** Thrown to a command that a newer one for the same blind replaced; not a failure. */
export class Superseded extends Error {
  override name = 'Superseded'
}

export interface BlindState {
  /** Increments with every command; an older command stops at its next step. */
  generation: number
  motion: Motion
  /** When each side last went off (monotonic ms), for the dead time. */
  offAt: Record<Side, number>
  /** A board-timed pulse's end, per side (monotonic ms). */
  flashUntil: Record<Side, number>
  endTimer: ClockTimer | undefined
  cancelWait: (() => void) | undefined
  lock: Promise<void>
  ends: RunEnds
}

export class BlindQueue {
  private readonly blinds = new Map<string, BlindState>()
  private closed = false

  constructor(private readonly clock: Clock) {}

  get(id: string): BlindState | undefined {
    return this.blinds.get(id)
  }

  all(): Map<string, BlindState> {
    return this.blinds
  }

  /**
   * Runs `step` in the blind's own order, as the newest command: older commands still
   * waiting give way at their next check, and a dead-time wait is cut short.
   */
  command(
    blindId: string,
    step: (s: BlindState, current: () => void, generation: number) => Promise<void>,
  ): Promise<number> {
    if (this.closed) return Promise.reject(new Superseded('the relay driver is shutting down'))
    const s = this.state(blindId)
    const generation = this.supersede(s)
    const current = () => {
      if (s.generation !== generation)
        throw new Superseded(`a newer command for blind ${blindId} took over`)
    }
    const run = s.lock.then(async () => {
      current()
      await step(s, current, generation)
      return generation
    })
    s.lock = run.then(
      () => undefined,
      () => undefined,
    )
    return run
  }

  /** A newer command takes the blind: older ones stop at their next check. Returns its number. */
  supersede(s: BlindState): number {
    s.generation++
    this.clock.clear(s.endTimer)
    s.cancelWait?.()
    s.ends.supersededBy(s.generation)
    return s.generation
  }

  /** A wait that a newer command cuts short. */
  sleep(s: BlindState, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.clock.clear(timer)
        s.cancelWait = undefined
        resolve()
      }
      const timer = this.clock.setTimeout(done, ms)
      s.cancelWait = done
    })
  }

  /** No new commands; every pending one gives way. */
  close(): void {
    this.closed = true
    for (const s of this.blinds.values()) this.supersede(s)
  }

  state(id: string): BlindState {
    let s = this.blinds.get(id)
    if (!s) {
      s = {
        generation: 0,
        motion: 'IDLE',
        offAt: { UP: -Infinity, DOWN: -Infinity },
        flashUntil: { UP: 0, DOWN: 0 },
        endTimer: undefined,
        cancelWait: undefined,
        lock: Promise.resolve(),
        ends: new RunEnds(),
      }
      this.blinds.set(id, s)
    }
    return s
  }
}
