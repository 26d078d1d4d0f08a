// What one user may see: every blind and automation for admins; for a regular user the blinds
// assigned to them and the automations whose every relay belongs to those blinds.
import { eq } from 'drizzle-orm'
import type { Db } from './open'
import { automations, blinds, userBlinds } from './schema'
import { blindsOfAutomations } from './audience'

export interface Viewer {
  id: string
  isAdmin: boolean
}

export function visibleBlindIds(db: Db, viewer: Viewer): Set<string> {
  if (viewer.isAdmin)
    return new Set(
      db
        .select({ id: blinds.id })
        .from(blinds)
        .all()
        .map((r) => r.id),
    )
  return new Set(
    db
      .select({ id: userBlinds.blindId })
      .from(userBlinds)
      .where(eq(userBlinds.userId, viewer.id))
      .all()
      .map((r) => r.id),
  )
}

export function visibleAutomationIds(db: Db, viewer: Viewer): Set<string> {
  const all = db
    .select({ id: automations.id })
    .from(automations)
    .all()
    .map((r) => r.id)
  if (viewer.isAdmin) return new Set(all)
  const mine = visibleBlindIds(db, viewer)
  const visible = new Set<string>()
  for (const [id, needed] of blindsOfAutomations(db, all)) {
    if ([...needed].every((b) => mine.has(b))) visible.add(id)
  }
  return visible
}
