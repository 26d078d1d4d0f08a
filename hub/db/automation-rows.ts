// Automation rows to the API's objects: scenes in order with their relays' current
// addresses, and the asking user's favourite flag, in three queries however many rows.
import { asc, eq, inArray } from 'drizzle-orm'
import type { Automation, Scene } from './automation-types'
import type { Trigger } from '../validation/automation'
import { fullRun, type TravelTimes } from '../position/travel'
import type { Db } from './open'
import type { automations } from './schema'
import { automationFavorites, blinds, sceneBlinds, sceneTargets, scenes } from './schema'

export type AutomationRow = typeof automations.$inferSelect

/** An automation row's trigger columns, as the Trigger the API and the scheduler use. */
export function triggerOf(r: AutomationRow): Trigger {
  return {
    type: r.triggerType,
    cron: r.cron,
    sunEvent: r.sunEvent,
    offsetMinutes: r.offsetMinutes,
    enabled: r.enabled,
  }
}

/**
 * The relays of the given scenes, in each scene's order: the blind and side, with the blind's
 * current addresses.
 */
export function targetsOfScenes(db: Db, sceneIds: string[]) {
  if (sceneIds.length === 0) return []
  return db
    .select({
      sceneId: sceneTargets.sceneId,
      side: sceneTargets.side,
      blindId: blinds.id,
      up: blinds.addressUp,
      down: blinds.addressDown,
    })
    .from(sceneTargets)
    .innerJoin(blinds, eq(blinds.id, sceneTargets.blindId))
    .where(inArray(sceneTargets.sceneId, sceneIds))
    .orderBy(asc(sceneTargets.sceneId), asc(sceneTargets.position))
    .all()
}

/**
 * The blinds of the given POSITION scenes, in each scene's order, with their addresses and
 * the motor times a step's length is estimated from.
 */
export function blindsOfScenes(db: Db, sceneIds: string[]) {
  if (sceneIds.length === 0) return []
  return db
    .select({
      sceneId: sceneBlinds.sceneId,
      blindId: blinds.id,
      up: blinds.addressUp,
      down: blinds.addressDown,
      travelTimeUpMs: blinds.travelTimeUpMs,
      travelTimeDownMs: blinds.travelTimeDownMs,
      motorStartDelayMs: blinds.motorStartDelayMs,
      tiltTimeMs: blinds.tiltTimeMs,
    })
    .from(sceneBlinds)
    .innerJoin(blinds, eq(blinds.id, sceneBlinds.blindId))
    .where(inArray(sceneBlinds.sceneId, sceneIds))
    .orderBy(asc(sceneBlinds.sceneId), asc(sceneBlinds.idx))
    .all()
}

/** Rows to API objects with four queries, however many automations. */
export function assembleAutomations(db: Db, userId: string, rows: AutomationRow[]): Automation[] {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const sceneRows = db
    .select()
    .from(scenes)
    .where(inArray(scenes.automationId, ids))
    .orderBy(asc(scenes.automationId), asc(scenes.index))
    .all()
  const sceneIds = sceneRows.map((s) => s.id)
  const targetRows = targetsOfScenes(db, sceneIds)
  const positionBlinds = new Map<string, ReturnType<typeof blindsOfScenes>>()
  for (const b of blindsOfScenes(db, sceneIds)) {
    positionBlinds.set(b.sceneId, [...(positionBlinds.get(b.sceneId) ?? []), b])
  }
  const favorites = new Set(
    db
      .select({ id: automationFavorites.automationId })
      .from(automationFavorites)
      .where(eq(automationFavorites.userId, userId))
      .all()
      .map((r) => r.id),
  )
  const addressesOf = new Map<string, string[]>()
  for (const t of targetRows) {
    const list = addressesOf.get(t.sceneId) ?? []
    list.push(t.side === 'UP' ? t.up : t.down)
    addressesOf.set(t.sceneId, list)
  }
  const scenesOf = new Map<string, Scene[]>()
  for (const s of sceneRows) {
    const list = scenesOf.get(s.automationId) ?? []
    const moved = positionBlinds.get(s.id) ?? []
    list.push({
      id: s.id,
      name: s.name,
      type: s.type,
      index: s.index,
      duration: s.type === 'POSITION' ? longestFullRunMs(moved) : s.durationMs,
      blindAddresses: addressesOf.get(s.id) ?? [],
      blindIds: moved.map((b) => b.blindId),
      position: s.targetPosition,
      tilt: s.targetTilt,
    })
    scenesOf.set(s.automationId, list)
  }
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    isFavorite: favorites.has(r.id),
    trigger: triggerOf(r),
    scene: scenesOf.get(r.id) ?? [],
  }))
}

/** A POSITION step's length, estimated: the longest full run among its blinds. */
function longestFullRunMs(moved: TravelTimes[]): number {
  return Math.max(
    0,
    ...moved.map((b) => Math.max(fullRun(b, 'UP').relayMs, fullRun(b, 'DOWN').relayMs)),
  )
}
