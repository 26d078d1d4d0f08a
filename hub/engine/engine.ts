// The automation engine as one feature module with start() and stop(): run history, the scene
// runner and the trigger scheduler, wired to the database and the hub's events.
import type { Clock } from '../clock/clock'
import type { Config } from '../config'
import { automationAudience } from '../db/audience'
import { scenePlans, scheduledTriggers, type PlannedScene } from '../db/automation-plans'
import type { AutomationRun } from '../db/automations'
import type { Db } from '../db/open'
import { RunRepository } from '../db/runs'
import type { HubEvents } from '../events'
import type { AutomationRunEvent } from '../realtime/events'
import { relaysOf } from '../bus/blind-relays'
import type { RelayDriver } from '../bus/relays'
import { remainingMs } from './run-estimate'
import { AutomationRunner, type ScenePlan } from './runner'
import type { Schedule, SchedulePause } from './schedule'
import { Scheduler, type HolidayPause } from './scheduler'
import type { Location } from './sun'
import type { Positions } from '../position/positions'

export interface EngineDeps {
  db: Db
  events: HubEvents
  driver: RelayDriver
  positions: Pick<Positions, 'moveForRun' | 'origins' | 'travelNow'>
  config: Pick<Config, 'timeZone' | 'deadTimeMs'>
  /** The house's location (hub/location), asked for each SUN trigger; undefined while unknown. */
  location: () => Location | undefined
  now: () => number
  /** The runner's and the scheduler's timers (default the system's). */
  clock?: Clock
  /** False while the clock is known to be wrong: then no schedule fires (hub/clock). */
  clockTrusted: () => boolean
  /** Holiday mode: no CRON or SUN firing while it is on; its random offset shifts each one. */
  holiday?: HolidayPause & { readonly randomOffsetMinutes: number }
  /** The offset's random source, [0, 1); Math.random unless a test passes its own. */
  random?: () => number
  log: {
    child(bindings: object): {
      warn(obj: object, msg: string): void
      info(obj: object, msg: string): void
    }
  }
}

/** A planned scene with each blind as the relay driver takes it. */
const withRelays = (scene: PlannedScene): ScenePlan => ({
  ...scene,
  targets: scene.targets.map((t) => ({ side: t.side, blind: relaysOf(t.blind) })),
  blinds: scene.blinds.map(relaysOf),
})

export class Engine {
  readonly name = 'engine'
  private running = false
  readonly runs: RunRepository
  readonly runner: AutomationRunner
  readonly scheduler: Scheduler
  /** Who may see a run is settled when it starts; its steps need not ask again. */
  private readonly runAudiences = new Map<string, string[]>()
  private readonly unsubscribe: (() => void)[] = []

  constructor(private readonly deps: EngineDeps) {
    const { db, now } = deps
    this.runs = new RunRepository(db, now)
    this.runner = new AutomationRunner({
      driver: deps.driver,
      moveTo: (blind, target, origin) => deps.positions.moveForRun(blind, target, origin),
      noteOrigin: (blindIds, origin) => deps.positions.origins.note(blindIds, origin),
      runs: this.runs,
      plans: (automationIds) =>
        new Map(
          [...scenePlans(db, automationIds)].map(([id, scenes]) => [id, scenes.map(withRelays)]),
        ),
      onEvent: (event) => this.announce(event),
      estimateMs: (steps) =>
        remainingMs(steps, (id) => deps.positions.travelNow(id), deps.config.deadTimeMs),
      log: deps.log.child({ module: 'engine' }),
      ...(deps.clock && { clock: deps.clock }),
    })
    this.scheduler = new Scheduler({
      now,
      ...(deps.clock && { clock: deps.clock }),
      timeZone: deps.config.timeZone,
      location: deps.location,
      triggers: (ids) => scheduledTriggers(db, ids),
      fire: (firings) =>
        this.runner.startTogether(firings).map((r) => (r instanceof Error ? r.message : null)),
      missed: (automationId, source, dueAt, why) => {
        const run = this.runs.missed(automationId, source, dueAt, why)
        this.announce({
          runId: run.id,
          automationId,
          status: run.status,
          sceneIndex: null,
          at: new Date(now()).toISOString(),
          estimatedEndAt: null,
        })
      },
      log: deps.log.child({ module: 'scheduler' }),
      ...(deps.holiday && {
        holiday: deps.holiday,
        randomOffsetMinutes: () => deps.holiday?.randomOffsetMinutes ?? 0,
      }),
      ...(deps.random && { random: deps.random }),
    })
  }

  /** Marks runs cut by the previous process, then schedules every trigger. */
  start(): void {
    this.running = true
    this.runs.failInterrupted()
    this.unsubscribe.push(
      this.deps.events.on('location:changed', () => this.scheduler.relocated()),
      this.deps.events.on('data:changed', ({ entity, ids }) => {
        if (entity !== 'automation') return
        this.scheduler.reschedule(ids)
        // A run ends with its automation: once deleted (its history with it), nobody could
        // cancel it any more, so it stops now, relays and all.
        for (const id of ids) {
          const running = this.runner.runningOf(id)
          if (running && !this.runs.get(running.id)) {
            this.runner.cancel(running.id, 'automation deleted').catch(() => undefined)
          }
        }
      }),
    )
    if (this.deps.clockTrusted()) this.scheduler.start()
  }

  /**
   * The clock became trusted or stopped being so. Schedules stop while it is wrong; once it is
   * right they start again from their last scheduled firing, so what fell due meanwhile runs
   * if it is under 5 minutes late and is recorded as missed if older.
   */
  clockChanged(): void {
    // Before start() (which asks the clock itself) and after stop(), nothing is scheduled: the
    // clock, which starts before the engine and stops after it, may still call.
    if (!this.running) return
    const trusted = this.deps.clockTrusted()
    if (trusted && !this.scheduler.active) this.scheduler.start()
    else if (!trusted && this.scheduler.active) this.scheduler.stop()
  }

  /** No new firings; running runs end FAILED and their relays stop. */
  async stop(): Promise<void> {
    this.running = false
    this.unsubscribe.splice(0).forEach((off) => off())
    this.scheduler.stop()
    await this.runner.stop()
  }

  /**
   * When an automation runs next, and if its schedule is paused, why and when it would run:
   * a CRON or SUN trigger rests while the clock is not trusted (CLOCK) or holiday mode is on
   * (HOLIDAY); MANUAL and disabled triggers have no schedule to pause.
   */
  schedule(automation: { id: string; trigger: { type: string; enabled: boolean } }): Schedule {
    const { id, trigger } = automation
    const scheduled = trigger.type !== 'MANUAL' && trigger.enabled
    const pause: SchedulePause | null = !scheduled
      ? null
      : !this.deps.clockTrusted()
        ? 'CLOCK'
        : this.deps.holiday?.enabled
          ? 'HOLIDAY'
          : null
    return {
      nextRunAt: pause ? null : this.scheduler.nextRunAt(id),
      wouldRunAt: this.scheduler.wouldRunAt(id),
      schedulePause: pause,
    }
  }

  getRun(runId: string): AutomationRun | null {
    return this.runs.get(runId)
  }

  private announce(event: AutomationRunEvent): void {
    let audience = this.runAudiences.get(event.runId)
    if (!audience) {
      audience = [...automationAudience(this.deps.db, [event.automationId]).keys()]
      this.runAudiences.set(event.runId, audience)
    }
    if (event.status !== 'RUNNING') this.runAudiences.delete(event.runId)
    this.deps.events.emit('automation:run', { event, audience })
  }
}
