// The relay driver: moves blinds safely. Every command for one blind runs in that blind's own
// order, and a newer command replaces an older one (from a user or an automation alike):
//   - the interlock: a side is switched on only after the other side's off was acknowledged,
//     so the up and the down relay of one blind are never on together;
//   - the dead time: reversing waits until the other side has been off for deadTimeMs;
//   - no pulse lasts longer than 300000 ms, whoever asks;
//   - board-timed pulses ("flash on") end on their own even if the hub dies mid-move; a unit
//     that refuses them gets hub-timed ones (pulse-timing.ts), whose off is asked for until
//     the board acknowledges it.
// An observer (hub/position) hears of every side going on and off, as the board acted, and of
// each on and off before its frame goes out, so that it can write them ahead: the frame waits.
import type { RelayAddress } from '../../firmware-protocol/address'
import { PULSE_UNIT_MS, pulseUnits } from '../../firmware-protocol/pulse'
import { systemClock, type Clock } from '../clock/clock'
import type { PulseMode } from '../config'
import type { Motion } from '../realtime/events'
import { flashSurelyEnded, type CoilWriter } from './coils'
import { PulseTiming } from './pulse-timing'
import type { RelayObserver } from './relay-observer'
import { BlindQueue, Superseded } from './blind-queue'
import type { RelayGate } from './relay-gate'
import type { Side } from './side'
import { BusError } from './transport'

export const MAX_PULSE_MS = 300_000
/** A board-timed pulse ending this much after the hub's own end is switched off by the hub. */
export const EARLY_OFF_MIN_MS = 5
/** A hub-timed pulse's off that failed is asked for again after 250 ms, 500 ms, ... 4 s. */
export const OFF_RETRY_FIRST_MS = 250
export const OFF_RETRY_MAX_MS = 4000

export type { Side } from './side'

export interface BlindRelays {
  id: string
  up: RelayAddress
  down: RelayAddress
}

export interface RelayDriverOptions {
  coils: CoilWriter
  /** Times dead times and pulses (default the system's). */
  clock?: Clock
  pulse: PulseMode
  deadTimeMs: number
  observer?: RelayObserver
  log?: RelayLog
  /** Asked before every run and stop (not the safe state); a refusal rejects the command. */
  gate?: RelayGate
}

export interface RelayLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
}

/** A run's length, or a function asked right before its frame (null: switch nothing on). */
export type RunLength = number | (() => number | null)

export { Superseded } from './blind-queue'

/** How long a board-timed pulse of `ms` really lasts: the board counts whole 100 ms units. */
const boardMs = (ms: number) => pulseUnits(ms) * PULSE_UNIT_MS
const other = (side: Side): Side => (side === 'UP' ? 'DOWN' : 'UP')
const motionOf = (side: Side): Motion => (side === 'UP' ? 'MOVING_UP' : 'MOVING_DOWN')

export class RelayDriver {
  private readonly queue: BlindQueue
  private readonly clock: Clock
  /** Who times each unit's pulses: LAMELLA_PULSE, or the hub for units that refused. */
  readonly pulses: PulseTiming

  constructor(private readonly options: RelayDriverOptions) {
    this.clock = options.clock ?? systemClock
    this.queue = new BlindQueue(this.clock)
    this.pulses = new PulseTiming(options.pulse, options.coils, options.log)
  }

  /** The number of the blind's latest command, taken the moment `run` or `stop` is called. */
  latestCommand(blindId: string): number {
    return this.queue.get(blindId)?.generation ?? 0
  }

  motion(blindId: string): Motion {
    return this.queue.get(blindId)?.motion ?? 'IDLE'
  }

  /** The blinds that are moving now. */
  moving(): { id: string; motion: Motion }[] {
    return [...this.queue.all()]
      .filter(([, s]) => s.motion !== 'IDLE')
      .map(([id, s]) => ({ id, motion: s.motion }))
  }

