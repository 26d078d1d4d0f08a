// The shading decision of one blind, as a pure state machine: given where the sun stands, how
// bright it is (when PV tells), the time and the blind's shading state, it says whether to
// move the blind into its shade position, back out of it, or leave it. No I/O; time is given.
import type { SunPosition } from '../engine/sun'
import { sunInFront, type Facade } from './sun-position'

/** Neither enters nor leaves within this long of the last shading move. */
export const DWELL_MS = 10 * 60_000
/** Enter when the sun is this far inside the field of view, leave when this far outside. */
const GEOMETRY_HYSTERESIS_DEG = 2
/** Enter at >= minBrightness, leave below minBrightness minus this many points. */
const BRIGHTNESS_HYSTERESIS = 15

export type MoveReason = 'SUN_IN_FRONT' | 'BRIGHT' | 'ENDED'

export interface ShadingRule {
  facade: Facade
  /** Percent of the clear-sky PV estimate the 5-minute mean must reach (when PV tells). */
  minBrightness: number
}

export interface Conditions {
  sun: SunPosition
  /** Percent of the clear-sky estimate; null without PV or while it tells nothing. */
  brightness: number | null
}

export interface MachineState {
  /** The blind is in its shade position because of shading. */
  active: boolean
  /** When shading last moved the blind (epoch ms), for the dwell. */
  lastMoveAt: number | null
  /** A person's command paused shading until then (epoch ms). */
  pausedUntil: number | null
  /** Since when the sky has been dim (below the leaving threshold) without a break. */
  dimSince: number | null
  /** The sun stood in front at the last step: an entry then is brightness's doing. */
  sunWasInFront: boolean
}

export type Decision =
  | { action: 'ENTER'; reason: 'SUN_IN_FRONT' | 'BRIGHT' }
  | { action: 'LEAVE'; reason: 'ENDED' }
  | { action: 'STAY' }

export const IDLE_STATE: MachineState = {
  active: false,
  lastMoveAt: null,
  pausedUntil: null,
  dimSince: null,
  sunWasInFront: false,
}

/**
 * One step. A dim sky returns the blind only once it has stayed dim for the dwell: a cloud
 * passing in less time than that never moves it (the 5-minute mean alone would follow a
 * deep 6-minute dip). The returned state assumes the decided move is made.
 */
export function step(
  rule: ShadingRule,
  state: MachineState,
  conditions: Conditions,
  now: number,
): { state: MachineState; decision: Decision } {
  const { sun, brightness } = conditions
  const pausedUntil =
    state.pausedUntil !== null && state.pausedUntil > now ? state.pausedUntil : null
  const sunIn = sunInFront(rule.facade, sun, GEOMETRY_HYSTERESIS_DEG)
  const sunStillIn = sunInFront(rule.facade, sun, -GEOMETRY_HYSTERESIS_DEG)
  const bright = brightness === null || brightness >= rule.minBrightness
  const dim = brightness !== null && brightness < rule.minBrightness - BRIGHTNESS_HYSTERESIS
  const next: MachineState = {
    ...state,
    pausedUntil,
    dimSince: dim ? (state.dimSince ?? now) : null,
    sunWasInFront: sunIn,
  }
  const stay = { state: next, decision: { action: 'STAY' } as const }
  if (pausedUntil !== null) return stay
  if (state.lastMoveAt !== null && now - state.lastMoveAt < DWELL_MS) return stay

  if (!state.active) {
    if (!(sunIn && bright)) return stay
    const reason = state.sunWasInFront && brightness !== null ? 'BRIGHT' : 'SUN_IN_FRONT'
    return {
      state: { ...next, active: true, lastMoveAt: now },
      decision: { action: 'ENTER', reason },
    }
  }
  const dimLongEnough = next.dimSince !== null && now - next.dimSince >= DWELL_MS
  if (sunStillIn && !dimLongEnough) return stay
  return {
    state: { ...next, active: false, lastMoveAt: now },
    decision: { action: 'LEAVE', reason: 'ENDED' },
  }
}
