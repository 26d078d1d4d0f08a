// Where each blind is, from the moments its board acknowledged each side on and off. The relay
// driver tells the tracker of every run (RelayObserver); the tracker integrates the motor time
// of each at that side's speed, minus the start delay, writes a run's record before its frame
// goes out (and an off that cuts it short before that frame), the settled pose at every stop,
// and after a crash or a power cut works out from those records where each blind ended. It
// never moves a blind itself.
import { systemClock, type Clock } from '../clock/clock'
import type { RelayObserver } from '../bus/relay-observer'
import type { Side } from '../bus/side'
import type { PositionStore } from '../db/positions'
import type { Motion } from '../realtime/events'
import { Announcer } from './announcer'
import { Arrivals } from './arrivals'
import {
  advance,
  apart,
  middle,
  motorMsOf,
  motorMsToEnd,
  type Pose,
  type Target,
  type TravelTimes,
  type Turning,
} from './travel'

export interface BlindPosition {
  motion: Motion
  /** The estimate now, 0-100 (100 = open), rounded; null while not known. */
  position: number | null
  /** Slats, 0-100 (100 = open); null for a blind without slats or while not known. */
  tilt: number | null
  /** Where the blind is being taken, or null. */
  target: number | null
  /** When the current relay run ends as planned (wall-clock ms), or null. */
  endsAt: number | null
  /** Waiting out the dead time before it reverses. */
  reversing: boolean
  /** What is left of the motor's start delay (ms); 0 at rest or once it turns. */
  delayLeftMs: number
}

interface Run {
  side: Side
  onAt: number
  relayMs: number
  boardTimed: boolean
  /** What was left of the start delay when the relay closed: the motor turns from then on. */
  delayLeftMs: number
  /** When an off was first asked for this run, as written ahead; null while none was. */
  offAskedAt: number | null
  /**
   * A run the process before left, with an off it asked for but may not have heard answered:
   * the run ended somewhere between then and this process's own off.
   */
  unheardOffAt: number | null
}

interface Tracked {
  times: TravelTimes
  /** The pose when the current run began, or where the blind stopped. */
  settled: Pose | null
  run: Run | null
  /** A run written ahead whose start the board has not acknowledged yet. */
  starting: boolean
  target: Target | null
  reversingUntil: number | null
  /** When the relay last went off (wall-clock ms). */
  lastOffAt: number | null
}

export interface TrackerDeps {
  store: PositionStore
  /** Times the arrivals at end stops, and the driver reports on its monotonic ms (default the system's). */
  clock?: Clock
  /** The time on the driver's scale, for a test that sets it by hand (default the clock's monotonic ms). */
  now?: () => number
  /** A blind's position state changed. */
  changed: (blindId: string, state: BlindPosition) => void
}

const motionOf = (side: Side): Motion => (side === 'UP' ? 'MOVING_UP' : 'MOVING_DOWN')

/**
 * A run that ended somewhere in a span of time is placed in its middle when the two ends of the
 * span lie at most this many points apart (position and tilt); otherwise it is not known.
 */
const UNHEARD_OFF_POINTS = 3
/**
 * An off is written ahead unless the next start, not knowing of it, would count the run on
 * (to the board's end of the pulse, or to the end stop) and be less than this far off.
 */
const UNWRITTEN_OFF_POINTS = 1

export class PositionTracker implements RelayObserver {
  private readonly blinds = new Map<string, Tracked>()
  private readonly announcer: Announcer<BlindPosition>
  /** Runs going on past the end stop: told again when the estimate gets there. */
  private readonly arrivals: Arrivals

  private readonly now: () => number

  constructor(private readonly deps: TrackerDeps) {
    const clock = deps.clock ?? systemClock
    this.now = deps.now ?? (() => clock.monotonic())
    this.announcer = new Announcer((id) => this.state(id), deps.changed)
    this.arrivals = new Arrivals(this.now, (id) => this.announce(id), clock)
  }

