// The hub's one clock: the wall clock (what schedules and records are stamped with), the
// monotonic clock (what durations are measured on: it never jumps when NTP sets the time), and
// timers. Every module that times something takes it in its deps; production passes
// `systemClock`, tests about logic a TestClock (test-clock.ts) that they advance, and tests
// about the wire the real one.

/** A pending timer; `unref` lets the process end while it waits, as Node's own. */
export interface ClockTimer {
  unref(): ClockTimer
}

export interface Clock {
  /** Wall-clock ms since the epoch, as Date.now(). */
  now(): number
  /**
   * Monotonic ms on the epoch's scale, as performance.timeOrigin + performance.now(): near the
   * wall clock at the start, but it never jumps when NTP sets the time. For durations,
   * deadlines, and the moments relays switched (records read by other processes too).
   */
  monotonic(): number
  setTimeout(callback: () => void, ms: number): ClockTimer
  setInterval(callback: () => void, ms: number): ClockTimer
  /** Cancels a timeout or an interval; nothing for undefined or one that already fired. */
  clear(timer: ClockTimer | undefined | null): void
  /** Resolves after `ms` by this clock. */
  sleep(ms: number): Promise<void>
}

export const systemClock: Clock = {
  now: () => Date.now(),
  monotonic: () => performance.timeOrigin + performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  setInterval: (callback, ms) => setInterval(callback, ms),
  clear: (timer) => {
    if (timer) clearTimeout(timer as NodeJS.Timeout)
  },
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}
