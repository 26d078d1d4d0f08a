// A Modbus RTU relay board in software, after Waveshare's "Modbus RTU Relay": several units
// on one bus, each with its coils (relays), answering read coils, write single coil, write
// multiple coils and the device-timed flash on / flash off; and, if asked, a weather sensor
// unit beside them (emulator-weather.ts). Transport-agnostic: feed it whole frames
// (`handleFrame`) or a byte stream (`attach`).
import { hasValidCrc } from './crc'
import {
  corruptCrc,
  FaultTable,
  switchesOff,
  type Fault,
  type NoiseCounts,
} from './emulator-faults'
import { FlashTimers, type EmulatorTimers } from './emulator-flash'
import { ProbeUnit } from './emulator-probe'
import { WeatherSensorUnit, type WeatherSensorOptions } from './emulator-weather'
import { connectToWire, DEFAULT_TURNAROUND_MS, type EmulatorConnection } from './emulator-wire'
import {
  ILLEGAL_DATA_ADDRESS,
  ILLEGAL_DATA_VALUE,
  ILLEGAL_FUNCTION,
  ProtocolError,
} from './protocol-error'
import { describeRequest, MAX_PULSE_UNITS, PULSE_UNIT_MS } from './pulse'
import { checkRange } from './rtu-frame'
import { decodeRequest } from './rtu-request'
import { encodeResponse } from './rtu-response'
import {
  BROADCAST_UNIT,
  MAX_READ_COILS,
  MAX_RTU_UNIT,
  MAX_WRITE_COILS,
  READ_COILS,
  READ_HOLDING_REGISTERS,
  READ_INPUT_REGISTERS,
  WRITE_MULTIPLE_COILS,
  WRITE_SINGLE_COIL,
  type Request,
  type Response,
  type WriteSingleCoilRequest,
} from './rtu-types'
import type { Parity } from './timing'

export type { Fault, Noise, NoiseCounts } from './emulator-faults'
export type { EmulatorConnection } from './emulator-wire'
export type { WeatherSensorOptions } from './emulator-weather'

export interface RelayBoardEmulatorOptions {
  /** Unit addresses on the bus; default 1, 2, 3, 4. */
  units?: number[]
  /** Coils (relays) per unit, addresses 0..coilsPerUnit-1; default 32. */
  coilsPerUnit?: number
  /** With a baud rate, `attach` answers as late as that line would; without, at once. */
  baud?: number
  parity?: Parity
  /** Time from the end of a request to the start of the answer on a timed line. */
  turnaroundMs?: number
  /** Clock of the record, in ms. */
  now?: () => number
  /** The timers that end board-timed pulses (default the process's own; a test's clock). */
  timers?: EmulatorTimers
  /**
   * Units that are standard Modbus relay boards rather than Waveshare's: they have no
   * device-timed pulses and answer "flash on" and "flash off" with exception 0x02 (illegal
   * data address), as a coil address they do not have. Default none.
   */
  unitsWithoutFlash?: readonly number[]
  /**
   * A weather sensor unit beside the relay units (default unit 10, which must not be one of
   * them), answering 0x03 and 0x04 from its script; faults apply to it as to any unit.
   */
  weather?: WeatherSensorOptions
  /** Probe units (emulator-probe.ts) at these addresses, for tests of the bus; default none. */
  probeUnit?: number | readonly number[]
}

export type CoilChangeCause = 'write' | 'flash' | 'flash-end'

export interface CoilChange {
  at: number
  unit: number
  coil: number
  on: boolean
  cause: CoilChangeCause
}

export class RelayBoardEmulator {
  /** Every change of a coil's state, oldest first. */
  readonly record: CoilChange[] = []
  readonly coilsPerUnit: number
  /** The weather sensor unit, if the board has one. */
  readonly weather: WeatherSensorUnit | undefined
  /** The (first) probe unit, if the board has one. */
  readonly probe: ProbeUnit | undefined
  /** Every probe unit, by address. */
  readonly probes = new Map<number, ProbeUnit>()
  private readonly coilsByUnit = new Map<number, boolean[]>()
  private readonly flashes: FlashTimers
  private readonly listeners = new Set<(change: CoilChange) => void>()
  private readonly faults = new FaultTable()
  private readonly baud: number | undefined
  private readonly parity: Parity
  private readonly turnaroundMs: number
  private readonly now: () => number
  private readonly unitsWithoutFlash: ReadonlySet<number>