  /**
   * Runs one side of a blind for `length` ms (capped at 300000 ms), after switching the other
   * side off and waiting out the dead time. A length given as a function is asked right before
   * the frame; null then means the side stays (or goes) off. Resolves once the side is on;
   * rejects with the bus error when a frame fails, or with Superseded when a newer command
   * took over. The number it resolves with names this command, for stopIfCurrent and ended.
   * `target` is the position a move aims for (null: the end stop), for the gate: a refused run
   * rejects with the gate's error before it replaces anything.
   */
  run(
    blind: BlindRelays,
    side: Side,
    length: RunLength,
    target: number | null = null,
  ): Promise<number> {
    const { observer } = this.options
    const refused = this.options.gate?.refuse(blind.id, { kind: 'RUN', side, target })
    if (refused) return Promise.reject(refused)
    return this.queue.command(blind.id, async (s, current, generation) => {
      const reverse = other(side)
      const reverseAddress = side === 'UP' ? blind.down : blind.up
      const address = side === 'UP' ? blind.up : blind.down
      if (this.options.coils.isOn(reverseAddress.unit, reverseAddress.coil)) {
        await observer?.stopping([blind.id], reverse)
        const at = await this.options.coils.set([{ ...reverseAddress, on: false }])
        s.offAt[reverse] = this.clock.monotonic()
        observer?.off(blind.id, reverse, at)
      } else if (s.flashUntil[reverse] > 0) {
        // The board ended that pulse by itself: that is when the side went off.
        s.offAt[reverse] = Math.max(s.offAt[reverse], s.flashUntil[reverse])
      }
      s.flashUntil[reverse] = 0
      current()
      let wait = s.offAt[reverse] + this.options.deadTimeMs - this.clock.monotonic()
      if (wait > 0) {
        s.motion = 'IDLE'
        observer?.reversing(blind.id, side, this.clock.monotonic() + wait)
      }
      // Timers count from the event loop's cached clock and may fire early: check, and wait on.
      while (wait > 0) {
        await this.queue.sleep(s, wait)
        current()
        wait = s.offAt[reverse] + this.options.deadTimeMs - this.clock.monotonic()
      }
      current()
      const asked = typeof length === 'number' ? length : length()
      if (asked === null) {
        // Nothing to run: a side still on from an older command stops here.
        if (this.options.coils.isOn(address.unit, address.coil)) {
          await observer?.stopping([blind.id], side)
          const at = await this.options.coils.set([{ ...address, on: false }])
          s.offAt[side] = this.clock.monotonic()
          observer?.off(blind.id, side, at)
        }
        s.flashUntil[side] = 0
        s.motion = 'IDLE'
        s.ends.ended(generation)
        return
      }
      const ms = Math.max(0, Math.min(Math.round(asked), MAX_PULSE_MS))
      const boardTimed = this.pulses.modeOf(address.unit) === 'device'
      observer?.starting(blind.id, side, boardTimed ? boardMs(ms) : ms, boardTimed)
      let on: { timing: PulseMode; at: number }
      try {
        current()
        on = await this.pulses.switchOn(address, ms, current)
      } catch (err) {
        if (err instanceof Superseded) observer?.notStarted(blind.id)
        else observer?.unsure(blind.id, side)
        throw err
      }
      // A board-timed pulse lasts the board's whole 100 ms units; it surely ended a margin later.
      const runMs = on.timing === 'device' ? boardMs(ms) : ms
      if (on.timing === 'device') s.flashUntil[side] = flashSurelyEnded(ms, this.clock.monotonic())
      observer?.on(blind.id, side, on.at, runMs, on.timing === 'device')
      current()
      s.motion = motionOf(side)
      // The run ends when asked, not when the board's whole units run out: a board-timed
      // pulse is ended early by the hub, the board's own end staying the backstop. Counted
      // from the answer, so the relay is on at least that long whatever the timing on the way.
      s.endTimer = this.clock.setTimeout(
        () => void this.finish(blind, side, generation, on.timing, on.at + runMs),
        ms,
      )
    })
  }

  /**
   * Resolves true once the run that `command` started has run its course, or false when a
   * newer command (a stop, a cancel, the safe state) took the blind over first.
   */
  ended(blindId: string, command: number): Promise<boolean> {
    return this.queue.state(blindId).ends.wait(command)
  }

  /**
   * Stops the blinds whose latest command is still the one given: an automation that is
   * cancelled stops what it started, not what somebody asked for since.
   */
  stopIfCurrent(commands: { blind: BlindRelays; command: number }[]): Promise<void> {
    const still = commands.filter((c) => this.queue.get(c.blind.id)?.generation === c.command)
    // A run the gate will not let stop (one towards safety) is left to finish.
    const free = still.filter((c) => !this.options.gate?.refuse(c.blind.id, { kind: 'STOP' }))
    return this.stop(free.map((c) => c.blind))
  }

  /**
   * Switches both sides of the blinds off (one frame per unit where it can). Blinds the gate
   * refuses to stop are left running; the others stop, then it rejects with the first refusal.
   */
  async stop(blinds: BlindRelays[]): Promise<void> {
    const refusals = blinds.map((b) => this.options.gate?.refuse(b.id, { kind: 'STOP' }) ?? null)
    await this.stopNow(blinds.filter((_, i) => !refusals[i]))
    const refused = refusals.find((r) => r !== null)
    if (refused) throw refused
  }

  private stopNow(blinds: BlindRelays[]): Promise<void> {
    return Promise.all(
      blinds.map((blind) =>
        this.queue
          .command(blind.id, async (s) => {
            await this.options.observer?.stopping([blind.id], null)
            // Asked of the relays, not of the blind's motion: a run that gave way right after
            // its relay went on never got to say it was moving, and the dead time counts anyway.
            const wasOn = {
              UP: this.options.coils.isOn(blind.up.unit, blind.up.coil),
              DOWN: this.options.coils.isOn(blind.down.unit, blind.down.coil),
            }
            const at = await this.options.coils.set([
              { ...blind.up, on: false },
              { ...blind.down, on: false },
            ])
            const t = this.clock.monotonic()
            for (const side of ['UP', 'DOWN'] as const) {
              if (wasOn[side] || s.motion === motionOf(side) || s.flashUntil[side] > t) {
                s.offAt[side] = t
              }
              s.flashUntil[side] = 0
              this.options.observer?.off(blind.id, side, at)
            }
            s.motion = 'IDLE'
          })
          .catch((err) => {
            if (!(err instanceof Superseded)) throw err
          }),
      ),
    ).then(() => undefined)
  }

