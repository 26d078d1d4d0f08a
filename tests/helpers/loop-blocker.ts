// A CPU-bound task that blocks this process's event loop at random moments, as a long commit,
// a collection of garbage or a busy Pi does: the cause behind answers read late on the bus.
// Seeded, so a failing run can be replayed.
import { seededRandom } from '../../firmware-protocol/seeded-random'

export interface LoopBlocker {
  /** How often and how long it blocked so far. */
  readonly blocks: number
  readonly blockedMs: number
  stop(): void
}

/** Every `everyMs` on average (0 to twice that), a busy-wait of `minMs` to `maxMs`. */
export function blockLoopAtRandom(
  seed: number,
  { everyMs = 150, minMs = 5, maxMs = 250 } = {},
): LoopBlocker {
  const random = seededRandom(seed)
  let timer: NodeJS.Timeout | undefined
  const state = { blocks: 0, blockedMs: 0, stopped: false }
  const schedule = () => {
    timer = setTimeout(
      () => {
        const ms = minMs + random.next() * (maxMs - minMs)
        const until = performance.now() + ms
        while (performance.now() < until) {
          // Busy: nothing else in this process runs meanwhile.
        }
        state.blocks++
        state.blockedMs += ms
        if (!state.stopped) schedule()
      },
      random.next() * 2 * everyMs,
    )
  }
  schedule()
  return {
    get blocks() {
      return state.blocks
    },
    get blockedMs() {
      return state.blockedMs
    },
    stop() {
      state.stopped = true
      clearTimeout(timer)
    },
  }
}