  constructor(options: RelayBoardEmulatorOptions = {}) {
    const units = options.units ?? [1, 2, 3, 4]
    this.coilsPerUnit = options.coilsPerUnit ?? 32
    checkRange('coils per unit', this.coilsPerUnit, 1, 256)
    for (const unit of units) {
      checkRange('unit', unit, 1, MAX_RTU_UNIT)
      this.coilsByUnit.set(unit, new Array<boolean>(this.coilsPerUnit).fill(false))
    }
    this.baud = options.baud
    this.parity = options.parity ?? 'none'
    this.turnaroundMs = options.turnaroundMs ?? DEFAULT_TURNAROUND_MS
    this.now = options.now ?? (() => performance.timeOrigin + performance.now())
    this.flashes = new FlashTimers(this.now, options.timers)
    this.unitsWithoutFlash = new Set(options.unitsWithoutFlash ?? [])
    this.weather = options.weather && new WeatherSensorUnit(options.weather, this.now)
    const taken = [...this.coilsByUnit.keys(), this.weather?.unit]
    for (const unit of [options.probeUnit ?? []].flat()) {
      if (taken.includes(unit) || this.probes.has(unit) || !(unit >= 1 && unit <= MAX_RTU_UNIT)) {
        throw new RangeError(`a probe unit must be a unit from 1 to 247 of its own (got ${unit})`)
      }
      this.probes.set(unit, new ProbeUnit(unit))
    }
    this.probe = this.probes.values().next().value
    if (this.weather && this.coilsByUnit.has(this.weather.unit)) {
      throw new RangeError(
        `the weather unit ${this.weather.unit} is also a relay unit (${units.join(', ')}): give it an address of its own`,
      )
    }
  }

  /** Whether a coil is on. */
  coil(unit: number, coil: number): boolean {
    const coils = this.unitCoils(unit)
    checkRange('coil', coil, 0, this.coilsPerUnit - 1)
    return coils[coil]!
  }

  /** A copy of all coil states of a unit. */
  coils(unit: number): boolean[] {
    return [...this.unitCoils(unit)]
  }