  /**
   * Loads every blind, then the runs a previous process left: a board-timed pulse that has run
   * out settles now; any other run lasts until this process's all-off (`allOff`). A run whose
   * off was asked ended between the asking and that end: its middle, if that is near enough.
   */
  start(): void {
    this.reload()
    const now = this.now()
    for (const record of this.deps.store.motions()) {
      const t = this.blinds.get(record.blindId)
      if (!t) continue
      if (record.acknowledgedAt === null) {
        // The process died between the record and the board's answer: it may have run.
        t.settled = null
        this.deps.store.settle(record.blindId, null)
        continue
      }
      t.settled = record.from
      t.run = {
        side: record.side,
        onAt: record.acknowledgedAt,
        relayMs: record.relayMs,
        boardTimed: record.boardTimed,
        delayLeftMs: record.delayLeftMs,
        offAskedAt: record.offAskedAt,
        unheardOffAt: record.offAskedAt,
      }
      const end = record.acknowledgedAt + record.relayMs
      if (record.boardTimed && end <= now) this.stopRun(record.blindId, t, end)
    }
  }

  /** Reads the blinds again (travel times changed, blinds added or deleted). */
  reload(): void {
    const seen = new Set<string>()
    for (const blind of this.deps.store.blinds()) {
      seen.add(blind.id)
      const { id, pose, ...times } = blind
      const t = this.blinds.get(id)
      if (t) t.times = times
      else
        this.blinds.set(id, {
          times,
          settled: pose,
          run: null,
          starting: false,
          target: null,
          reversingUntil: null,
          lastOffAt: null,
        })
    }
    for (const id of this.blinds.keys()) {
      if (seen.has(id)) continue
      this.blinds.delete(id)
      this.arrivals.forget(id)
    }
  }

  /** Every write still waiting goes to disk now, and nothing is told or written after. */
  stop(): void {
    this.arrivals.stop()
    this.deps.store.close()
    this.announcer.stop()
  }

  times(blindId: string): TravelTimes | undefined {
    return this.blinds.get(blindId)?.times
  }

  /** Where the blind is at `at` (default now); null while not known. */
  estimate(blindId: string, at = this.now()): Pose | null {
    const t = this.blinds.get(blindId)
    if (!t) return null
    return this.poseAt(t, at)
  }

  /** The side whose relay is on now, if any. */
  runningSide(blindId: string, at = this.now()): Side | null {
    const t = this.blinds.get(blindId)
    return t ? this.running(t, at) : null
  }

  /** The way the motor turns now, and what is left of its start delay; null at rest. */
  turning(blindId: string, at = this.now()): Turning | null {
    const t = this.blinds.get(blindId)
    const side = t ? this.running(t, at) : null
    return side ? { side, delayLeftMs: this.delayLeft(t!, side, at) } : null
  }

  /** When the relay running now went on (wall-clock ms), or null. */
  runStartedAt(blindId: string): number | null {
    return this.blinds.get(blindId)?.run?.onAt ?? null
  }

  /** When the blind's relay last went off (wall-clock ms), or null. */
  lastStoppedAt(blindId: string): number | null {
    return this.blinds.get(blindId)?.lastOffAt ?? null
  }

  /** A person says where the blind is (calibration: it has arrived at an end). */
  place(blindId: string, pose: Pose): void {
    const t = this.blinds.get(blindId)
    if (!t || t.run) return
    t.settled = pose
    this.deps.store.settle(blindId, pose)
    this.announce(blindId)
  }

  /**
   * Where a command is taking the blind; null when it has arrived. A new target is told with
   * the motion it starts; a target that goes is told at once if the blind is at rest.
   */
  setTarget(blindId: string, target: Target | null): void {
    const t = this.blinds.get(blindId)
    if (!t) return
    t.target = target
    // A running blind's next event (its stop, or the next run) carries it.
    if (target === null && !this.running(t, this.now())) this.announce(blindId)
  }

