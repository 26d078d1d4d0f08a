// A clock for tests about logic: time stands still until the test advances it, and then each
// timer due on the way fires at its own moment, in order, with the promises it set going
// settled before the next one fires. So a dead time of 500 ms, a pulse of 30 s or a motor's
// run of 20 s takes no wall time at all, and a test says exactly how much time passed.
import type { Clock, ClockTimer } from './clock'

interface Entry {
  due: number
  /** Ties fire in the order they were set. */
  seq: number
  callback: () => void
  /** An interval's period; null for a timeout. */
  every: number | null
}

class Handle implements ClockTimer {
  constructor(readonly entry: Entry) {}
  unref(): ClockTimer {
    return this
  }
}

/** Lets what a timer started run on: promise chains and the immediates they queue. */
async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise<void>((resolve) => setImmediate(resolve))
}

export class TestClock implements Clock {
  private mono: number
  private wall: number
  private seq = 0
  private readonly timers = new Set<Entry>()

  /** `startAt`: the wall clock's reading at the start, ISO-8601 or epoch ms. */
  constructor(startAt: string | number = '2026-06-01T08:00:00Z') {
    this.wall = typeof startAt === 'number' ? startAt : Date.parse(startAt)
    if (!Number.isFinite(this.wall)) throw new Error(`TestClock: not a time: ${startAt}`)
    // On the epoch's scale, as the system clock's: equal to the wall clock until it is set.
    this.mono = this.wall
  }

  now(): number {
    return this.wall
  }

  monotonic(): number {
    return this.mono
  }

  setTimeout(callback: () => void, ms: number): ClockTimer {
    return this.add(callback, ms, null)
  }

  setInterval(callback: () => void, ms: number): ClockTimer {
    return this.add(callback, ms, Math.max(1, ms))
  }

  clear(timer: ClockTimer | undefined | null): void {
    if (timer instanceof Handle) this.timers.delete(timer.entry)
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.setTimeout(resolve, ms))
  }

  /** How many timers wait. */
  pending(): number {
    return this.timers.size
  }

  /**
   * Moves time on by `ms`, firing every timer due by then at its own moment (an interval as
   * often as it falls due), and lets what each one started settle.
   */
  async advance(ms: number): Promise<void> {
    if (!(ms >= 0)) throw new Error(`TestClock.advance: ms must be 0 or more (got ${ms})`)
    const target = this.mono + ms
    await settle()
    for (let next = this.earliest(target); next; next = this.earliest(target)) {
      this.fire(next)
      await settle()
    }
    this.moveTo(target)
    await settle()
  }

  /**
   * Advances timer by timer until `done()` holds; fails once `limitMs` passed without it. For
   * "until the blind arrived" without knowing how long that takes.
   */
  async advanceUntil(done: () => boolean, limitMs = 600_000): Promise<number> {
    const from = this.mono
    await settle()
    while (!done()) {
      const next = this.earliest(from + limitMs)
      if (!next) {
        throw new Error(`TestClock.advanceUntil: not done within ${limitMs} ms of test time`)
      }
      this.fire(next)
      await settle()
    }
    return this.mono - from
  }

  /**
   * Advances timer by timer until `promise` settles, and gives its outcome: for a command that
   * waits out a dead time or a retry before it resolves. Fails once `limitMs` passed first.
   */
  async drive<T>(promise: Promise<T>, limitMs = 600_000): Promise<T> {
    let settled = false
    const watched = promise.finally(() => (settled = true))
    // Its rejection is the caller's, given below; not an unhandled one meanwhile.
    watched.catch(() => undefined)
    await this.advanceUntil(() => settled, limitMs)
    return watched
  }

  /** Sets the wall clock alone, as NTP does; durations and timers are not touched. */
  setWallClock(at: string | number): void {
    this.wall = typeof at === 'number' ? at : Date.parse(at)
  }

  private add(callback: () => void, ms: number, every: number | null): ClockTimer {
    const entry: Entry = {
      due: this.mono + Math.max(0, Number.isFinite(ms) ? ms : 0),
      seq: this.seq++,
      callback,
      every,
    }
    this.timers.add(entry)
    return new Handle(entry)
  }

  private earliest(by: number): Entry | undefined {
    let best: Entry | undefined
    for (const t of this.timers) {
      if (t.due > by) continue
      if (!best || t.due < best.due || (t.due === best.due && t.seq < best.seq)) best = t
    }
    return best
  }

  private fire(entry: Entry): void {
    this.moveTo(entry.due)
    if (entry.every === null) this.timers.delete(entry)
    else {
      entry.due += entry.every
      entry.seq = this.seq++
    }
    entry.callback()
  }

  private moveTo(mono: number): void {
    if (mono <= this.mono) return
    this.wall += mono - this.mono
    this.mono = mono
  }
}
