// The position feature as one module with start() and stop(): the tracker the relay driver
// reports to, the mover, and the commands people give (blindMove, blindSetPosition and the
// travel-time calibration), each checked against who asks and what the blind can do before
// anything moves.
import { systemClock, type Clock } from '../clock/clock'
import { relaysOf } from '../bus/blind-relays'
import {
  MAX_PULSE_MS,
  Superseded,
  type BlindRelays,
  type RelayDriver,
  type Side,
} from '../bus/relays'
import { BusError } from '../bus/transport'
import type { BlindRepository } from '../db/blinds'
import type { Viewer } from '../db/visibility'
import { badInput, busOffline, conflict } from '../errors'
import type { HubEvents } from '../events'
import { checkPercent } from '../validation/blind'
import { checkIds } from '../validation/fields'
import { BlindMover, type BlindMove } from './mover'
import { byUser, MotionOrigins, type MotionOrigin } from './origins'
import type { BlindPosition, PositionTracker } from './tracker'
import { endPose, type Pose, type Target, type TravelTimes, type Turning } from './travel'

export type Direction = 'UP' | 'DOWN' | 'STOP'

export interface Calibration {
  direction: Direction
  startedAt: string
  measuredMs: number | null
}

export interface PositionsDeps {
  tracker: PositionTracker
  driver: RelayDriver
  blinds: BlindRepository
  events: HubEvents
  /** Times a calibration run when the board's acknowledgements are not known (default the system's). */
  clock?: Clock
}

export class Positions {
  readonly name = 'positions'
  readonly mover: BlindMover
  /** Whose the newest command for each blind was (a person's, an automation's, MQTT's...). */
  readonly origins = new MotionOrigins()
  /** Calibration runs going on: which side, and when its relay went on (wall-clock ms). */
  private readonly calibrating = new Map<string, { side: Side; onAt: number }>()
  private readonly unsubscribe: (() => void)[] = []

  private get clock(): Clock {
    return this.deps.clock ?? systemClock
  }

  constructor(private readonly deps: PositionsDeps) {
    this.mover = new BlindMover({ driver: deps.driver, tracker: deps.tracker })
  }

  /** Works out where every blind ended, and follows blinds being added, changed or deleted. */
  start(): void {
    this.deps.tracker.start()
    this.unsubscribe.push(
      this.deps.events.on('data:changed', ({ entity }) => {
        if (entity === 'blind') this.deps.tracker.reload()
      }),
    )
  }

  /** Stops following blinds, and writes every position still waiting for the disk. */
  stop(): void {
    this.unsubscribe.splice(0).forEach((off) => off())
    this.deps.tracker.stop()
  }

  state(blindId: string): BlindPosition {
    return this.deps.tracker.state(blindId)
  }

  /**
   * UP and DOWN run to that end stop; STOP switches both sides off. The command is the
   * viewer's own unless `origin` says whose it is (MQTT's).
   */
  async move(
    viewer: Viewer,
    ids: string[],
    direction: Direction,
    origin: MotionOrigin = byUser(viewer.id),
  ): Promise<void> {
    const blinds = this.visible(viewer, ids)
    this.command(
      blinds.map((b) => b.id),
      origin,
    )
    if (direction === 'STOP') {
      await settle([this.deps.driver.stop(blinds.map((b) => relaysOf(b)))])
      return
    }
    const side: Side = direction
    await settle(blinds.map((b) => this.mover.run(relaysOf(b), side).started))
  }

  /** Takes blinds to a position and/or tilt; resolves once every first run is on the bus. */
  async setPosition(
    viewer: Viewer,
    ids: string[],
    position: number | null | undefined,
    tilt: number | null | undefined,
    origin: MotionOrigin = byUser(viewer.id),
  ): Promise<void> {
    const blinds = this.visible(viewer, ids)
    const target = checkTarget({ position, tilt }, blinds)
    this.command(
      blinds.map((b) => b.id),
      origin,
    )
    await settle(blinds.map((b) => this.mover.moveTo(relaysOf(b), target).started))
  }

  /** A move for an automation's POSITION step or for shading, checked when its rule was saved. */
  moveForRun(blind: BlindRelays, target: Target, origin: MotionOrigin): BlindMove {
    this.command([blind.id], origin)
    return this.mover.moveTo(blind, target)
  }

