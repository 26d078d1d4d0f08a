// Who waits for a blind's relay run to end, per command number: a run that ran its course ends
// its waiters with true, a newer command for the blind ends the older ones' with false.

export class RunEnds {
  private readonly waiting = new Map<number, ((ranOut: boolean) => void)[]>()
  /** The newest command whose run ran its course, and the newest command given. */
  private lastEnded = 0
  private newest = 0

  /** Resolves once command `command`'s run ended: true if it ran its course. */
  wait(command: number): Promise<boolean> {
    if (command === this.lastEnded) return Promise.resolve(true)
    if (command < this.newest) return Promise.resolve(false)
    return new Promise((resolve) => {
      this.waiting.set(command, [...(this.waiting.get(command) ?? []), resolve])
    })
  }

  /** Command `command`'s run ran its course. */
  ended(command: number): void {
    this.lastEnded = command
    this.settle(command, true)
  }

  /** Command `command` is the newest now: every older run that has not ended is cut short. */
  supersededBy(command: number): void {
    this.newest = command
    for (const older of [...this.waiting.keys()]) if (older < command) this.settle(older, false)
  }

  private settle(command: number, ranOut: boolean): void {
    for (const resolve of this.waiting.get(command) ?? []) resolve(ranOut)
    this.waiting.delete(command)
  }
}
