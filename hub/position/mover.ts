// Takes blinds to positions through the relay driver, so the interlock, the dead time and the
// pulse cap hold whoever asks. A move is planned from the tracker's estimate, one relay run at
// a time: after each run the blind is planned again from where it really got to, so an unknown
// blind first finds an end stop, then its target, then its tilt. Each run's length is worked
// out at the last moment, right before its frame, from the estimate then (after a reversal's
// dead time, or while the motor still turns the same way).
import { Superseded, type BlindRelays, type RelayDriver, type Side } from '../bus/relays'
import type { PositionTracker } from './tracker'
import { fullRun, planMoves, type Target } from './travel'

/** An unknown blind takes three runs (end stop, position, tilt); more means something is off. */
const MAX_RUNS = 4

export type MoveOutcome = 'arrived' | 'superseded' | 'cancelled'

export interface BlindMove {
  /** Resolves once the first run is on the wire (or nothing needed doing); rejects on a bus error. */
  started: Promise<void>
  /** Resolves when the blind arrived, or a newer command or a cancel took over. */
  done: Promise<MoveOutcome>
  /** Stops the blind, unless a newer command already took it over. */
  cancel(): Promise<void>
}

/** The next run of a move: its side (null: nothing left), and its length right before its frame. */
interface RunPlan {
  side(): Side | null
  relayMs(side: Side): number | null
}

export interface MoverDeps {
  driver: RelayDriver
  tracker: PositionTracker
}

export class BlindMover {
  constructor(private readonly deps: MoverDeps) {}

  /** Takes a blind to a position and/or tilt. */
  moveTo(blind: BlindRelays, target: Target): BlindMove {
    const { tracker } = this.deps
    const nextRun = () => {
      const times = tracker.times(blind.id)
      if (!times) return undefined
      const estimate = tracker.estimate(blind.id)
      return planMoves(times, estimate, target, tracker.turning(blind.id))[0]
    }
    return this.follow(blind, target, {
      side: () => nextRun()?.side ?? null,
      relayMs: (side) => {
        const run = nextRun()
        return run && run.side === side ? run.relayMs : null
      },
    })
  }

  /** UP or DOWN: a full run to that end stop, wherever the blind is believed to be. */
  run(blind: BlindRelays, side: Side): BlindMove {
    const { tracker } = this.deps
    let ran = false
    return this.follow(
      blind,
      { position: side === 'UP' ? 100 : 0 },
      {
        side: () => (ran || !tracker.times(blind.id) ? null : side),
        relayMs: () => {
          const times = tracker.times(blind.id)
          if (!times) return null
          ran = true
          const turning = tracker.turning(blind.id)
          return fullRun(times, side, turning?.side === side ? turning.delayLeftMs : undefined)
            .relayMs
        },
      },
    )
  }

  /** Runs the blind, one planned relay run after the other, until the plan has nothing left. */
  private follow(blind: BlindRelays, target: Target, plan: RunPlan): BlindMove {
    const { driver, tracker } = this.deps
    let command = -1
    let cancelled = false
    let markStarted: () => void = () => undefined
    let failStart: (err: unknown) => void = () => undefined
    const started = new Promise<void>((resolve, reject) => {
      markStarted = resolve
      failStart = reject
    })
    started.catch(() => undefined)
    tracker.setTarget(blind.id, target)

    const done = (async (): Promise<MoveOutcome> => {
      try {
        for (let runs = 0; runs < MAX_RUNS && !cancelled; runs++) {
          const side = plan.side()
          if (!side) break
          const aim = target.position ?? null
          command = await driver.run(blind, side, () => plan.relayMs(side), aim)
          markStarted()
          if (!(await driver.ended(blind.id, command)))
            return cancelled ? 'cancelled' : 'superseded'
        }
        // Arrived; a motor still turning from an older command stops here.
        if (!cancelled && tracker.runningSide(blind.id) && command === -1) {
          await driver.stop([blind])
        }
        markStarted()
        return cancelled ? 'cancelled' : 'arrived'
      } catch (err) {
        failStart(err)
        if (err instanceof Superseded) return 'superseded'
        throw err
      } finally {
        tracker.clearTarget(blind.id, target)
      }
    })()
    done.catch(() => undefined)

    return {
      started,
      done,
      cancel: async () => {
        cancelled = true
        if (command >= 0) await driver.stopIfCurrent([{ blind, command }])
      },
    }
  }
}
