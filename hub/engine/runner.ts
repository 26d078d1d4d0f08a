// The scene runner: an automation's scenes in index order. BLIND_CONTROL pulses all its relays
// together for its duration through the relay driver (interlock, dead time and cap apply);
// DELAY waits; POSITION takes its blinds to a position and lasts until all of them arrived.
// Each timed step ends at an absolute deadline, so a long run does not drift. Cancel stops
// the relays the run drives, unless a newer command took them. At its start and at each step a
// run estimates when it ends (run-estimate.ts), from where its blinds are then.
import { systemClock, type Clock } from '../clock/clock'
import { conflict, HubError } from '../errors'
import type { AutomationRun } from '../db/automations'
import type { RunRepository, RunSource } from '../db/runs'
import type { AutomationRunEvent } from '../realtime/events'
import { Superseded, type BlindRelays, type RelayDriver, type Side } from '../bus/relays'
import type { SceneType } from '../validation/automation'
import type { BlindMove } from '../position/mover'
import { byAutomation, type MotionOrigin } from '../position/origins'
import type { Target } from '../position/travel'

export interface ScenePlan {
  index: number
  type: SceneType
  durationMs: number
  targets: { blind: BlindRelays; side: Side }[]
  /** POSITION: the blinds to move, and where to. */
  blinds: BlindRelays[]
  position: number | null
  tilt: number | null
}

export interface RunnerDeps {
  driver: RelayDriver
  /** Takes a blind to a position (hub/position), as a command from `origin`. */
  moveTo(blind: BlindRelays, target: Target, origin: MotionOrigin): BlindMove
  /** Notes whose command is about to pulse these blinds' relays (hub/position's origins). */
  noteOrigin(blindIds: string[], origin: MotionOrigin): void
  runs: RunRepository
  /** The scenes of each automation given, with each relay's blind and side. */
  plans(automationIds: string[]): Map<string, ScenePlan[]>
  onEvent(event: AutomationRunEvent): void
  /** How long these steps take from now, from where their blinds are (run-estimate.ts). */
  estimateMs(steps: ScenePlan[]): number
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void }
  /** Times the steps (default the system's). */
  clock?: Clock
}

export interface StartRequest {
  automationId: string
  source: RunSource
}

interface ActiveRun {
  run: AutomationRun
  cancelled: boolean
  /** Finished on record: the automation may run again, even before cleanup. */
  ended: boolean
  /** The driver commands of the current step, to stop on cancel. */
  commands: { blind: BlindRelays; command: number }[]
  /** The position moves of the current step, to cancel. */
  moves: BlindMove[]
  wake: (() => void) | undefined
  done: Promise<void>
  /** When the run is expected to end (wall-clock ms), as last estimated. */
  estimatedEndAt: number | null
}

export class AutomationRunner {
  private readonly active = new Map<string, ActiveRun>()

  private readonly clock: Clock

  constructor(private readonly deps: RunnerDeps) {
    this.clock = deps.clock ?? systemClock
  }

  /** The run of an automation that is going on now, if any. */
  runningOf(automationId: string): AutomationRun | undefined {
    for (const a of this.active.values()) {
      if (a.run.automationId === automationId && !a.ended) return a.run
    }
    return undefined
  }

  /** When a running run is expected to end (ISO-8601), as estimated at its latest step. */
  estimatedEndAt(runId: string): string | null {
    const at = this.active.get(runId)?.estimatedEndAt
    return at == null ? null : new Date(at).toISOString()
  }

  /** Starts a run now; returns it RUNNING. One run per automation at a time. */
  start(automationId: string, source: RunSource): AutomationRun {
    const [started] = this.startTogether([{ automationId, source }])
    if (started instanceof Error) throw started
    return started!
  }

