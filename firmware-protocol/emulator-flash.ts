// The relay board's own timers that end device-timed flashes ("flash on", "flash off").

/** Timers as the board keeps them: the process's own, or a test's clock that it advances. */
export interface EmulatorTimers {
  setTimeout(callback: () => void, ms: number): unknown
  clear(timer: unknown): void
}

export const realTimers: EmulatorTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clear: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}

interface PendingFlash {
  timer: unknown
  endsAt: number
  end: () => void
}

/**
 * A board's own timer ends a flash on time. This one's timer may fire late on a busy machine,
 * so the end is recorded at the moment it was due, and applied first when a command for that
 * coil comes in after that moment but before the timer fired.
 */
export class FlashTimers {
  private readonly pending = new Map<string, PendingFlash>()

  constructor(
    private readonly now: () => number,
    private readonly timers: EmulatorTimers = realTimers,
  ) {}

  /** Calls `end` with the moment the flash was due to end, `ms` from now. */
  start(unit: number, coil: number, ms: number, end: (endsAt: number) => void): void {
    const key = `${unit}:${coil}`
    const endsAt = this.now() + ms
    const finish = () => {
      this.pending.delete(key)
      end(endsAt)
    }
    this.pending.set(key, { timer: this.timers.setTimeout(finish, ms), endsAt, end: finish })
  }

  /** Before a command for a coil: ends its flash if the time is up, else cancels it. */
  settle(unit: number, coil: number): void {
    const key = `${unit}:${coil}`
    const flash = this.pending.get(key)
    if (!flash) return
    this.timers.clear(flash.timer)
    if (flash.endsAt <= this.now()) flash.end()
    this.pending.delete(key)
  }

  /** Cancels every pending flash end. */
  cancelAll(): void {
    for (const { timer } of this.pending.values()) this.timers.clear(timer)
    this.pending.clear()
  }
}
