// Bytes on the bus that answer nothing the hub asked (ARCHITECTURE.md section 18): a late answer,
// noise, a second master. Dropped and counted (hubStatus.bus.strayFrames); logged at most once
// a minute, with how many came since the last line.

export const STRAY_LOG_INTERVAL_MS = 60_000

export class StrayFrames {
  /** Every stray frame or run of garbage since the hub started. */
  total = 0
  private unlogged = 0
  private loggedAt = -Infinity

  constructor(
    private readonly log: (fields: object, msg: string) => void,
    private readonly now: () => number,
  ) {}

  /** `count` stray frames (or runs of garbage) were dropped; `why` says where they came. */
  add(count: number, why: string): void {
    if (count <= 0) return
    this.total += count
    this.unlogged += count
    const now = this.now()
    if (now - this.loggedAt < STRAY_LOG_INTERVAL_MS) return
    this.log(
      { strayFrames: this.unlogged, total: this.total, why },
      'stray bytes on the bus, dropped: they answered no request in flight',
    )
    this.unlogged = 0
    this.loggedAt = now
  }
}
