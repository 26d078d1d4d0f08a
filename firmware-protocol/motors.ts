// Blind motors behind relay pairs, in software: what a blind on a relay board really does while
// its relays switch, so tests can hold the hub's estimate against the truth. A motor turns
// while exactly one of its two relays is on, after its start delay. On a venetian blind the
// first part of any run turns the slats fully towards that direction (tilt 100 = slats open,
// reached going up), and only then does the blind travel. Positions are 0-100, 100 = open;
// the end stops hold it within that range whatever the relays do.
import { checkRange } from './rtu-frame'

export type MotorDirection = 'UP' | 'DOWN'

export interface MotorSpec {
  unit: number
  upCoil: number
  downCoil: number
  /** Full travel from closed (0) to open (100). */
  travelUpMs: number
  /** Full travel from open (100) to closed (0). */
  travelDownMs: number
  /** From the relay closing to the motor turning. */
  startDelayMs?: number
  /** A full turn of the slats; 0 for a blind without slats. */
  tiltMs?: number
  /** Where the blind stands when the simulation starts; default open. */
  position?: number
  tilt?: number
}

export interface MotorState {
  position: number
  tilt: number
  /** The direction whose relay is on, or null. */
  relay: MotorDirection | null
}

export class SimulatedMotor {
  readonly spec: Required<MotorSpec>
  /** Moments both relays were on together: a real motor would hum and overheat. */
  conflicts = 0
  private relay: MotorDirection | null = null
  /** When the current relay closed, and where the blind stood then. */
  private since = 0
  private from: { position: number; tilt: number }

  constructor(spec: MotorSpec) {
    this.spec = {
      startDelayMs: 0,
      tiltMs: 0,
      position: 100,
      tilt: 100,
      ...spec,
    }
    checkRange('travel up', this.spec.travelUpMs, 1, 3_600_000)
    checkRange('travel down', this.spec.travelDownMs, 1, 3_600_000)
    checkRange('start delay', this.spec.startDelayMs, 0, 60_000)
    checkRange('tilt time', this.spec.tiltMs, 0, 60_000)
    this.from = { position: this.spec.position, tilt: this.spec.tiltMs > 0 ? this.spec.tilt : 0 }
  }

  /** Where the blind is at a moment (on the clock the relay changes are given in). */
  state(at: number): MotorState {
    return { ...this.poseAt(at), relay: this.relay }
  }

  /** The relays of this motor are now as given. */
  relaysChanged(upOn: boolean, downOn: boolean, at: number): void {
    if (upOn && downOn) this.conflicts++
    const relay = upOn && !downOn ? 'UP' : downOn && !upOn ? 'DOWN' : null
    if (relay === this.relay) return
    this.from = this.poseAt(at)
    this.relay = relay
    this.since = at
  }

  private poseAt(at: number): { position: number; tilt: number } {
    if (!this.relay) return { ...this.from }
    let motorMs = Math.max(0, at - this.since - this.spec.startDelayMs)
    const up = this.relay === 'UP'
    let { position, tilt } = this.from
    const { tiltMs } = this.spec
    if (tiltMs > 0) {
      // The slats turn first, towards 100 going up and towards 0 going down.
      const slatsLeft = ((up ? 100 - tilt : tilt) / 100) * tiltMs
      const turning = Math.min(motorMs, slatsLeft)
      tilt += ((up ? 1 : -1) * turning * 100) / tiltMs
      motorMs -= turning
    }
    const travelMs = up ? this.spec.travelUpMs : this.spec.travelDownMs
    position += ((up ? 1 : -1) * motorMs * 100) / travelMs
    return {
      position: Math.min(100, Math.max(0, position)),
      tilt: Math.min(100, Math.max(0, tilt)),
    }
  }
}

/** The part of a relay board the motors need: coil states and their changes. */
export interface CoilSource {
  coil(unit: number, coil: number): boolean
  onChange(listener: (change: { at: number; unit: number; coil: number }) => void): () => void
}

/** Motors wired to a relay board's coil pairs, following every coil change. */
export class MotorSimulator {
  private readonly byCoil = new Map<string, SimulatedMotor>()
  readonly motors: SimulatedMotor[]
  private readonly unsubscribe: () => void
  private readonly listeners = new Set<
    (motor: SimulatedMotor, state: MotorState, at: number) => void
  >()

  constructor(board: CoilSource, specs: MotorSpec[]) {
    this.motors = specs.map((spec) => new SimulatedMotor(spec))
    for (const motor of this.motors) {
      const { unit, upCoil, downCoil } = motor.spec
      for (const coil of [upCoil, downCoil]) {
        const key = `${unit}:${coil}`
        if (this.byCoil.has(key)) throw new RangeError(`relay ${key} drives two motors`)
        this.byCoil.set(key, motor)
      }
    }
    this.unsubscribe = board.onChange((change) => {
      const motor = this.byCoil.get(`${change.unit}:${change.coil}`)
      if (!motor) return
      const { unit, upCoil, downCoil } = motor.spec
      motor.relaysChanged(board.coil(unit, upCoil), board.coil(unit, downCoil), change.at)
      const state = motor.state(change.at)
      for (const listener of this.listeners) listener(motor, state, change.at)
    })
  }

  /** Hears where a motor stands each time its relays change. Returns the unsubscribe. */
  onChange(listener: (motor: SimulatedMotor, state: MotorState, at: number) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** The motor whose up relay is `unit:upCoil`. */
  motor(unit: number, upCoil: number): SimulatedMotor {
    const motor = this.byCoil.get(`${unit}:${upCoil}`)
    if (!motor || motor.spec.upCoil !== upCoil) {
      throw new RangeError(`no motor has its up relay at ${unit}:${upCoil}`)
    }
    return motor
  }

  /** Both relays of one motor on together, summed over every motor. */
  get conflicts(): number {
    return this.motors.reduce((sum, m) => sum + m.conflicts, 0)
  }

  stop(): void {
    this.unsubscribe()
  }
}

const MOTOR_TEXT = /^(\d+):(\d+)\/(\d+):(\d+)@(\d+)(?:\/(\d+))?(?:\/(\d+))?(?:\/(\d+))?$/

/**
 * Motors as a person writes them on a command line, comma-separated:
 * `UNIT:UP/UNIT:DOWN@TRAVEL_UP[/TRAVEL_DOWN[/START_DELAY[/TILT]]]` in ms, e.g.
 * `1:0/1:1@60000/55000/300,1:2/1:3@30000`. Both relays sit on one unit.
 */
export function parseMotors(text: string): MotorSpec[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const m = MOTOR_TEXT.exec(part)
      if (!m || m[1] !== m[3]) {
        throw new RangeError(
          `a motor is UNIT:UP/UNIT:DOWN@TRAVEL_UP[/TRAVEL_DOWN[/START_DELAY[/TILT]]] in ms, ` +
            `both relays on one unit (got "${part}")`,
        )
      }
      const up = Number(m[5])
      return {
        unit: Number(m[1]),
        upCoil: Number(m[2]),
        downCoil: Number(m[4]),
        travelUpMs: up,
        travelDownMs: m[6] ? Number(m[6]) : up,
        startDelayMs: m[7] ? Number(m[7]) : 0,
        tiltMs: m[8] ? Number(m[8]) : 0,
      }
    })
}