  /** The move that set `target` is over: its target goes, unless a newer one replaced it. */
  clearTarget(blindId: string, target: Target): void {
    const t = this.blinds.get(blindId)
    if (t?.target === target) this.setTarget(blindId, null)
  }

  state(blindId: string, at = this.now()): BlindPosition {
    const t = this.blinds.get(blindId)
    if (!t) {
      return {
        motion: 'IDLE',
        position: null,
        tilt: null,
        target: null,
        endsAt: null,
        reversing: false,
        delayLeftMs: 0,
      }
    }
    const pose = this.poseAt(t, at)
    const side = this.running(t, at)
    const slats = t.times.tiltTimeMs > 0
    return {
      motion: side ? motionOf(side) : 'IDLE',
      position: pose ? Math.round(pose.position) : null,
      tilt: pose && slats ? Math.round(pose.tilt) : null,
      target: t.target?.position ?? null,
      endsAt: side && t.run ? t.run.onAt + t.run.relayMs : null,
      reversing: t.reversingUntil !== null && t.reversingUntil > at,
      delayLeftMs: side && t.run ? Math.max(0, Math.round(t.run.onAt + t.run.delayLeftMs - at)) : 0,
    }
  }

  starting(blindId: string, side: Side, relayMs: number, boardTimed: boolean): void {
    const t = this.blinds.get(blindId)
    if (!t) return
    const at = this.now()
    t.starting = true
    this.deps.store.writeAhead({
      blindId,
      side,
      relayMs: Math.round(relayMs),
      boardTimed,
      delayLeftMs: Math.round(this.delayLeft(t, side, at)),
      from: this.poseAt(t, at),
      writtenAt: Math.round(at),
      acknowledgedAt: null,
      offAskedAt: null,
    })
  }

  notStarted(blindId: string): void {
    const t = this.blinds.get(blindId)
    if (!t?.starting) return
    t.starting = false
    // The record written ahead goes: back to the run going on, or to where the blind stands.
    if (t.run) this.recordRun(blindId, t)
    else this.deps.store.settle(blindId, t.settled)
  }

  on(blindId: string, side: Side, at: number, relayMs: number, boardTimed: boolean): void {
    const t = this.blinds.get(blindId)
    if (!t) return
    // A run the same way that is still on continues: the motor never stopped, and a start
    // delay it was still in goes on.
    const delayLeftMs = this.delayLeft(t, side, at)
    t.settled = this.poseAt(t, at)
    t.run = {
      side,
      onAt: at,
      relayMs,
      boardTimed,
      delayLeftMs,
      offAskedAt: null,
      unheardOffAt: null,
    }
    t.starting = false
    t.reversingUntil = null
    this.recordRun(blindId, t)
    this.announce(blindId)
    const arrivesAt = at + delayLeftMs + motorMsToEnd(t.times, t.settled, side)
    this.arrivals.watch(blindId, arrivesAt, at + relayMs)
  }

  /** The run going on, as its record: what the next start needs after a crash. */
  private recordRun(blindId: string, t: Tracked): void {
    const run = t.run!
    this.deps.store.record({
      blindId,
      side: run.side,
      relayMs: Math.round(run.relayMs),
      boardTimed: run.boardTimed,
      delayLeftMs: Math.round(run.delayLeftMs),
      from: t.settled,
      writtenAt: Math.round(run.onAt),
      acknowledgedAt: Math.round(run.onAt),
      offAskedAt: run.offAskedAt,
    })
  }

  stopping(blindIds: readonly string[], side: Side | null): Promise<void> {
    const at = this.now()
    const ids = blindIds.filter((id) => {
      const t = this.blinds.get(id)
      const run = t?.run
      if (!run || (side !== null && run.side !== side) || !this.running(t!, at)) return false
      // The earliest off asked is on disk already, or counting the run on comes to the same.
      if (run.offAskedAt !== null || !this.offMatters(t!, at)) return false
      run.offAskedAt = Math.round(at)
      return true
    })
    return this.deps.store.offAhead(ids, Math.round(at))
  }

