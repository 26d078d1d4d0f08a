// Sun-aware shading as a feature module (ARCHITECTURE.md section 12): every minute and after
// every PV reading it steps each shading blind's state machine (decision.ts) and moves the
// blind through Positions, like an automation's POSITION step, so the interlock and the dead
// time hold. Every move is on record with its reason; each blind's state is written before
// its blind moves, so a restart neither moves a shaded blind nor forgets a pause. A command
// on the blind that shading did not give (a person's, MQTT's, an automation's) pauses its
// shading until the next local midnight or the blind's shadingResumeAt, and the pause keeps
// whose command it was (hub/position's origins). Holiday mode pauses all of it. Browsers see shading's state change with the blind's motion, which comes with
// every move and every pause ('data:changed' would make the bus emulator and MQTT rebuild).
import { systemClock, type Clock, type ClockTimer } from '../clock/clock'
import { relaysOf } from '../bus/blind-relays'
import type { BlindRelays } from '../bus/relays'
import type { Db } from '../db/open'
import { ShadingStore } from '../db/shading'
import type { Location } from '../engine/sun'
import type { HubEvents } from '../events'
import type { BlindMove } from '../position/mover'
import { BY_SHADING, type MotionOrigin } from '../position/origins'
import type { BlindPosition } from '../position/tracker'
import type { Target } from '../position/travel'
import type { PvService } from '../pv/service'
import { LEARN_WINDOW_MS, PvBrightness } from './brightness'
import {
  facadeOf,
  FRESH,
  restored,
  stored,
  type BlindShading,
  type ShadingBlind,
} from './blind-state'
import { step, type Decision, type MachineState } from './decision'
import { pauseEnd } from './resume-time'
import { sunPosition } from '../engine/sun'
import { NOT_SHADING, type PauseOrigin, type ShadingState, type ShadingView } from './types'

const EVALUATE_MS = 60_000
const LEARN_MS = 60 * 60_000

export type { ShadingBlind } from './blind-state'

export interface ShadingLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
}

export interface ShadingDeps {
  /** Its timers (default the system's). */
  clock?: Clock
  db: Db
  events: HubEvents
  /** How shading moves blinds and reads where they are: hub/position's Positions. */
  positions: {
    moveForRun(blind: BlindRelays, target: Target, origin: MotionOrigin): BlindMove
    state(blindId: string): BlindPosition
    /** Whose the newest command for the blind was: it says who paused shading. */
    originOf(blindId: string): MotionOrigin | null
  }
  blinds: { all(): ShadingBlind[]; row(id: string): ShadingBlind | undefined }
  now: () => number
  /** The house's location (hub/location); shading rests while it is not known. */
  location: () => Location | undefined
  timeZone: string
  /** The PV inverter when LAMELLA_PV is set: then shading also asks whether the sun shines. */
  pv?: Pick<PvService, 'history'>
  /** Weather protection (hub/weather): a locked blind is left alone until its lock lifts. */
  weatherLocked?: (blindId: string) => boolean
  /** Holiday mode (hub/holiday): while enabled, shading moves nothing. */
  holiday?: { readonly enabled: boolean }
  log: ShadingLog
}

export class Shading implements ShadingView {
  readonly name = 'shading'
  private readonly store: ShadingStore
  private readonly brightness: PvBrightness | null
  private readonly blinds = new Map<string, BlindShading>()
  /** Blinds shading is moving now: their motion is shading's own, not a person's. */
  private readonly moving = new Set<string>()
  private readonly unsubscribe: (() => void)[] = []
  private timers: ClockTimer[] = []
  private running = false

  private get clock(): Clock {
    return this.deps.clock ?? systemClock
  }

  constructor(private readonly deps: ShadingDeps) {
    this.store = new ShadingStore(deps.db)
    this.brightness = deps.pv ? new PvBrightness(deps.location) : null
  }

