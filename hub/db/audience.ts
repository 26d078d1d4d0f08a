// Who may see which changed entities: the audience of a `data:changed` event. Admins see
// everything; a regular user sees the blinds assigned to them, the automations whose every
// relay belongs to those blinds, and their own user record.
import { eq, inArray } from 'drizzle-orm'
import type { Audience } from '../events'
import type { Db } from './open'
import { sceneBlindUses, scenes, userBlinds, users } from './schema'

function adminIds(db: Db): string[] {
  return db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isAdmin, true))
    .all()
    .map((r) => r.id)
}

function add(audience: Audience, userId: string, id: string): void {
  const ids = audience.get(userId)
  if (ids) {
    if (!ids.includes(id)) ids.push(id)
  } else audience.set(userId, [id])
}

function withAdmins(db: Db, ids: string[]): Audience {
  return new Map(adminIds(db).map((admin) => [admin, [...ids]]))
}

export function userAudience(db: Db, userIds: string[]): Audience {
  const audience = withAdmins(db, userIds)
  for (const id of userIds) add(audience, id, id)
  return audience
}

export function blindAudience(db: Db, blindIds: string[]): Audience {
  const audience = withAdmins(db, blindIds)
  if (blindIds.length === 0) return audience
  const rows = db.select().from(userBlinds).where(inArray(userBlinds.blindId, blindIds)).all()
  for (const r of rows) add(audience, r.userId, r.blindId)
  return audience
}

/** The blinds each automation drives. */
export function blindsOfAutomations(db: Db, automationIds: string[]): Map<string, Set<string>> {
  const byAutomation = new Map(automationIds.map((id) => [id, new Set<string>()]))
  if (automationIds.length === 0) return byAutomation
  const rows = db
    .select({ automationId: scenes.automationId, blindId: sceneBlindUses.blindId })
    .from(sceneBlindUses)
    .innerJoin(scenes, eq(scenes.id, sceneBlindUses.sceneId))
    .where(inArray(scenes.automationId, automationIds))
    .all()
  for (const r of rows) byAutomation.get(r.automationId)?.add(r.blindId)
  return byAutomation
}

/** Each regular user's assigned blinds. */
export function assignedBlindsByUser(db: Db): Map<string, Set<string>> {
  const rows = db
    .select({ userId: userBlinds.userId, blindId: userBlinds.blindId })
    .from(userBlinds)
    .innerJoin(users, eq(users.id, userBlinds.userId))
    .where(eq(users.isAdmin, false))
    .all()
  const byUser = new Map<string, Set<string>>()
  for (const r of rows) {
    const set = byUser.get(r.userId) ?? new Set<string>()
    set.add(r.blindId)
    byUser.set(r.userId, set)
  }
  return byUser
}

export function automationAudience(db: Db, automationIds: string[]): Audience {
  const audience = withAdmins(db, automationIds)
  const blindsOf = blindsOfAutomations(db, automationIds)
  const regulars = db.select({ id: users.id }).from(users).where(eq(users.isAdmin, false)).all()
  const assigned = assignedBlindsByUser(db)
  for (const { id: userId } of regulars) {
    const mine = assigned.get(userId) ?? new Set<string>()
    for (const [automationId, needed] of blindsOf) {
      if ([...needed].every((b) => mine.has(b))) add(audience, userId, automationId)
    }
  }
  return audience
}

/** Merges audiences taken before and after a change, so both old and new viewers hear of it. */
export function mergeAudiences(...audiences: Audience[]): Audience {
  const merged: Audience = new Map()
  for (const a of audiences)
    for (const [userId, ids] of a) for (const id of ids) add(merged, userId, id)
  return merged
}
