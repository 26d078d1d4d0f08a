// Scenes on disk: what each scene drives, checked against the blinds that exist and those the
// viewer may control, then written: a BLIND_CONTROL scene's relays as (blind, side), a
// POSITION scene's blinds with its target.
import { randomUUID } from 'node:crypto'
import { badInput, forbidden } from '../errors'
import type { SceneSpec } from '../validation/scene'
import type { Db } from './open'
import { blinds, sceneBlinds, sceneTargets, scenes } from './schema'
import { visibleBlindIds, type Viewer } from './visibility'

export interface SceneDrives {
  relays: { blindId: string; side: 'UP' | 'DOWN' }[]
  blindIds: string[]
}

/**
 * What every scene drives. An unknown address or blind is bad input; one on a blind the
 * viewer may not control is forbidden; both sides of one blind in one scene would run up and
 * down together, and a tilt for a blind without slats cannot be done: both are refused too.
 */
export function resolveScenes(db: Db, viewer: Viewer, specs: SceneSpec[]): SceneDrives[] {
  const all = db.select().from(blinds).all()
  const byId = new Map(all.map((b) => [b.id, b]))
  const bySide = new Map<string, { blindId: string; side: 'UP' | 'DOWN'; name: string }>()
  for (const b of all) {
    bySide.set(b.addressUp, { blindId: b.id, side: 'UP', name: b.name })
    bySide.set(b.addressDown, { blindId: b.id, side: 'DOWN', name: b.name })
  }
  const mine = viewer.isAdmin ? null : visibleBlindIds(db, viewer)
  return specs.map((scene, i) => {
    const blindIds = scene.blindIds.map((id, j) => {
      const field = `scene[${i}].blindIds[${j}]`
      const blind = byId.get(id)
      if (!blind) {
        throw badInput(field, `must be a blind's id; no blind has id ${id}`, 'UNKNOWN_BLIND', {
          value: id,
        })
      }
      if (mine && !mine.has(id))
        throw forbidden(`${field}: blind ${blind.name} is not assigned to you`)
      if (scene.tilt !== null && blind.tiltTimeMs === 0) {
        throw badInput(
          `scene[${i}].tilt`,
          `cannot be set on ${blind.name}, which has no slats (its tilt time is 0)`,
          'NO_SLATS',
          { blindName: blind.name },
        )
      }
      return id
    })
    const inScene = new Set<string>()
    const relays = scene.addresses.map((address, j) => {
      const field = `scene[${i}].blindAddresses[${j}]`
      const target = bySide.get(address)
      if (!target) {
        throw badInput(
          field,
          `must be the up or down address of a blind; no blind uses ${address}`,
          'UNKNOWN_BLIND',
          { value: address },
        )
      }
      if (mine && !mine.has(target.blindId)) {
        throw forbidden(`${field}: blind ${target.name} is not assigned to you`)
      }
      if (inScene.has(target.blindId)) {
        throw badInput(
          field,
          `must not drive both the up and the down relay of blind ${target.name} in one scene`,
          'BOTH_RELAYS',
          { blindName: target.name },
        )
      }
      inScene.add(target.blindId)
      return target
    })
    return { relays, blindIds }
  })
}

/** Writes an automation's scenes in order, with what each drives. */
export function insertScenes(
  db: Db,
  automationId: string,
  specs: SceneSpec[],
  drives: SceneDrives[],
): void {
  specs.forEach((s, index) => {
    const sceneId = randomUUID()
    db.insert(scenes)
      .values({
        id: sceneId,
        automationId,
        index,
        name: s.name,
        type: s.type,
        durationMs: s.durationMs,
        targetPosition: s.position,
        targetTilt: s.tilt,
      })
      .run()
    const { relays = [], blindIds = [] } = drives[index] ?? {}
    if (relays.length > 0) {
      db.insert(sceneTargets)
        .values(
          relays.map((t, position) => ({ sceneId, position, blindId: t.blindId, side: t.side })),
        )
        .run()
    }
    if (blindIds.length > 0) {
      db.insert(sceneBlinds)
        .values(blindIds.map((blindId, idx) => ({ sceneId, idx, blindId })))
        .run()
    }
  })
}