  /** Reads the stored states and listens; the first step comes with the next minute or PV reading. */
  start(): void {
    const { events } = this.deps
    this.running = true
    for (const [id, s] of this.store.states()) this.blinds.set(id, restored(s))
    this.learn()
    this.unsubscribe.push(
      events.on('pv:sample', (sample) => {
        if (!this.brightness) return
        this.brightness.add(Date.parse(sample.at), sample.online ? sample.powerW : null)
        this.tick()
      }),
      events.on('blind:motion', ({ event }) => {
        if (event.motion !== 'IDLE' && !this.moving.has(event.id)) this.pausedByCommand(event.id)
      }),
      // A new place has another sun, and the array's peak is learnt against it.
      events.on('location:changed', () => {
        this.learn()
        this.tick()
      }),
    )
    const every = (ms: number, run: () => void) => {
      const timer = this.clock.setInterval(run, ms)
      timer.unref()
      this.timers.push(timer)
    }
    every(EVALUATE_MS, () => this.tick())
    every(LEARN_MS, () => this.learn())
  }

  stop(): void {
    this.running = false
    this.timers.forEach((t) => this.clock.clear(t))
    this.timers = []
    this.unsubscribe.splice(0).forEach((off) => off())
  }

  stateOf(blindId: string): ShadingState {
    const s = this.blinds.get(blindId)
    if (!s) return NOT_SHADING
    const paused = s.machine.pausedUntil !== null && s.machine.pausedUntil > this.deps.now()
    const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString())
    return {
      active: s.machine.active,
      pausedUntil: paused ? iso(s.machine.pausedUntil) : null,
      pausedBy: paused ? s.pausedBy : null,
      reason: s.reason === 'PAUSED' && !paused ? null : s.reason,
      since: iso(s.since),
    }
  }

  /** A step from a timer or an event: a failure is logged, and the next step tries again. */
  private tick(): void {
    this.evaluate().catch((err: unknown) =>
      this.deps.log.warn({ err }, 'shading could not look at its blinds'),
    )
  }

  /** One step for every shading blind; resolves once each move it starts is on the bus. */
  async evaluate(): Promise<void> {
    const location = this.deps.location()
    if (!this.running || this.deps.holiday?.enabled || !location) return
    const now = this.deps.now()
    const sun = sunPosition(now, location)
    const brightness = this.brightness?.brightness(now) ?? null
    const moves: Promise<void>[] = []
    for (const blind of this.deps.blinds.all()) {
      const facade = facadeOf(blind)
      if (!facade) {
        this.forget(blind.id)
        continue
      }
      if (this.moving.has(blind.id) || this.deps.weatherLocked?.(blind.id)) continue
      const before = this.blinds.get(blind.id) ?? FRESH
      const rule = { facade, minBrightness: blind.shadingMinBrightness }
      const { state, decision } = step(rule, before.machine, { sun, brightness }, now)
      if (decision.action === 'STAY') {
        const pauseEnded = before.machine.pausedUntil !== state.pausedUntil
        const pausedBy = state.pausedUntil === null ? null : before.pausedBy
        this.blinds.set(blind.id, { ...before, machine: state, pausedBy })
        if (pauseEnded) this.store.save(blind.id, stored(this.blinds.get(blind.id)!))
        continue
      }
      moves.push(this.move(blind, before, state, decision, now))
    }
    await Promise.all(moves)
  }

  /** Takes the blind in or out of its shade position, on record first. */
  private async move(
    blind: ShadingBlind,
    before: BlindShading,
    machine: MachineState,
    decision: Exclude<Decision, { action: 'STAY' }>,
    now: number,
  ): Promise<void> {
    const here = this.deps.positions.state(blind.id)
    const slats = blind.tiltTimeMs > 0
    const entering = decision.action === 'ENTER'
    const after: BlindShading = {
      machine,
      since: now,
      reason: decision.reason,
      returnPosition: entering ? here.position : null,
      returnTilt: entering ? here.tilt : null,
      pausedBy: null,
    }
    if (entering ? darkerThanShade(blind, here.position) : stillWhereLeft(blind, before, here)) {
      // A blind already at least as closed is never opened to shade it, nor moved when the sun
      // goes: shading leaves it alone, and the dwell starts as after a move.
      this.blinds.set(blind.id, after)
      this.store.save(blind.id, stored(after))
      return
    }
    const target: Target = entering
      ? { position: blind.shadePosition, tilt: slats ? blind.shadeTilt : null }
      : {
          // Where it stood before; open if that was not known.
          position: blind.shadingReturnPosition ?? before.returnPosition ?? 100,
          tilt: slats && blind.shadingReturnPosition === null ? before.returnTilt : null,
        }
    this.store.recordMove(
      {
        blindId: blind.id,
        at: now,
        reason: decision.reason,
        fromPosition: here.position,
        fromTilt: here.tilt,
        toPosition: Math.round(target.position!),
        toTilt: target.tilt == null ? null : Math.round(target.tilt),
      },
      stored(after),
    )
    this.blinds.set(blind.id, after)
    this.deps.log.info(
      { blindId: blind.id, reason: decision.reason, position: target.position },
      entering ? 'shading a blind' : 'shading of a blind ended',
    )
    this.moving.add(blind.id)
    const move = this.deps.positions.moveForRun(relaysOf(blind), target, BY_SHADING)
    void move.done
      .then((outcome) => {
        // Another command took the blind over while shading moved it.
        if (outcome === 'superseded') this.pausedByCommand(blind.id, true)
      })
      .catch(() => undefined)
      // The tracker tells of a run at the end of the event loop's turn: wait for that too.
      .finally(() => setImmediate(() => this.moving.delete(blind.id)))
    try {
      await move.started
    } catch (err) {
      this.deps.log.warn({ blindId: blind.id, err }, 'shading could not move a blind')
    }
  }

  /**
   * A command shading did not give moved the blind: its shading rests until the pause ends,
   * and the pause says whose command it was.
   */
  private pausedByCommand(blindId: string, evenWhileMoving = false): void {
    if (!this.running || (this.moving.has(blindId) && !evenWhileMoving)) return
    const blind = this.deps.blinds.row(blindId)
    if (!blind || !facadeOf(blind)) return
    const now = this.deps.now()
    const before = this.blinds.get(blindId) ?? FRESH
    const origin = this.deps.positions.originOf(blindId)
    if (origin?.kind === 'WEATHER') {
      // Weather protection took the blind out of the shade: not a pause, and shading decides
      // afresh once the lock lifts (nothing moves back by itself).
      const after: BlindShading = { ...before, machine: { ...before.machine, active: false } }
      this.blinds.set(blindId, { ...after, returnPosition: null, returnTilt: null })
      this.store.save(blindId, stored(this.blinds.get(blindId)!))
      return
    }
    const pausedUntil = pauseEnd(now, this.deps.timeZone, blind.shadingResumeAt)
    const after: BlindShading = {
      machine: { ...before.machine, active: false, pausedUntil, dimSince: null },
      since: now,
      reason: 'PAUSED',
      returnPosition: null,
      returnTilt: null,
      pausedBy: pauseOrigin(origin),
    }
    this.blinds.set(blindId, after)
    this.store.save(blindId, stored(after))
    this.deps.log.info(
      { blindId, pausedUntil: new Date(pausedUntil).toISOString(), by: after.pausedBy?.kind },
      'shading paused: the blind was moved by a command',
    )
  }

  private forget(blindId: string): void {
    if (!this.blinds.delete(blindId)) return
    this.store.forget(blindId)
  }

  /** Learns the array's clear-sky peak from the last 14 days of samples. */
  private learn(): void {
    const { pv, now } = this.deps
    if (!pv || !this.brightness) return
    const to = now()
    const samples = pv
      .history(to - LEARN_WINDOW_MS, to)
      .flatMap((s) => (s.powerW === null ? [] : [{ at: Date.parse(s.at), powerW: s.powerW }]))
    this.brightness.reset()
    this.brightness.learn(samples)
  }
}

/** Whose command paused shading; null when none was noted (or only shading's own). */
function pauseOrigin(origin: MotionOrigin | null): PauseOrigin | null {
  if (!origin || origin.kind === 'SHADING' || origin.kind === 'WEATHER') return null
  return { kind: origin.kind, id: origin.id }
}

/** The blind stands at or below its shade position (0 = closed), so shading need not move it. */
function darkerThanShade(blind: ShadingBlind, position: number | null): boolean {
  return position !== null && blind.shadePosition !== null && position <= blind.shadePosition
}

/** Shading did not move the blind in (it was darker already), and it still stands there. */
function stillWhereLeft(
  blind: ShadingBlind,
  before: BlindShading,
  here: { position: number | null },
): boolean {
  return (
    before.returnPosition !== null &&
    here.position !== null &&
    darkerThanShade(blind, before.returnPosition) &&
    Math.abs(here.position - before.returnPosition) < 1
  )
}