  /**
   * Whether an off now leaves the blind elsewhere than the next start would put it not
   * knowing of the off: at the board's end of the pulse, or (hub-timed, on until that start's
   * all-off) at the end stop.
   */
  private offMatters(t: Tracked, at: number): boolean {
    const run = t.run!
    const countedTo = run.boardTimed
      ? run.onAt + run.relayMs
      : Math.max(at, run.onAt + run.delayLeftMs + motorMsToEnd(t.times, t.settled, run.side))
    return apart(this.poseAt(t, at), this.poseAt(t, countedTo)) >= UNWRITTEN_OFF_POINTS
  }

  off(blindId: string, side: Side, at: number): void {
    const t = this.blinds.get(blindId)
    if (!t?.run || t.run.side !== side) return
    this.stopRun(blindId, t, at)
  }

  unsure(blindId: string): void {
    const t = this.blinds.get(blindId)
    if (!t) return
    // Whether and how long the motor ran is not known: the position is not known either.
    t.settled = null
    t.run = null
    t.starting = false
    this.arrivals.forget(blindId)
    this.deps.store.settle(blindId, null)
    this.announce(blindId)
  }

  reversing(blindId: string, _side: Side, until: number): void {
    const t = this.blinds.get(blindId)
    if (!t) return
    t.reversingUntil = until
    this.announce(blindId)
  }

  allOff(blindIds: readonly string[], at: number): void {
    for (const id of blindIds) {
      const t = this.blinds.get(id)
      if (!t) continue
      t.reversingUntil = null
      if (t.starting) {
        t.starting = false
        t.run = null
        this.arrivals.forget(id)
        t.settled = null
        this.deps.store.settle(id, null)
        this.announce(id)
      } else if (t.run) {
        this.stopRun(id, t, at)
      }
    }
  }

  private stopRun(blindId: string, t: Tracked, at: number): void {
    const run = t.run
    t.settled =
      run?.unheardOffAt != null ? this.poseBetween(t, run.unheardOffAt, at) : this.poseAt(t, at)
    t.lastOffAt = run?.boardTimed ? Math.min(at, run.onAt + run.relayMs) : at
    t.run = null
    this.arrivals.forget(blindId)
    this.deps.store.settle(blindId, t.settled)
    this.announce(blindId)
  }

  /** What is left of the start delay for a run of `side` starting at `at`. */
  private delayLeft(t: Tracked, side: Side, at: number): number {
    const run = t.run
    if (!run || this.running(t, at) !== side) return t.times.motorStartDelayMs
    return Math.max(0, run.onAt + run.delayLeftMs - at)
  }

  private running(t: Tracked, at: number): Side | null {
    const run = t.run
    if (!run) return null
    if (run.boardTimed && run.onAt + run.relayMs <= at) return null
    return run.side
  }

  /**
   * Where a run that ended at some moment between `from` and `to` left the blind: the middle,
   * when the two ends lie within UNHEARD_OFF_POINTS of each other; else not known.
   */
  private poseBetween(t: Tracked, from: number, to: number): Pose | null {
    const early = this.poseAt(t, Math.min(from, to))
    const late = this.poseAt(t, to)
    return early && late && apart(early, late) <= UNHEARD_OFF_POINTS ? middle(early, late) : null
  }

  private poseAt(t: Tracked, at: number): Pose | null {
    const run = t.run
    if (!run) return t.settled
    const end = run.boardTimed ? Math.min(at, run.onAt + run.relayMs) : at
    const motorMs = motorMsOf(Math.max(0, end - run.onAt), run.delayLeftMs)
    return advance(t.times, t.settled, run.side, motorMs)
  }

  private announce(blindId: string): void {
    this.announcer.announce(blindId)
  }
}
