// Watches whether the hub's clock can be trusted to fire schedules. It is known to be wrong
// when it reads earlier than the newest time the hub has already written to its database (a
// clock cannot have gone back past its own records), or when timesyncd has not set it since
// boot. Unknown (no timesyncd, as on a developer's machine) counts as right; the owner of a
// Pi with a battery-backed clock and no NTP sets LAMELLA_CLOCK=trust.
import { systemClock, type Clock, type ClockTimer } from './clock'

/** How far a clock may read behind the newest record before it counts as wrong. */
export const FLOOR_TOLERANCE_MS = 60_000
export const CHECK_EVERY_MS = 15_000

export interface ClockWatchDeps {
  /** Its timers (default the system's). */
  clock?: Clock
  now: () => number
  /** The newest time written to the database, or null for an empty one. */
  floor: () => number | null
  /** The system's own view: see ntp-state.ts. */
  ntpSynchronized: () => boolean | null
  /** LAMELLA_CLOCK=trust: never pause schedules for the clock. */
  trust: boolean
  onChange: (synchronized: boolean | null) => void
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void }
  checkEveryMs?: number
}

export class ClockWatch {
  readonly name = 'clock'
  private state: boolean | null = null
  private floorAtStart: number | null = null
  private timer: ClockTimer | undefined

  private get clock(): Clock {
    return this.deps.clock ?? systemClock
  }

  constructor(private readonly deps: ClockWatchDeps) {}

  start(): void {
    // Read once: later records are written with this very clock, so they prove nothing.
    this.floorAtStart = this.deps.floor()
    this.state = this.read()
    this.report(this.state)
    this.timer = this.clock.setInterval(
      () => this.check(),
      this.deps.checkEveryMs ?? CHECK_EVERY_MS,
    )
    this.timer.unref()
  }

  stop(): void {
    this.clock.clear(this.timer)
  }

  /** true, false (known wrong) or null (cannot tell), as hubStatus reports it. */
  get synchronized(): boolean | null {
    return this.state
  }

  /** Whether schedules may fire from this clock. */
  get trusted(): boolean {
    return this.deps.trust || this.state !== false
  }

  /** Reads the clock's state again now; tells onChange when it changed. */
  check(): void {
    const next = this.read()
    if (next === this.state) return
    this.state = next
    this.report(next)
    this.deps.onChange(next)
  }

  private read(): boolean | null {
    const floor = this.floorAtStart
    if (floor !== null && this.deps.now() < floor - FLOOR_TOLERANCE_MS) return false
    return this.deps.ntpSynchronized()
  }

  private report(state: boolean | null): void {
    const now = new Date(this.deps.now()).toISOString()
    if (state === false) {
      this.deps.log.warn(
        { now, trust: this.deps.trust },
        this.deps.trust
          ? 'the clock is not synchronised; LAMELLA_CLOCK=trust keeps schedules running'
          : 'the clock is not synchronised: schedules are paused until it is',
      )
    } else {
      this.deps.log.info({ now, synchronized: state }, 'clock state')
    }
  }
}
