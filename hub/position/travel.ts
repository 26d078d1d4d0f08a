// Where a blind goes when one of its relays is on, and the relay runs that take it to a target:
// the travel-time model of ARCHITECTURE.md section 9, as pure functions. Positions are 0-100,
// 100 = open (up), 0 = closed; null = not known. On a venetian blind the first part of any run
// turns the slats fully towards its direction (tilt 100 = slats open, reached going up) before
// the blind travels; a blind without slats has tiltTimeMs 0 and its tilt stays 0.
import type { Side } from '../bus/side'

/** A run to an end stop lasts this much longer than the travel, so the blind surely gets there. */
export const RUN_ON_MS = 2000
/** A position move under this much motor time is not worth a motor start: it is skipped. */
export const MIN_MOVE_MS = 500
/** A motor already turning the right way runs on for any distance longer than this. */
export const MIN_RUN_ON_MS = 20
/** A tilt move under this is skipped: a board times its pulses in 100 ms units. */
export const MIN_TILT_MOVE_MS = 100

export interface TravelTimes {
  travelTimeUpMs: number
  travelTimeDownMs: number
  /** From the relay closing to the motor turning. */
  motorStartDelayMs: number
  /** A full turn of the slats; 0 without slats. */
  tiltTimeMs: number
}

export interface Pose {
  position: number
  tilt: number
}

export interface Target {
  position?: number | null
  tilt?: number | null
}

export interface Move {
  side: Side
  /** How long the relay stays on, the start delay included when the motor starts from rest. */
  relayMs: number
  /** Where the blind stands once the relay is off again. */
  to: Pose
}

const clamp = (value: number) => Math.min(100, Math.max(0, value))

export function travelMs(times: TravelTimes, side: Side): number {
  return side === 'UP' ? times.travelTimeUpMs : times.travelTimeDownMs
}

/** The end stop a side runs to, slats included. */
export function endPose(times: TravelTimes, side: Side): Pose {
  const tilt = times.tiltTimeMs > 0 && side === 'UP' ? 100 : 0
  return { position: side === 'UP' ? 100 : 0, tilt }
}

/**
 * Motor time in a relay's on time: what is left of the start delay passes first (all of it
 * when the motor was at rest, none once it turns).
 */
export function motorMsOf(relayMs: number, delayLeftMs: number): number {
  return Math.max(0, relayMs - delayLeftMs)
}

/** A motor turning one way now, and what is left of its start delay before it really turns. */
export interface Turning {
  side: Side
  delayLeftMs: number
}

/** How long the slats take to turn fully towards a side from a tilt. */
function slatsMs(times: TravelTimes, tilt: number, side: Side): number {
  if (times.tiltTimeMs === 0) return 0
  return ((side === 'UP' ? 100 - tilt : tilt) / 100) * times.tiltTimeMs
}

/**
 * Where the blind stands after its motor turned `motorMs` towards `side`. From an unknown
 * pose it is known again once the run was long enough to reach the end stop from anywhere.
 */
export function advance(
  times: TravelTimes,
  from: Pose | null,
  side: Side,
  motorMs: number,
): Pose | null {
  if (!from) {
    return motorMs >= times.tiltTimeMs + travelMs(times, side) ? endPose(times, side) : null
  }
  const sign = side === 'UP' ? 1 : -1
  const turning = Math.min(motorMs, slatsMs(times, from.tilt, side))
  const tilt =
    times.tiltTimeMs > 0 ? clamp(from.tilt + (sign * turning * 100) / times.tiltTimeMs) : 0
  const position = clamp(from.position + (sign * (motorMs - turning) * 100) / travelMs(times, side))
  return { position, tilt }
}

/**
 * How far apart two poses lie: points of position or of tilt, whichever is more. Two unknown
 * poses are alike; an unknown one is infinitely far from a known one.
 */
export function apart(a: Pose | null, b: Pose | null): number {
  if (!a || !b) return a === b ? 0 : Infinity
  return Math.max(Math.abs(a.position - b.position), Math.abs(a.tilt - b.tilt))
}

