// What the engine reads of automations: each one's trigger and last scheduled start for the
// scheduler, and the scenes with their relays for the runner.
import { and, asc, inArray, max } from 'drizzle-orm'
import type { SceneType, Trigger } from '../validation/automation'
import { blindsOfScenes, targetsOfScenes, triggerOf } from './automation-rows'
import type { Db } from './open'
import { automationRuns, automations, scenes } from './schema'

type BlindAddresses = { id: string; blindAddressUp: string; blindAddressDown: string }

export interface PlannedScene {
  index: number
  type: SceneType
  durationMs: number
  /** BLIND_CONTROL: the relays to pulse. */
  targets: { side: 'UP' | 'DOWN'; blind: BlindAddresses }[]
  /** POSITION: the blinds to move, and where to. */
  blinds: BlindAddresses[]
  position: number | null
  tilt: number | null
}

export interface ScheduledTrigger {
  id: string
  trigger: Trigger
  updatedAt: number
  lastScheduledAt: number | null
}

/**
 * The triggers the scheduler needs: every automation's (or those given), when it last
 * changed, and when it last started (or was recorded missed) on a schedule.
 */
export function scheduledTriggers(db: Db, ids?: string[]): ScheduledTrigger[] {
  const rows = db
    .select()
    .from(automations)
    .where(ids ? inArray(automations.id, ids) : undefined)
    .all()
  if (rows.length === 0) return []
  const last = db
    .select({ automationId: automationRuns.automationId, at: max(automationRuns.startedAt) })
    .from(automationRuns)
    .where(
      and(
        inArray(
          automationRuns.automationId,
          rows.map((r) => r.id),
        ),
        inArray(automationRuns.source, ['cron', 'sun']),
      ),
    )
    .groupBy(automationRuns.automationId)
    .all()
  const lastOf = new Map(last.map((l) => [l.automationId, l.at]))
  return rows.map((r) => ({
    id: r.id,
    trigger: triggerOf(r),
    updatedAt: r.updatedAt,
    lastScheduledAt: lastOf.get(r.id) ?? null,
  }))
}

/**
 * What runs need, for automations starting together: each one's scenes in order, each relay
 * with its blind's both addresses. Two queries, however many automations.
 */
export function scenePlans(db: Db, automationIds: string[]): Map<string, PlannedScene[]> {
  const plans = new Map<string, PlannedScene[]>(automationIds.map((id) => [id, []]))
  if (automationIds.length === 0) return plans
  const sceneRows = db
    .select()
    .from(scenes)
    .where(inArray(scenes.automationId, automationIds))
    .orderBy(asc(scenes.automationId), asc(scenes.index))
    .all()
  const targets = new Map<string, ReturnType<typeof targetsOfScenes>>()
  for (const t of targetsOfScenes(
    db,
    sceneRows.map((r) => r.id),
  )) {
    targets.set(t.sceneId, [...(targets.get(t.sceneId) ?? []), t])
  }
  const moved = new Map<string, BlindAddresses[]>()
  for (const b of blindsOfScenes(
    db,
    sceneRows.map((r) => r.id),
  )) {
    const blind = { id: b.blindId, blindAddressUp: b.up, blindAddressDown: b.down }
    moved.set(b.sceneId, [...(moved.get(b.sceneId) ?? []), blind])
  }
  for (const r of sceneRows) {
    plans.get(r.automationId)?.push({
      index: r.index,
      type: r.type,
      durationMs: r.durationMs,
      targets: (targets.get(r.id) ?? []).map((t) => ({
        side: t.side,
        blind: { id: t.blindId, blindAddressUp: t.up, blindAddressDown: t.down },
      })),
      blinds: moved.get(r.id) ?? [],
      position: r.targetPosition,
      tilt: r.targetTilt,
    })
  }
  return plans
}
