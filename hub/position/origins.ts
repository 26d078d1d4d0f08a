// Who or what gave the newest command for each blind: a person (which one), an automation
// (which one), MQTT, a calibration run, or shading itself. Every command source notes its
// origin right before it hands the command to the relay driver, so whoever hears of the motion
// that follows (shading, when it pauses itself) can say whose it was. Kept in memory only: a
// motion outlives no restart, and what must outlive one (a pause) is stored with its origin.

export type MotionOriginKind =
  'USER' | 'AUTOMATION' | 'MQTT' | 'MATTER' | 'CALIBRATION' | 'SHADING' | 'WEATHER'

export interface MotionOrigin {
  kind: MotionOriginKind
  /** The user (USER, CALIBRATION) or the automation (AUTOMATION); null for MQTT and SHADING. */
  id: string | null
}

export const byUser = (userId: string): MotionOrigin => ({ kind: 'USER', id: userId })
export const byAutomation = (automationId: string): MotionOrigin => ({
  kind: 'AUTOMATION',
  id: automationId,
})
export const BY_MQTT: MotionOrigin = Object.freeze({ kind: 'MQTT', id: null })
/** A Matter ecosystem (Apple Home, Google Home, Alexa...), hub/matter. */
export const BY_MATTER: MotionOrigin = Object.freeze({ kind: 'MATTER', id: null })
export const BY_SHADING: MotionOrigin = Object.freeze({ kind: 'SHADING', id: null })
/** Weather protection's safety moves (hub/weather). */
export const BY_WEATHER: MotionOrigin = Object.freeze({ kind: 'WEATHER', id: null })

export class MotionOrigins {
  private readonly newest = new Map<string, MotionOrigin>()

  /** The command about to go to these blinds comes from `origin`. */
  note(blindIds: readonly string[], origin: MotionOrigin): void {
    for (const id of blindIds) this.newest.set(id, origin)
  }

  /** Whose the newest command for the blind was; null if none was noted since the start. */
  of(blindId: string): MotionOrigin | null {
    return this.newest.get(blindId) ?? null
  }
}
