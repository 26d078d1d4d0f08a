// What shading knows of one blind: the blind's own fields it reads, and its state in memory
// and as the shading_states row that keeps it over a restart.
import type { Blind } from '../db/blinds'
import type { StoredShading } from '../db/shading'
import type { ShadingSpec } from '../validation/shading'
import { IDLE_STATE, type MachineState } from './decision'
import type { Facade } from './sun-position'
import type { PauseOrigin } from './types'

/** A blind's fields shading reads: its relays, its slats and its shading settings. */
export type ShadingBlind = ShadingSpec &
  Pick<Blind, 'id' | 'blindAddressUp' | 'blindAddressDown' | 'tiltTimeMs'>

/** What shading knows of one blind, in memory and (as StoredShading) on disk. */
export interface BlindShading {
  machine: MachineState
  since: number | null
  reason: StoredShading['reason']
  returnPosition: number | null
  returnTilt: number | null
  /** Whose command paused shading (with machine.pausedUntil); null when not known. */
  pausedBy: PauseOrigin | null
}

export const stored = (s: BlindShading): StoredShading => ({
  active: s.machine.active,
  since: s.since,
  lastMoveAt: s.machine.lastMoveAt,
  reason: s.reason,
  returnPosition: s.returnPosition,
  returnTilt: s.returnTilt,
  pausedUntil: s.machine.pausedUntil,
  pausedByKind: s.pausedBy?.kind ?? null,
  pausedById: s.pausedBy?.id ?? null,
})

export const facadeOf = (b: ShadingBlind): Facade | null =>
  b.shadingEnabled && b.facadeAzimuth !== null && b.shadePosition !== null
    ? {
        azimuth: b.facadeAzimuth,
        fovLeft: b.fovLeft,
        fovRight: b.fovRight,
        minElevation: b.minElevation,
      }
    : null

export const restored = (s: StoredShading): BlindShading => ({
  machine: {
    ...IDLE_STATE,
    active: s.active,
    lastMoveAt: s.lastMoveAt,
    pausedUntil: s.pausedUntil,
  },
  since: s.since,
  reason: s.reason,
  returnPosition: s.returnPosition,
  returnTilt: s.returnTilt,
  pausedBy: s.pausedByKind === null ? null : { kind: s.pausedByKind, id: s.pausedById },
})

export const FRESH: BlindShading = {
  machine: IDLE_STATE,
  since: null,
  reason: null,
  returnPosition: null,
  returnTilt: null,
  pausedBy: null,
}