  /**
   * Starts runs due at the same moment: all on record in one transaction, then each takes its
   * first step. Gives for each start its run, RUNNING, or the error why it could not start
   * (one run per automation at a time).
   */
  startTogether(starts: readonly StartRequest[]): (AutomationRun | Error)[] {
    const results: (AutomationRun | Error)[] = []
    const accepted: { at: number; start: StartRequest }[] = []
    const starting = new Set<string>()
    for (const [at, start] of starts.entries()) {
      const running = this.runningOf(start.automationId)
      if (running || starting.has(start.automationId)) {
        const which = running ? ` (run ${running.id})` : ''
        results[at] = conflict(
          `This automation is already running${which}; cancel it first`,
          undefined,
          { reason: 'ALREADY_RUNNING', run: running?.id ?? null },
        )
        continue
      }
      starting.add(start.automationId)
      accepted.push({ at, start })
    }
    const plans = this.deps.plans([...starting])
    // On record before anything acts: a run the hub is cut off in is found RUNNING at the next
    // start and marked FAILED.
    const runs = this.deps.runs.startTogether(accepted.map((a) => a.start))
    for (const [i, run] of runs.entries()) {
      results[accepted[i]!.at] = run
      this.launch(run, plans.get(run.automationId) ?? [])
    }
    return results
  }

