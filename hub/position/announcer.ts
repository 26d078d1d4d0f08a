// Tells of each blind's new state at the end of the event loop's turn, once: a stop and the
// end of the move it cut short, or a run's end and the next run's start, are one event, and a
// state no different from the last one told is not told again.
export class Announcer<State> {
  private readonly pending = new Set<string>()
  /** The last state told of each blind, as JSON. */
  private readonly told = new Map<string, string>()
  private stopped = false

  constructor(
    private readonly stateOf: (id: string) => State,
    private readonly tell: (id: string, state: State) => void,
  ) {}

  announce(id: string): void {
    if (this.stopped) return
    this.pending.add(id)
    if (this.pending.size > 1) return
    setImmediate(() => {
      const ids = [...this.pending]
      this.pending.clear()
      if (this.stopped) return
      for (const each of ids) {
        const state = this.stateOf(each)
        const json = JSON.stringify(state)
        if (this.told.get(each) === json) continue
        this.told.set(each, json)
        this.tell(each, state)
      }
    })
  }

  /** Nothing is told after this: the hub is closing. */
  stop(): void {
    this.stopped = true
  }
}
