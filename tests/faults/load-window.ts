// One stretch of load between two crashes: the loops that drive the hub share it, pause within
// it, and end when it ends (or when the crash cuts their request off).
import type { HubProcess } from '../bus/hub-process'
import { sleep } from '../bus/polling'

export interface LoadWindow {
  /** The hub under load. */
  readonly live: HubProcess
  readonly stopped: boolean
  /** Waits `ms`, or less when the window ends first. */
  pause(ms: number): Promise<void>
  /** Ends it: every loop stops at its next step. */
  end(): void
}

export function loadWindow(live: HubProcess): LoadWindow {
  let stopped = false
  let end!: () => void
  const ended = new Promise<void>((resolve) => (end = resolve))
  return {
    live,
    get stopped() {
      return stopped
    },
    pause: (ms) => Promise.race([sleep(ms), ended]),
    end: () => {
      stopped = true
      end()
    },
  }
}

/** A value the hub acknowledged, and the one whose answer a crash may have cut off. */
export interface Acknowledged<T> {
  acked: T
  pending: T | null
}

/**
 * Whether the hub holds what was acknowledged (or the write in flight, which then counts as
 * acknowledged); afterwards nothing is pending.
 */
export function holds<T>(value: Acknowledged<T>, actual: T): boolean {
  const same = (a: T, b: T) => JSON.stringify(a) === JSON.stringify(b)
  if (value.pending !== null && same(value.pending, actual)) value.acked = value.pending
  value.pending = null
  return same(value.acked, actual)
}
