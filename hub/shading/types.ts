// What the rest of the hub asks of sun-aware shading (ARCHITECTURE.md section 12): a blind's
// shading state, as `Blind.shading` shows it. The shading module (hub/shading) implements it;
// while it is not running every blind answers NOT_SHADING.
export type ShadingReason = 'SUN_IN_FRONT' | 'BRIGHT' | 'ENDED' | 'PAUSED'

export interface ShadingState {
  /** The blind is in its shade position because of shading. */
  active: boolean
  /** ISO-8601 UTC while a person's command pauses the blind's shading; else null. */
  pausedUntil: string | null
  reason: ShadingReason | null
  /** ISO-8601 UTC: when the state last changed; null if it never did. */
  since: string | null
}

export interface ShadingView {
  stateOf(blindId: string): ShadingState
}

export const NOT_SHADING: ShadingState = Object.freeze({
  active: false,
  pausedUntil: null,
  reason: null,
  since: null,
})
