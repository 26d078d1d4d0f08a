// Automations: name, trigger and ordered scenes, favourites and run history. A regular user
// may see and change only automations whose every relay belongs to a blind assigned to them.
import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm'
import { conflict, forbidden, notFound } from '../errors'
import type { HubEvents } from '../events'
import {
  checkAutomationInput,
  type AutomationInput,
  type AutomationRulesContext,
  type Trigger,
} from '../validation/automation'
import { checkId, checkIds, checkIntegerIn, nameKey } from '../validation/fields'
import { automationAudience, mergeAudiences } from './audience'
import { assembleAutomations } from './automation-rows'
import { toRun } from './runs'
import type { Db } from './open'
import { automationFavorites, automationRuns, automations, scenes } from './schema'
import { insertScenes, resolveScenes } from './scene-rows'
import { visibleAutomationIds, type Viewer } from './visibility'
import type { Automation, AutomationRun } from './automation-types'

export type { Automation, AutomationRun, Scene } from './automation-types'

export const RUNS_LIMIT_MAX = 500
export const RUNS_LIMIT_DEFAULT = 50

export class AutomationRepository {
  constructor(
    private readonly db: Db,
    private readonly events: HubEvents,
    private readonly now: () => number,
    private readonly rules: AutomationRulesContext,
  ) {}

  list(viewer: Viewer): Automation[] {
    const visible = viewer.isAdmin ? undefined : [...visibleAutomationIds(this.db, viewer)]
    const rows = this.db
      .select()
      .from(automations)
      .where(visible ? inArray(automations.id, visible) : undefined)
      .orderBy(asc(automations.nameKey))
      .all()
    return assembleAutomations(this.db, viewer.id, rows)
  }

  get(viewer: Viewer, id: string, field = 'id'): Automation {
    checkId(field, id)
    const row = this.db.select().from(automations).where(eq(automations.id, id)).get()
    if (!row) throw notFound('Automation', id, field)
    if (!viewer.isAdmin && !visibleAutomationIds(this.db, viewer).has(id)) {
      throw forbidden('This automation drives blinds that are not assigned to you')
    }
    return assembleAutomations(this.db, viewer.id, [row])[0] as Automation
  }

  create(viewer: Viewer, input: AutomationInput): Automation {
    const spec = checkAutomationInput(input, this.rules)
    const id = randomUUID()
    this.db.transaction(
      (tx) => {
        const drives = resolveScenes(this.db, viewer, spec.scenes)
        this.checkNameFree(spec.name)
        const t = this.now()
        tx.insert(automations)
          .values({
            id,
            name: spec.name,
            nameKey: nameKey(spec.name),
            ...this.triggerColumns(spec.trigger),
            createdAt: t,
            updatedAt: t,
          })
          .run()
        insertScenes(this.db, id, spec.scenes, drives)
      },
      { behavior: 'immediate' },
    )
    this.announce([id])
    return this.get(viewer, id)
  }

  update(viewer: Viewer, id: string, input: AutomationInput): Automation {
    this.get(viewer, id)
    const spec = checkAutomationInput(input, this.rules)
    const before = automationAudience(this.db, [id])
    this.db.transaction(
      (tx) => {
        this.get(viewer, id)
        const drives = resolveScenes(this.db, viewer, spec.scenes)
        this.checkNameFree(spec.name, id)
        tx.update(automations)
          .set({
            name: spec.name,
            nameKey: nameKey(spec.name),
            ...this.triggerColumns(spec.trigger),
            updatedAt: this.now(),
          })
          .where(eq(automations.id, id))
          .run()
        tx.delete(scenes).where(eq(scenes.automationId, id)).run()
        insertScenes(this.db, id, spec.scenes, drives)
      },
      { behavior: 'immediate' },
    )
    this.events.emit('data:changed', {
      entity: 'automation',
      ids: [id],
      audience: mergeAudiences(before, automationAudience(this.db, [id])),
    })
    return this.get(viewer, id)
  }

  /** Deletes the automations that exist (unknown ids skipped); 403 if one is not the viewer's. */
  delete(viewer: Viewer, ids: string[]): string[] {
    const wanted = checkIds('ids', ids)
    const audience = automationAudience(this.db, wanted)
    let deleted: string[] = []
    this.db.transaction(
      (tx) => {
        const found = tx
          .select({ id: automations.id })
          .from(automations)
          .where(inArray(automations.id, wanted))
          .all()
        if (!viewer.isAdmin) {
          const mine = visibleAutomationIds(this.db, viewer)
          const foreign = found.find((a) => !mine.has(a.id))
          if (foreign)
            throw forbidden(`Automation ${foreign.id} drives blinds that are not assigned to you`)
        }
        deleted = found.map((a) => a.id)
        if (deleted.length > 0) tx.delete(automations).where(inArray(automations.id, deleted)).run()
      },
      { behavior: 'immediate' },
    )
    if (deleted.length > 0)
      this.events.emit('data:changed', { entity: 'automation', ids: deleted, audience })
    return deleted
  }

  setFavorite(viewer: Viewer, id: string, favorite: boolean): boolean {
    this.get(viewer, id)
    if (favorite) {
      this.db
        .insert(automationFavorites)
        .values({ userId: viewer.id, automationId: id })
        .onConflictDoNothing()
        .run()
    } else {
      this.db
        .delete(automationFavorites)
        .where(
          and(eq(automationFavorites.userId, viewer.id), eq(automationFavorites.automationId, id)),
        )
        .run()
    }
    this.events.emit('data:changed', {
      entity: 'automation',
      ids: [id],
      audience: new Map([[viewer.id, [id]]]),
    })
    return true
  }

  /** Newest first: one automation's runs, or the runs of every automation the viewer sees. */
  runs(viewer: Viewer, automationId: string | null | undefined, limit: number): AutomationRun[] {
    checkIntegerIn('limit', limit, 1, RUNS_LIMIT_MAX)
    let ids: string[] | undefined
    if (automationId != null) {
      this.get(viewer, automationId, 'automationId')
      ids = [automationId]
    } else if (!viewer.isAdmin) {
      ids = [...visibleAutomationIds(this.db, viewer)]
    }
    return this.db
      .select()
      .from(automationRuns)
      .where(ids ? inArray(automationRuns.automationId, ids) : undefined)
      .orderBy(desc(automationRuns.startedAt))
      .limit(limit)
      .all()
      .map(toRun)
  }

  lastRun(automationId: string): AutomationRun | null {
    const row = this.db
      .select()
      .from(automationRuns)
      .where(eq(automationRuns.automationId, automationId))
      .orderBy(desc(automationRuns.startedAt))
      .limit(1)
      .get()
    return row ? toRun(row) : null
  }

  private triggerColumns(trigger: Trigger) {
    return {
      triggerType: trigger.type,
      cron: trigger.cron,
      sunEvent: trigger.sunEvent,
      offsetMinutes: trigger.offsetMinutes,
      enabled: trigger.enabled,
    }
  }

  private checkNameFree(name: string, exceptId?: string): void {
    const same = this.db
      .select({ name: automations.name })
      .from(automations)
      .where(
        and(
          eq(automations.nameKey, nameKey(name)),
          exceptId ? ne(automations.id, exceptId) : undefined,
        ),
      )
      .get()
    if (same)
      throw conflict(`name: an automation called ${same.name} already exists`, 'name', {
        reason: 'NAME_TAKEN',
        name: same.name,
      })
  }

  private announce(ids: string[]): void {
    this.events.emit('data:changed', {
      entity: 'automation',
      ids,
      audience: automationAudience(this.db, ids),
    })
  }
}
