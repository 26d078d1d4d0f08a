// What the rest of the hub asks of sun-aware shading (ARCHITECTURE.md section 12): a blind's
// shading state, as `Blind.shading` shows it. The shading module (hub/shading) implements it;
// while it is not running every blind answers NOT_SHADING.
export type ShadingReason = 'SUN_IN_FRONT' | 'BRIGHT' | 'ENDED' | 'PAUSED'

/** Whose command paused a blind's shading: a user's, an automation's, MQTT's, a calibration's. */
export interface PauseOrigin {
  kind: 'USER' | 'AUTOMATION' | 'MQTT' | 'MATTER' | 'CALIBRATION'
  /** The user (USER, CALIBRATION) or the automation (AUTOMATION); null for MQTT and MATTER. */
  id: string | null
}

export interface ShadingState {
  /** The blind is in its shade position because of shading. */
  active: boolean
  /** ISO-8601 UTC while a command shading did not give pauses the blind's shading; else null. */
  pausedUntil: string | null
  /** Whose command paused it, while paused; null otherwise or when not known. */
  pausedBy: PauseOrigin | null
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
  pausedBy: null,
  reason: null,
  since: null,
})