  /** Its travel times, where it is and how its motor turns now; undefined for no such blind. */
  travelNow(
    blindId: string,
  ): { times: TravelTimes; pose: Pose | null; turning: Turning | null } | undefined {
    const { tracker } = this.deps
    const times = tracker.times(blindId)
    if (!times) return undefined
    return { times, pose: tracker.estimate(blindId), turning: tracker.turning(blindId) }
  }

  /** Whose the newest command for the blind was; null if none came since the start. */
  originOf(blindId: string): MotionOrigin | null {
    return this.origins.of(blindId)
  }

  /**
   * Times a blind's travel: UP or DOWN runs that side for up to 300 s; STOP, given when the
   * blind has arrived, ends it, answers how long the motor ran, and puts the blind at that end.
   */
  async calibrate(viewer: Viewer, id: string, direction: Direction): Promise<Calibration> {
    const [blind] = this.visible(viewer, [id], 'id')
    const relays = relaysOf(blind!)
    const { tracker, driver } = this.deps
    this.origins.note([id], { kind: 'CALIBRATION', id: viewer.id })
    if (direction !== 'STOP') {
      this.calibrating.delete(id)
      await settle([driver.run(relays, direction, MAX_PULSE_MS)])
      const onAt = tracker.runStartedAt(id) ?? this.clock.monotonic()
      this.calibrating.set(id, { side: direction, onAt })
      return { direction, startedAt: new Date(onAt).toISOString(), measuredMs: null }
    }
    const run = this.calibrating.get(id)
    if (!run) {
      throw conflict('No calibration run is going on for this blind', 'id', {
        reason: 'NO_CALIBRATION',
      })
    }
    this.calibrating.delete(id)
    await settle([driver.stop([relays])])
    const times = tracker.times(id)
    const offAt = tracker.lastStoppedAt(id) ?? this.clock.monotonic()
    const measuredMs = Math.max(0, Math.round(offAt - run.onAt - (times?.motorStartDelayMs ?? 0)))
    if (times) tracker.place(id, endPose(times, run.side))
    return { direction: run.side, startedAt: new Date(run.onAt).toISOString(), measuredMs }
  }

  /**
   * Notes whose command is about to go to these blinds. Any command but calibration's own ends
   * a calibration run (the dialog closed by Escape stops the motor with a plain STOP): its
   * STOP must not later measure a run that was cut, nor put the blind at an end it never saw.
   */
  private command(blindIds: string[], origin: MotionOrigin): void {
    this.origins.note(blindIds, origin)
    blindIds.forEach((id) => this.calibrating.delete(id))
  }

  private visible(viewer: Viewer, ids: string[], field = 'ids') {
    const wanted = field === 'ids' ? checkIds('ids', ids) : ids
    return wanted.map((id, i) =>
      this.deps.blinds.get(viewer, id, field === 'ids' ? `ids[${i}]` : field),
    )
  }
}

/** Position and tilt 0-100, at least one; a tilt only for blinds with slats. */
function checkTarget(
  input: { position: number | null | undefined; tilt: number | null | undefined },
  blinds: { name: string; tiltTimeMs: number }[],
): Target {
  if (input.position == null && input.tilt == null) {
    throw badInput('position', 'or tilt must be given (0 to 100, 100 = open)', 'REQUIRED_OR', {
      other: 'tilt',
    })
  }
  const position = input.position == null ? null : checkPercent('position', input.position)
  const tilt = input.tilt == null ? null : checkPercent('tilt', input.tilt)
  const flat = blinds.find((b) => b.tiltTimeMs === 0)
  if (tilt !== null && flat) {
    throw badInput(
      'tilt',
      `cannot be set on ${flat.name}, which has no slats (its tilt time is 0)`,
      'NO_SLATS',
      { blindName: flat.name },
    )
  }
  return { position, tilt }
}

/** Waits for every command; a bus failure among them is a 503, a superseded one is not. */
async function settle(commands: Promise<unknown>[]): Promise<void> {
  const results = await Promise.allSettled(commands)
  const failed = results.find(
    (r): r is PromiseRejectedResult => r.status === 'rejected' && !(r.reason instanceof Superseded),
  )
  if (!failed) return
  if (failed.reason instanceof BusError) throw busOffline(failed.reason.message)
  throw failed.reason
}
