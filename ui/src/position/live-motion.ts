// Where a moving blind is between two `blind:motion` pushes, so its picture moves smoothly with
// no polling. The hub sends the estimate at each change (a relay on or off, a new target, the
// dead time before reversing); from the last one the browser runs the hub's own travel model
// (hub/position/travel.ts): the start delay, then the slats, then the travel at that side's
// speed, never past the target or the end of the relay's run.
//
// Times are the browser's clock: an anchor is taken when a push arrives, and the run's end is
// carried over as a span (`endsAt - at`, both the hub's clock), so a hub whose clock is off (a
// Pi without a time server) still animates right.
import type { BlindMotionEvent, Motion } from '../../../hub/realtime/events'
import { advance, travelMs, type Pose, type TravelTimes } from '../../../hub/position/travel'
import type { Blind } from '../api/types'

export interface MotionAnchor {
  motion: Motion
  /** Waiting out the dead time before the blind reverses. */
  reversing: boolean
  /** Where the blind stood at `since`, 0-100; null while not known. */
  position: number | null
  tilt: number | null
  target: number | null
  /** The browser's clock (ms) when the blind stood at `position`. */
  since: number
  /** The browser's clock (ms) when the relay's run ends as planned, or null. */
  endsAt: number | null
  /** The motor's start delay still to pass after `since` (ms). */
  delayMs: number
}

export type BlindTimes = Pick<
  Blind,
  'travelTimeUpMs' | 'travelTimeDownMs' | 'motorStartDelayMs' | 'tiltTimeMs'
>

/**
 * The anchor a push sets, received at `receivedAt`. The motor turns once what the hub says is
 * left of its start delay has passed.
 */
export function anchorFromEvent(event: BlindMotionEvent, receivedAt: number): MotionAnchor {
  const span = event.endsAt === null ? null : Date.parse(event.endsAt) - Date.parse(event.at)
  return {
    motion: event.motion,
    reversing: event.reversing,
    position: event.position,
    tilt: event.tilt,
    target: event.target,
    since: receivedAt,
    endsAt: span === null || Number.isNaN(span) ? null : receivedAt + span,
    delayMs: event.motion === 'IDLE' ? 0 : event.delayLeftMs,
  }
}

/** The blind as a query answered it: standing where it says, from now on. */
export function anchorFromBlind(blind: Blind, now: number): MotionAnchor {
  const endsAt = blind.endsAt === null ? null : Date.parse(blind.endsAt)
  return {
    motion: blind.motion,
    reversing: false,
    position: blind.position,
    tilt: blind.tilt,
    target: blind.target,
    since: now,
    endsAt: endsAt === null || Number.isNaN(endsAt) ? null : endsAt,
    delayMs: 0,
  }
}

const sideOf = (motion: Motion) => (motion === 'MOVING_UP' ? 'UP' : 'DOWN')
const motorTimes = (times: BlindTimes): TravelTimes => times

export interface LivePose {
  /** 0-100, not rounded, so the picture glides; null while not known. */
  position: number | null
  tilt: number | null
}

/** Where the blind is at `now` by the travel model. */
export function poseAt(anchor: MotionAnchor, times: BlindTimes, now: number): LivePose {
  const { motion, position, tilt, target } = anchor
  if (motion === 'IDLE') return { position, tilt }
  const side = sideOf(motion)
  const end = anchor.endsAt === null ? now : Math.min(now, anchor.endsAt)
  const motorMs = Math.max(0, end - anchor.since - anchor.delayMs)
  const from: Pose | null = position === null ? null : { position, tilt: tilt ?? 0 }
  const pose = advance(motorTimes(times), from, side, motorMs)
  if (!pose) return { position: null, tilt }
  let live = pose.position
  // The hub stops the relay at the target; the picture stops there too.
  if (target !== null && position !== null) {
    live = side === 'UP' && position <= target ? Math.min(live, target) : live
    live = side === 'DOWN' && position >= target ? Math.max(live, target) : live
  }
  return { position: live, tilt: times.tiltTimeMs > 0 ? pose.tilt : tilt }
}

/**
 * How long until the blind arrives, or null when it is not moving. With a known position:
 * the motor time to its target (or the end it runs to), the start delay and the slats'
 * turn included, and never beyond the relay's run; otherwise the relay's run.
 */
export function msLeft(anchor: MotionAnchor, times: BlindTimes, now: number): number | null {
  if (anchor.motion === 'IDLE') return null
  const relayLeft = anchor.endsAt === null ? null : Math.max(0, anchor.endsAt - now)
  if (anchor.position === null) return relayLeft
  const side = sideOf(anchor.motion)
  const goal = anchor.target ?? (side === 'UP' ? 100 : 0)
  const slats =
    times.tiltTimeMs > 0 && anchor.tilt !== null
      ? ((side === 'UP' ? 100 - anchor.tilt : anchor.tilt) / 100) * times.tiltTimeMs
      : 0
  const travel = (Math.abs(goal - anchor.position) / 100) * travelMs(motorTimes(times), side)
  const arrival = Math.max(0, anchor.since + anchor.delayMs + slats + travel - now)
  return relayLeft === null ? arrival : Math.min(relayLeft, arrival)
}