  /** Calls `listener` on every change of a coil; returns the unsubscribe function. */
  onChange(listener: (change: CoilChange) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Whether `attach` answers as late as a line at its baud rate would. */
  get wireTimed(): boolean {
    return this.baud !== undefined
  }

  /** What noisy faults did to the answers so far. */
  get noise(): Readonly<NoiseCounts> {
    return this.faults.noise
  }

  /** The fault of one unit, or without `unit` of every unit (clearing per-unit faults). */
  setFault(fault: Fault, unit?: number): void {
    this.faults.set(fault, unit)
  }

  /**
   * Acts on one complete frame and returns the answer's bytes, or null where a real board
   * stays silent: bad CRC, a unit not on this board, a broadcast, a `no-answer` fault.
   * Synchronous; a `slow` fault applies only through `attach`.
   */
  handleFrame(frame: Uint8Array): Uint8Array | null {
    if (!hasValidCrc(frame)) return null
    const unit = frame[0]!
    if (unit === BROADCAST_UNIT) {
      this.handleBroadcast(frame)
      return null
    }
    if (!this.coilsByUnit.has(unit) && unit !== this.weather?.unit && !this.probes.has(unit)) {
      return null
    }
    const fault = this.faults.of(unit)
    if (fault.kind === 'no-answer') return null
    if (fault.kind === 'deaf-to-off' && switchesOff(frame, fault.coil)) {
      this.faults.spend(unit)
      return null
    }
    const answer = encodeResponse(this.answer(unit, frame))
    return fault.kind === 'bad-crc' ? corruptCrc(answer) : answer
  }

  /** Connects the board to a byte stream; `send` gets its answers. */
  attach(send: (bytes: Uint8Array) => void): EmulatorConnection {
    const board = {
      handleFrame: (frame: Uint8Array) => this.handleFrame(frame),
      deliveries: (unit: number, answer: Uint8Array, wireMs: (bytes: number) => number) =>
        this.faults.deliveries(unit, answer, wireMs),
    }
    const { baud, parity, turnaroundMs, now } = this
    return connectToWire(board, send, { baud, parity, turnaroundMs, now })
  }

  /** Cancels pending flash ends, leaving the coils as they are now. */
  stop(): void {
    this.flashes.cancelAll()
  }

  private unitCoils(unit: number): boolean[] {
    const coils = this.coilsByUnit.get(unit)
    if (!coils) throw new RangeError(`unit ${unit} is not on this board`)
    return coils
  }

  private answer(unit: number, frame: Uint8Array): Response {
    let request: Request
    try {
      request = decodeRequest(frame)
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error
      const exception = error.kind === 'unknown-function' ? ILLEGAL_FUNCTION : ILLEGAL_DATA_VALUE
      return { unit, fn: frame[1]! & 0x7f, exception }
    }
    if (unit === this.weather?.unit) return this.weather.execute(request)
    const probe = this.probes.get(unit)
    if (probe) return probe.execute(request)
    return this.execute(unit, request)
  }

  /**
   * Writes to unit 0 act on every relay unit that hears them; reads make no sense and are
   * ignored, and the weather unit has nothing to write.
   */
  private handleBroadcast(frame: Uint8Array): void {
    let request: Request
    try {
      request = decodeRequest(frame)
    } catch {
      return
    }
    if (request.fn !== WRITE_MULTIPLE_COILS && request.fn !== WRITE_SINGLE_COIL) return
    for (const unit of this.coilsByUnit.keys()) {
      if (this.faults.of(unit).kind !== 'no-answer') this.execute(unit, request)
    }
  }

  private execute(unit: number, request: Request): Response {
    const exception = (code: number): Response => ({ unit, fn: request.fn, exception: code })
    switch (request.fn) {
      case READ_COILS: {
        const { address, quantity } = request
        if (quantity < 1 || quantity > MAX_READ_COILS) return exception(ILLEGAL_DATA_VALUE)
        if (address + quantity > this.coilsPerUnit) return exception(ILLEGAL_DATA_ADDRESS)
        return {
          unit,
          fn: READ_COILS,
          values: this.unitCoils(unit).slice(address, address + quantity),
        }
      }
      case WRITE_MULTIPLE_COILS: {
        const { address, values } = request
        if (values.length < 1 || values.length > MAX_WRITE_COILS) {
          return exception(ILLEGAL_DATA_VALUE)
        }
        if (address + values.length > this.coilsPerUnit) return exception(ILLEGAL_DATA_ADDRESS)
        values.forEach((on, i) => this.write(unit, address + i, on, 'write'))
        return { unit, fn: WRITE_MULTIPLE_COILS, address, quantity: values.length }
      }
      case READ_HOLDING_REGISTERS:
      case READ_INPUT_REGISTERS:
        return exception(ILLEGAL_FUNCTION)
      default:
        return this.executeSingleWrite(unit, request)
    }
  }

  /** A write single coil request: plain on/off or a flash, answered with its echo. */
  private executeSingleWrite(unit: number, request: WriteSingleCoilRequest): Response {
    const exception = (code: number): Response => ({ unit, fn: request.fn, exception: code })
    const echo: Response = { ...request, unit }
    const description = describeRequest(request)
    switch (description.kind) {
      case 'write':
        if (description.coil >= this.coilsPerUnit) return exception(ILLEGAL_DATA_ADDRESS)
        this.write(unit, description.coil, description.on, 'write')
        return echo
      case 'flash-on':
      case 'flash-off': {
        if (this.unitsWithoutFlash.has(unit)) return exception(ILLEGAL_DATA_ADDRESS)
        if (description.coil >= this.coilsPerUnit) return exception(ILLEGAL_DATA_ADDRESS)
        if (request.value < 1 || request.value > MAX_PULSE_UNITS) {
          return exception(ILLEGAL_DATA_VALUE)
        }
        const onDuringFlash = description.kind === 'flash-on'
        this.flash(unit, description.coil, onDuringFlash, request.value * PULSE_UNIT_MS)
        return echo
      }
      default:
        return exception(
          request.address < this.coilsPerUnit ? ILLEGAL_DATA_VALUE : ILLEGAL_DATA_ADDRESS,
        )
    }
  }

  /** A command for a coil: ends a flash whose time is up, cancels a pending one, then sets it. */
  private write(unit: number, coil: number, on: boolean, cause: CoilChangeCause): void {
    this.flashes.settle(unit, coil)
    this.setCoil(unit, coil, on, cause)
  }

  private flash(unit: number, coil: number, onDuringFlash: boolean, ms: number): void {
    this.write(unit, coil, onDuringFlash, 'flash')
    this.flashes.start(unit, coil, ms, (endsAt) => {
      this.setCoil(unit, coil, !onDuringFlash, 'flash-end', endsAt)
    })
  }

  private setCoil(
    unit: number,
    coil: number,
    on: boolean,
    cause: CoilChangeCause,
    at = this.now(),
  ): void {
    const coils = this.unitCoils(unit)
    if (coils[coil] === on) return
    coils[coil] = on
    const change: CoilChange = { at, unit, coil, on, cause }
    this.record.push(change)
    for (const listener of this.listeners) listener(change)
  }
}