  /** The safe state: every given relay off, whatever runs; used at start and at shutdown. */
  async allOff(blinds: BlindRelays[]): Promise<void> {
    for (const s of this.queue.all().values()) this.queue.supersede(s)
    await this.options.observer?.stopping(
      blinds.map((b) => b.id),
      null,
    )
    // Asked for in one turn, so they share the fewest frames; but a house's all-off takes
    // several, and each blind's motor stopped at the frame that carried its relays, not at
    // the last one (a restart's all-off stopping a pulse of the process before would
    // otherwise count the blind as moving on for as long as the other frames took).
    await Promise.all(
      blinds.map(async (b) => {
        const at = await this.options.coils.set([
          { ...b.up, on: false },
          { ...b.down, on: false },
        ])
        this.options.observer?.allOff([b.id], at)
      }),
    )
    const t = this.clock.monotonic()
    for (const blind of blinds) {
      const s = this.queue.state(blind.id)
      s.offAt = { UP: t, DOWN: t }
      s.flashUntil = { UP: 0, DOWN: 0 }
      s.motion = 'IDLE'
    }
  }

  /** No new commands; pending timers end. */
  close(): void {
    this.queue.close()
  }

  /** A run's time is up: `endsAt` (monotonic ms) is when a board-timed pulse went off. */
  private async finish(
    blind: BlindRelays,
    side: Side,
    generation: number,
    timing: PulseMode,
    boardEndsAt: number,
  ): Promise<void> {
    const s = this.queue.state(blind.id)
    if (s.generation !== generation) return
    s.ends.ended(generation)
    if (timing === 'hub') return this.switchOffUntilAcknowledged(blind, side)
    // A board counts whole 100 ms units: up to 99 ms more travel, several points on a quick
    // blind. The hub switches the relay off on time; if that frame fails, the board's end holds.
    if (
      boardEndsAt - this.clock.monotonic() > EARLY_OFF_MIN_MS &&
      (await this.switchOffOnce(blind, side))
    ) {
      return
    }
    s.offAt[side] = Math.max(s.offAt[side], s.flashUntil[side])
    s.flashUntil[side] = 0
    this.options.observer?.off(blind.id, side, boardEndsAt)
    s.motion = 'IDLE'
  }

  /** One try at switching a side off; false when the bus failed it. */
  private async switchOffOnce(blind: BlindRelays, side: Side): Promise<boolean> {
    const address = side === 'UP' ? blind.up : blind.down
    try {
      await this.queue.command(blind.id, async (st) => {
        await this.options.observer?.stopping([blind.id], side)
        const at = await this.options.coils.set([{ ...address, on: false }])
        st.offAt[side] = this.clock.monotonic()
        st.flashUntil[side] = 0
        this.options.observer?.off(blind.id, side, at)
        st.motion = 'IDLE'
      })
      return true
    } catch (err) {
      // Superseded: a newer command took the blind over and switches that side itself.
      return !(err instanceof BusError)
    }
  }

  /**
   * Ends a hub-timed pulse. Nothing else would switch that relay off, so an off that fails is
   * asked for again, backing off, until the board acknowledges it, a newer command for the
   * blind takes over (it switches that side off itself), or the link reopens (its all-off
   * covers it). Until then the blind stays MOVING: its relay may well still be on.
   */
  private async switchOffUntilAcknowledged(blind: BlindRelays, side: Side): Promise<void> {
    const address = side === 'UP' ? blind.up : blind.down
    const where = { blind: blind.id, unit: address.unit, coil: address.coil }
    const s = this.queue.state(blind.id)
    let delayMs = OFF_RETRY_FIRST_MS
    for (let attempt = 1; ; attempt++) {
      const off = this.queue.command(blind.id, async (st) => {
        await this.options.observer?.stopping([blind.id], side)
        const at = await this.options.coils.set([{ ...address, on: false }])
        st.offAt[side] = this.clock.monotonic()
        this.options.observer?.off(blind.id, side, at)
        st.motion = 'IDLE'
      })
      const generation = s.generation
      try {
        await off
        if (attempt > 1) this.options.log?.info({ ...where, attempt }, 'relay off at last')
        return
      } catch (err) {
        // Superseded: a newer command, the safe state or the shutdown took over.
        if (!(err instanceof BusError)) return
        if (attempt === 1) {
          this.options.log?.warn(
            { ...where, error: err.message },
            'a relay did not acknowledge its off; asking again until it does',
          )
        }
      }
      await this.queue.sleep(s, delayMs)
      if (s.generation !== generation) return
      delayMs = Math.min(delayMs * 2, OFF_RETRY_MAX_MS)
    }
  }
}
