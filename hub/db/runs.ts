// The history of automation runs: each run's source, status, current step and error. Reads
// (automationRuns, lastRun) live with the automations; this module writes.
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { AutomationRun } from './automation-types'
import type { Db } from './open'
import { automationRuns } from './schema'

/** What started a run: a person in the UI or API, a schedule, the sun, or an MQTT client. */
export type RunSource = 'manual' | 'cron' | 'sun' | 'mqtt'
/** The sources a run started on request has: the UI and API, or MQTT (Home Assistant). */
export type RequestSource = Extract<RunSource, 'manual' | 'mqtt'>
export type FinalStatus = 'SUCCEEDED' | 'FAILED' | 'CANCELLED'

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/** A stored run as the API shows it: times as ISO-8601 strings. */
export function toRun(r: typeof automationRuns.$inferSelect): AutomationRun {
  return { ...r, startedAt: iso(r.startedAt) as string, finishedAt: iso(r.finishedAt) }
}

export class RunRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /**
   * Runs that start at the same moment, on record in one transaction: with synchronous=FULL
   * each commit waits ~2 ms for the disk, so thirteen starts due at one second would make the
   * last one ~25 ms late if each had its own.
   */
  startTogether(starts: readonly { automationId: string; source: RunSource }[]): AutomationRun[] {
    if (starts.length === 0) return []
    const startedAt = this.now()
    const rows = starts.map(({ automationId, source }) => ({
      id: randomUUID(),
      automationId,
      status: 'RUNNING' as const,
      source,
      startedAt,
      finishedAt: null,
      sceneIndex: null,
      error: null,
    }))
    this.db.transaction(
      (tx) => {
        for (const row of rows) tx.insert(automationRuns).values(row).run()
      },
      { behavior: 'immediate' },
    )
    return rows.map(toRun)
  }

  step(runId: string, sceneIndex: number): void {
    this.db
      .update(automationRuns)
      .set({ sceneIndex })
      .where(and(eq(automationRuns.id, runId), eq(automationRuns.status, 'RUNNING')))
      .run()
  }

  /** Ends a run that is still running; a run that already ended keeps its end. */
  finish(runId: string, status: FinalStatus, error: string | null = null): AutomationRun | null {
    this.db
      .update(automationRuns)
      .set({ status, error, finishedAt: this.now() })
      .where(and(eq(automationRuns.id, runId), eq(automationRuns.status, 'RUNNING')))
      .run()
    return this.get(runId)
  }

  /** A scheduled start that never happened, recorded so that it is not silently lost. */
  missed(automationId: string, source: RunSource, dueAt: number, why: string): AutomationRun {
    const row = {
      id: randomUUID(),
      automationId,
      status: 'FAILED' as const,
      source,
      startedAt: dueAt,
      finishedAt: this.now(),
      sceneIndex: null,
      error: `missed: ${why}`,
    }
    this.db.insert(automationRuns).values(row).run()
    return toRun(row)
  }

  /** Runs the previous process left RUNNING were cut by its end: they failed. */
  failInterrupted(): number {
    return this.db
      .update(automationRuns)
      .set({ status: 'FAILED', error: 'the hub stopped during this run', finishedAt: this.now() })
      .where(eq(automationRuns.status, 'RUNNING'))
      .run().changes
  }

  get(runId: string): AutomationRun | null {
    const row = this.db.select().from(automationRuns).where(eq(automationRuns.id, runId)).get()
    return row ? toRun(row) : null
  }
}
