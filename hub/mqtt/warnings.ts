// Warnings about what others publish, rate-limited: anyone allowed to publish could otherwise
// fill the hub's log (and the Pi's SD card) with one bad payload a millisecond. At most `burst`
// warnings per window; the next one after a quiet spell says how many were left out.
import type { FastifyBaseLogger } from 'fastify'

export class LimitedWarnings {
  private windowStart = -Infinity
  private inWindow = 0
  private suppressed = 0

  constructor(
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly now: () => number = Date.now,
    private readonly burst = 5,
    private readonly windowMs = 60_000,
  ) {}

  warn(fields: Record<string, unknown>, message: string): void {
    const t = this.now()
    if (t - this.windowStart >= this.windowMs) {
      this.windowStart = t
      this.inWindow = 0
    }
    if (this.inWindow >= this.burst) {
      this.suppressed++
      return
    }
    this.inWindow++
    const left = this.suppressed
    this.suppressed = 0
    this.log.warn(left > 0 ? { ...fields, warningsLeftOut: left } : fields, message)
  }
}
