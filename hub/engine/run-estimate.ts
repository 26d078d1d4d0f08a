// How long the rest of a run takes, worked out where the blinds' positions are known: DELAY
// and BLIND_CONTROL steps last their duration; a POSITION step lasts until its slowest blind
// has made the relay runs the mover will plan for it (hub/position/travel's planMoves: start
// delay, slats, travel from where it stands, the run-on at an end stop, the dead time before a
// reversal). Later steps start from where earlier ones leave each blind. Pure.
import type { Side } from '../bus/relays'
import {
  advance,
  motorMsOf,
  planMoves,
  type Pose,
  type Target,
  type TravelTimes,
  type Turning,
} from '../position/travel'

/** A blind as the tracker knows it now. */
export interface BlindNow {
  times: TravelTimes
  /** Where it is now; null while not known. */
  pose: Pose | null
  /** The way its motor turns now, if it does. */
  turning: Turning | null
}

/** A step of a run, as the runner plans it. */
export interface EstimatedStep {
  type: 'BLIND_CONTROL' | 'DELAY' | 'POSITION'
  durationMs: number
  /** BLIND_CONTROL: which side of which blind is pulsed. */
  targets: { blind: { id: string }; side: Side }[]
  /** POSITION: the blinds to move, and where to. */
  blinds: { id: string }[]
  position: number | null
  tilt: number | null
}

/** Milliseconds the steps take one after the other, from now. */
export function remainingMs(
  steps: readonly EstimatedStep[],
  blindNow: (blindId: string) => BlindNow | undefined,
  deadTimeMs: number,
): number {
  // Where each blind stands as the steps go by: at first where it is now.
  const expected = new Map<string, BlindNow>()
  const blind = (id: string) => {
    const known = expected.get(id) ?? blindNow(id)
    if (known) expected.set(id, known)
    return known
  }
  let total = 0
  for (const step of steps) {
    if (step.type === 'DELAY') {
      total += step.durationMs
    } else if (step.type === 'BLIND_CONTROL') {
      for (const { blind: b, side } of step.targets) {
        const now = blind(b.id)
        if (!now) continue
        const motorMs = motorMsOf(step.durationMs, now.times.motorStartDelayMs)
        expected.set(b.id, {
          ...now,
          pose: advance(now.times, now.pose, side, motorMs),
          turning: null,
        })
      }
      total += step.durationMs
    } else {
      const target: Target = { position: step.position, tilt: step.tilt }
      let slowest = 0
      for (const b of step.blinds) {
        const now = blind(b.id)
        if (!now) continue
        const { ms, pose } = positionMove(now, target, deadTimeMs)
        slowest = Math.max(slowest, ms)
        expected.set(b.id, { ...now, pose, turning: null })
      }
      total += slowest
    }
  }
  return total
}

/** How long the mover takes one blind to a target, and where it leaves it. */
function positionMove(
  now: BlindNow,
  target: Target,
  deadTimeMs: number,
): { ms: number; pose: Pose | null } {
  const moves = planMoves(now.times, now.pose, target, now.turning)
  let ms = 0
  let side: Side | null = now.turning?.side ?? null
  for (const move of moves) {
    // A reversal waits out the dead time after the other side went off.
    if (side !== null && side !== move.side) ms += deadTimeMs
    ms += move.relayMs
    side = move.side
  }
  return { ms, pose: moves.length > 0 ? moves[moves.length - 1]!.to : now.pose }
}
