// Which automations drive a blind: what stands in the way of deleting it, shown before anyone
// asks to. One query for any number of blinds, so a list asking for it costs one query.
import { asc, eq, inArray } from 'drizzle-orm'
import type { Db } from './open'
import { automations, sceneBlindUses, scenes } from './schema'
import { visibleAutomationIds, type Viewer } from './visibility'

/** An automation as a blind names it. */
export interface AutomationRef {
  id: string
  name: string
}

/**
 * For each blind, the automations whose scenes drive it, sorted by name; a regular user hears
 * only of the automations they may see.
 */
export function automationsUsing(
  db: Db,
  viewer: Viewer,
  blindIds: readonly string[],
): Map<string, AutomationRef[]> {
  const used = new Map(blindIds.map((id) => [id, [] as AutomationRef[]]))
  if (blindIds.length === 0) return used
  const rows = db
    .selectDistinct({
      blindId: sceneBlindUses.blindId,
      id: automations.id,
      name: automations.name,
      nameKey: automations.nameKey,
    })
    .from(sceneBlindUses)
    .innerJoin(scenes, eq(scenes.id, sceneBlindUses.sceneId))
    .innerJoin(automations, eq(automations.id, scenes.automationId))
    .where(inArray(sceneBlindUses.blindId, [...used.keys()]))
    .orderBy(asc(automations.nameKey))
    .all()
  const visible = viewer.isAdmin ? null : visibleAutomationIds(db, viewer)
  for (const row of rows) {
    if (visible && !visible.has(row.id)) continue
    used.get(row.blindId)?.push({ id: row.id, name: row.name })
  }
  return used
}