/** Halfway between two poses. */
export function middle(a: Pose, b: Pose): Pose {
  return { position: (a.position + b.position) / 2, tilt: (a.tilt + b.tilt) / 2 }
}

/**
 * Motor time from `from` until the blind stands at a side's end stop, slats included: from an
 * unknown pose, the time after which `advance` knows it is there.
 */
export function motorMsToEnd(times: TravelTimes, from: Pose | null, side: Side): number {
  if (!from) return times.tiltTimeMs + travelMs(times, side)
  const distance = side === 'UP' ? 100 - from.position : from.position
  return slatsMs(times, from.tilt, side) + (distance / 100) * travelMs(times, side)
}

/** A run that surely reaches a side's end stop, wherever the blind is. */
export function fullRun(
  times: TravelTimes,
  side: Side,
  delayLeftMs = times.motorStartDelayMs,
): Move {
  const motorMs = times.tiltTimeMs + travelMs(times, side) + RUN_ON_MS
  return {
    side,
    relayMs: motorMs + delayLeftMs,
    to: endPose(times, side),
  }
}

const atEnd = (times: TravelTimes, pose: Pose, side: Side) => {
  const end = endPose(times, side)
  return pose.position === end.position && pose.tilt === end.tilt
}

/**
 * The relay runs that take a blind from `from` to `target`, in order. A target of 0 or 100 is a
 * full run to that end stop (and the position is exact again); a blind whose pose is unknown
 * first runs to the end nearer its target; a position move under MIN_MOVE_MS is skipped, unless
 * the motor already turns that way. A
 * tilt follows the position move: the travel leaves the slats turned its way, and a short run
 * the other way turns them to the tilt asked for. `running` is the way the motor turns now, if
 * it does: a first move that way continues it, with only what is left of its start delay.
 */
export function planMoves(
  times: TravelTimes,
  from: Pose | null,
  target: Target,
  running: Turning | null = null,
): Move[] {
  const moves: Move[] = []
  const rest = (side: Side) => moves.length > 0 || running?.side !== side
  const delay = (side: Side) => (rest(side) ? times.motorStartDelayMs : running!.delayLeftMs)
  let pose = from
  const wantsTilt = target.tilt != null && times.tiltTimeMs > 0
  let position = target.position ?? null
  if (!pose && position === null && wantsTilt) position = 0
  if (position !== null) {
    if (!pose && position > 0 && position < 100) {
      const side: Side = position >= 50 ? 'UP' : 'DOWN'
      const end = fullRun(times, side, delay(side))
      moves.push(end)
      pose = end.to
    }
    if (position === 0 || position === 100) {
      const side: Side = position === 100 ? 'UP' : 'DOWN'
      if (!pose || !atEnd(times, pose, side)) {
        const end = fullRun(times, side, delay(side))
        moves.push(end)
        pose = end.to
      }
    } else if (pose) {
      const side: Side = position > pose.position ? 'UP' : 'DOWN'
      const travel = (Math.abs(position - pose.position) / 100) * travelMs(times, side)
      // The 500 ms rule spares the motor a start; one turning that way anyway just runs on.
      if (travel >= (rest(side) ? MIN_MOVE_MS : MIN_RUN_ON_MS)) {
        const motorMs = slatsMs(times, pose.tilt, side) + travel
        const to = { position, tilt: endPose(times, side).tilt }
        moves.push({ side, relayMs: motorMs + delay(side), to })
        pose = to
      }
    }
  }
  if (wantsTilt && pose) {
    const tilt = target.tilt as number
    const side: Side = tilt > pose.tilt ? 'UP' : 'DOWN'
    const turnMs = (Math.abs(tilt - pose.tilt) / 100) * times.tiltTimeMs
    if (turnMs >= MIN_TILT_MOVE_MS) {
      moves.push({
        side,
        relayMs: turnMs + delay(side),
        to: { position: pose.position, tilt },
      })
    }
  }
  return moves
}
