// Login throttling: after 5 failed logins for one username or from one client address within
// 15 minutes, further attempts are refused for 15 minutes. Nothing is permanent, and the
// table is bounded so a flood of made-up usernames cannot grow it without limit.

export const MAX_FAILURES = 5
export const WINDOW_MS = 15 * 60 * 1000
export const BLOCK_MS = 15 * 60 * 1000
const MAX_KEYS = 10_000

interface Entry {
  failures: number[]
  blockedUntil: number
}

export class LoginThrottle {
  private readonly entries = new Map<string, Entry>()

  constructor(private readonly now: () => number) {}

  /** Milliseconds until the caller may try again, or 0 when it may try now. */
  retryAfter(username: string, address: string): number {
    const t = this.now()
    let wait = 0
    for (const key of keysOf(username, address)) {
      const e = this.entries.get(key)
      if (e && e.blockedUntil > t) wait = Math.max(wait, e.blockedUntil - t)
    }
    return wait
  }

  recordFailure(username: string, address: string): void {
    const t = this.now()
    if (this.entries.size >= MAX_KEYS) this.prune(t)
    for (const key of keysOf(username, address)) {
      const e = this.entries.get(key) ?? { failures: [], blockedUntil: 0 }
      e.failures = e.failures.filter((at) => t - at < WINDOW_MS)
      e.failures.push(t)
      if (e.failures.length >= MAX_FAILURES) e.blockedUntil = t + BLOCK_MS
      this.entries.set(key, e)
    }
  }

  /** A good login clears the username's failures; the address keeps its record. */
  recordSuccess(username: string): void {
    this.entries.delete(`user:${username.toLowerCase()}`)
  }

  private prune(t: number): void {
    for (const [key, e] of this.entries) {
      if (e.blockedUntil <= t && e.failures.every((at) => t - at >= WINDOW_MS))
        this.entries.delete(key)
    }
    // Still full of live entries: drop the oldest so the newest attempts are still counted.
    const excess = this.entries.size - MAX_KEYS / 2
    if (excess > 0) [...this.entries.keys()].slice(0, excess).forEach((k) => this.entries.delete(k))
  }
}

function keysOf(username: string, address: string): string[] {
  return [`user:${username.toLowerCase()}`, `addr:${address}`]
}
