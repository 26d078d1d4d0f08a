// Automation rows to the API's objects: scenes in order with their relays' current
// addresses, and the asking user's favourite flag, in three queries however many rows.
import { asc, eq, inArray } from 'drizzle-orm'
import type { Automation, Scene } from './automations'
import type { Trigger } from '../validation/automation'
import type { Db } from './open'
import type { automations } from './schema'
import { automationFavorites, blinds, sceneTargets, scenes } from './schema'

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

/** Rows to API objects with three queries, however many automations. */
export function assembleAutomations(db: Db, userId: string, rows: AutomationRow[]): Automation[] {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const sceneRows = db
    .select()
    .from(scenes)
    .where(inArray(scenes.automationId, ids))
    .orderBy(asc(scenes.automationId), asc(scenes.index))
    .all()
  const targetRows = targetsOfScenes(
    db,
    sceneRows.map((s) => s.id),
  )
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
    list.push({
      id: s.id,
      name: s.name,
      type: s.type,
      index: s.index,
      duration: s.durationMs,
      blindAddresses: addressesOf.get(s.id) ?? [],
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
