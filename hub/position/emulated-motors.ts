// With the built-in board (LAMELLA_SERIAL=emulator), each blind gets a simulated motor behind
// its relays, with the blind's own travel times, start delay and slats, kept in step as blinds
// are added, changed or deleted. Whenever a motor stops, one log line says where the blind
// really is beside where the hub says it is: `npm start` shows blinds really moving.
import { systemClock, type Clock } from '../clock/clock'
import { parseAddress } from '../../firmware-protocol/address'
import type { RelayBoardEmulator } from '../../firmware-protocol/emulator'
import { MotorSimulator, type MotorSpec } from '../../firmware-protocol/motors'
import type { HubEvents } from '../events'
import type { PositionTracker } from './tracker'

export interface EmulatedBlind {
  id: string
  name: string
  blindAddressUp: string
  blindAddressDown: string
  travelTimeUpMs: number
  travelTimeDownMs: number
  motorStartDelayMs: number
  tiltTimeMs: number
}

export interface EmulatedMotorsDeps {
  emulator: RelayBoardEmulator
  blinds: () => EmulatedBlind[]
  tracker: Pick<PositionTracker, 'estimate'>
  events: HubEvents
  log: { info(obj: object, msg: string): void }
  /** The board's clock, which the motors run on (default the system's). */
  clock?: Clock
}

export class EmulatedMotors {
  readonly name = 'emulated motors'
  private simulator: MotorSimulator | null = null
  private unsubscribe: (() => void) | undefined
  /** Where each motor stood when the simulation last started over, by its relays. */
  private readonly kept = new Map<string, { position: number; tilt: number }>()

  private get clock(): Clock {
    return this.deps.clock ?? systemClock
  }

  constructor(private readonly deps: EmulatedMotorsDeps) {}

  start(): void {
    this.rebuild()
    this.unsubscribe = this.deps.events.on('data:changed', ({ entity }) => {
      if (entity === 'blind') this.rebuild()
    })
  }

  stop(): void {
    this.unsubscribe?.()
    this.simulator?.stop()
    this.simulator = null
  }

  /** Motors for the blinds as they are now; a blind whose relays stay keeps its position. */
  private rebuild(): void {
    const now = this.clock.monotonic()
    for (const motor of this.simulator?.motors ?? []) {
      const { unit, upCoil } = motor.spec
      this.kept.set(`${unit}:${upCoil}`, motor.state(now))
    }
    this.simulator?.stop()
    const motors: { spec: MotorSpec; blind: EmulatedBlind }[] = []
    for (const blind of this.deps.blinds()) {
      const up = parseAddress(blind.blindAddressUp)
      const down = parseAddress(blind.blindAddressDown)
      // A motor needs both its relays on one unit of the board.
      if (!up.ok || !down.ok || up.address.unit !== down.address.unit) continue
      const kept = this.kept.get(`${up.address.unit}:${up.address.coil}`)
      const spec: MotorSpec = {
        unit: up.address.unit,
        upCoil: up.address.coil,
        downCoil: down.address.coil,
        travelUpMs: blind.travelTimeUpMs,
        travelDownMs: blind.travelTimeDownMs,
        startDelayMs: blind.motorStartDelayMs,
        tiltMs: blind.tiltTimeMs,
        position: kept?.position ?? 100,
        tilt: kept?.tilt ?? 100,
      }
      motors.push({ spec, blind })
    }
    const named = new Map(motors.map((m) => [`${m.spec.unit}:${m.spec.upCoil}`, m.blind]))
    this.simulator = new MotorSimulator(
      this.deps.emulator,
      motors.map((m) => m.spec),
    )
    this.simulator.onChange((motor, state) => {
      if (state.relay !== null) return
      const blind = named.get(`${motor.spec.unit}:${motor.spec.upCoil}`)
      if (!blind) return
      // The hub hears of the same relay change a moment later; read its estimate then.
      this.clock
        .setTimeout(() => {
          const hub = this.deps.tracker.estimate(blind.id)
          this.deps.log.info(
            {
              blind: blind.name,
              motor: Math.round(state.position),
              hub: hub === null ? null : Math.round(hub.position),
            },
            'emulated motor stopped',
          )
        }, 50)
        .unref()
    })
  }
}