  private launch(run: AutomationRun, scenes: ScenePlan[]): void {
    const active: ActiveRun = {
      run,
      cancelled: false,
      ended: false,
      commands: [],
      moves: [],
      wake: undefined,
      done: Promise.resolve(),
      estimatedEndAt: null,
    }
    // Known from the start, so the answer that started the run can tell it.
    this.estimate(active, scenes)
    this.active.set(run.id, active)
    // The start is on record now; the rest waits one turn, so that triggers due at the same
    // moment all start on time before any of them does its first step.
    active.done = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => {
        this.estimate(active, scenes)
        this.emit(run, null, active.estimatedEndAt)
        return this.execute(active, scenes)
      })
      .finally(() => this.active.delete(run.id))
  }

  /** Cancels a running run: its relays stop, and it ends CANCELLED. */
  async cancel(runId: string, why = 'cancelled'): Promise<AutomationRun> {
    const active = this.active.get(runId)
    if (!active) {
      const run = this.deps.runs.get(runId)
      if (!run) throw new HubError(404, `Run ${runId} does not exist`, 'runId')
      throw conflict(`Run ${runId} has already ended (${run.status})`, 'runId', {
        reason: 'ALREADY_ENDED',
        status: run.status,
      })
    }
    await this.halt(active, 'CANCELLED', why === 'cancelled' ? null : why)
    return this.deps.runs.get(runId) as AutomationRun
  }

  /** At shutdown: every run stops and is recorded as failed. */
  async stop(): Promise<void> {
    await Promise.all(
      [...this.active.values()].map((a) =>
        this.halt(a, 'FAILED', 'the hub stopped during this run'),
      ),
    )
  }

  private async halt(
    active: ActiveRun,
    status: 'CANCELLED' | 'FAILED',
    error: string | null,
  ): Promise<void> {
    active.cancelled = true
    active.wake?.()
    active.ended = true
    const finished = this.deps.runs.finish(active.run.id, status, error)
    const stopped = Promise.all([
      this.deps.driver.stopIfCurrent(active.commands),
      ...active.moves.map((m) => m.cancel()),
    ])
    await stopped.catch((err: Error) => {
      this.deps.log.warn(
        { runId: active.run.id, error: err.message },
        'could not stop the relays of a cancelled run',
      )
    })
    if (finished) this.emit(finished, finished.sceneIndex, null)
    await active.done
  }

  private async execute(active: ActiveRun, scenes: ScenePlan[]): Promise<void> {
    const { run } = active
    let deadline = this.clock.monotonic()
    try {
      for (const [i, scene] of scenes.entries()) {
        if (active.cancelled) return
        this.deps.runs.step(run.id, scene.index)
        this.estimate(active, scenes.slice(i))
        this.emit(run, scene.index, active.estimatedEndAt)
        active.commands = []
        active.moves = []
        if (scene.type === 'POSITION') {
          await this.moveAll(active, scene)
          // The step took as long as its blinds did: the next one's time counts from now.
          deadline = this.clock.monotonic()
          continue
        }
        if (scene.type === 'BLIND_CONTROL') {
          this.deps.noteOrigin(
            scene.targets.map((t) => t.blind.id),
            byAutomation(run.automationId),
          )
          const issued = scene.targets.map((t) => {
            const done = this.deps.driver.run(t.blind, t.side, scene.durationMs)
            active.commands.push({
              blind: t.blind,
              command: this.deps.driver.latestCommand(t.blind.id),
            })
            return done
          })
          const results = await Promise.allSettled(issued)
          this.skipLocked(
            active,
            scene.index,
            results,
            scene.targets.map((t) => t.blind.id),
          )
        }
        deadline += scene.durationMs
        await this.sleepUntil(active, deadline)
      }
      if (active.cancelled) return
      active.ended = true
      const finished = this.deps.runs.finish(run.id, 'SUCCEEDED')
      if (finished) this.emit(finished, finished.sceneIndex, null)
    } catch (err) {
      if (active.cancelled) return
      active.ended = true
      const finished = this.deps.runs.finish(run.id, 'FAILED', (err as Error).message)
      if (finished) this.emit(finished, finished.sceneIndex, null)
    }
  }

  /** A POSITION step: every blind moves at once; it ends when all arrived (or the run stops). */
  private async moveAll(active: ActiveRun, scene: ScenePlan): Promise<void> {
    const target = { position: scene.position, tilt: scene.tilt }
    const origin = byAutomation(active.run.automationId)
    active.moves = scene.blinds.map((b) => this.deps.moveTo(b, target, origin))
    const started = await Promise.allSettled(active.moves.map((m) => m.started))
    this.skipLocked(
      active,
      scene.index,
      started,
      scene.blinds.map((b) => b.id),
    )
    const woken = new Promise<void>((resolve) => (active.wake = resolve))
    // A blind a lock refused has no move to wait for.
    const arrived = active.moves.map((m) =>
      m.done.catch((err: unknown) => {
        if (!isLockRefusal(err)) throw err
      }),
    )
    await Promise.race([Promise.all(arrived), woken])
    active.wake = undefined
  }

  /**
   * After a step's commands went out: a blind a lock refused (423, weather protection) is
   * recorded as skipped with the lock's words, and the step goes on with the others; any
   * other failure fails the run.
   */
  private skipLocked(
    active: ActiveRun,
    sceneIndex: number,
    results: PromiseSettledResult<unknown>[],
    blindIds: string[],
  ): void {
    results.forEach((r, i) => {
      if (r.status !== 'rejected' || !isLockRefusal(r.reason)) return
      const entry = { sceneIndex, blindId: blindIds[i]!, reason: (r.reason as Error).message }
      this.deps.runs.skip(active.run.id, entry)
      this.deps.log.info({ runId: active.run.id, ...entry }, 'a run step left out a locked blind')
    })
    const failed = results.find(
      (r): r is PromiseRejectedResult =>
        r.status === 'rejected' && !(r.reason instanceof Superseded) && !isLockRefusal(r.reason),
    )
    if (failed) throw failed.reason
  }

  private sleepUntil(active: ActiveRun, deadline: number): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        const left = deadline - this.clock.monotonic()
        if (active.cancelled || left <= 0) {
          active.wake = undefined
          return resolve()
        }
        // Timers may fire a little early: check again rather than end a step too soon.
        timer = this.clock.setTimeout(check, Math.ceil(left))
      }
      let timer = this.clock.setTimeout(check, 0)
      active.wake = () => {
        this.clock.clear(timer)
        active.wake = undefined
        resolve()
      }
      this.clock.clear(timer)
      check()
    })
  }

  /** When the run ends if the steps left take as long as estimated from now. */
  private estimate(active: ActiveRun, steps: ScenePlan[]): void {
    active.estimatedEndAt = this.clock.now() + this.deps.estimateMs(steps)
  }

  private emit(run: AutomationRun, sceneIndex: number | null, endAt: number | null): void {
    this.deps.onEvent({
      runId: run.id,
      automationId: run.automationId,
      status: run.status,
      sceneIndex,
      at: new Date().toISOString(),
      estimatedEndAt: endAt === null ? null : new Date(endAt).toISOString(),
    })
  }
}

const isLockRefusal = (err: unknown) => err instanceof HubError && err.code === 423
