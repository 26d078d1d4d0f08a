// Who times each unit's pulses, and switching a side on accordingly. With LAMELLA_PULSE=device
// the board does ("flash on"), but a standard Modbus relay board has no such coil and refuses
// the request, having done nothing: the same command then goes on hub-timed (on now; the
// relay driver's timer switches it off), and the unit is remembered, with one warning in the
// log and the unit listed in hubStatus, so the owner can set LAMELLA_PULSE=hub.
import type { RelayAddress } from '../../firmware-protocol/address'
import { ILLEGAL_DATA_ADDRESS, ILLEGAL_FUNCTION } from '../../firmware-protocol/protocol-error'
import type { PulseMode } from '../config'
import type { CoilWriter } from './coils'
import { BusError } from './transport'

export interface PulseTimingLog {
  warn(obj: object, msg: string): void
}

/** Whether a failed "flash on" means the board has no board-timed pulses (and did nothing). */
export function refusesBoardTimedPulses(err: unknown): boolean {
  return (
    err instanceof BusError &&
    (err.exception === ILLEGAL_DATA_ADDRESS || err.exception === ILLEGAL_FUNCTION)
  )
}

export class PulseTiming {
  private readonly hubTimed = new Set<number>()

  constructor(
    /** LAMELLA_PULSE. */
    readonly configured: PulseMode,
    private readonly coils: CoilWriter,
    private readonly log?: PulseTimingLog,
  ) {}

  /** How pulses on `unit` are timed. */
  modeOf(unit: number): PulseMode {
    return this.configured === 'hub' || this.hubTimed.has(unit) ? 'hub' : 'device'
  }

  /** The units that refused board-timed pulses, in order. */
  hubTimedUnits(): number[] {
    return [...this.hubTimed].sort((a, b) => a - b)
  }

  /**
   * Switches a relay on for `ms`, board-timed where its unit can; resolves with who times it
   * and when the board switched it on (monotonic ms). `current` throws when a newer command
   * took over meanwhile.
   */
  async switchOn(
    address: RelayAddress,
    ms: number,
    current: () => void,
  ): Promise<{ timing: PulseMode; at: number }> {
    if (this.modeOf(address.unit) === 'hub') {
      return { timing: 'hub', at: await this.switchOnUntimed(address) }
    }
    try {
      return { timing: 'device', at: await this.coils.flash(address.unit, address.coil, ms) }
    } catch (err) {
      if (!refusesBoardTimedPulses(err)) throw err
      current()
      const at = await this.switchOnUntimed(address)
      // Only once the plain on worked: a board that lacks the coil itself refuses that too.
      this.useHubTiming(address.unit, err as Error)
      return { timing: 'hub', at }
    }
  }

  /** Switches a relay on with nothing but the hub's timer to end it. */
  private async switchOnUntimed(address: RelayAddress): Promise<number> {
    try {
      return await this.coils.set([{ ...address, on: true }])
    } catch (err) {
      // The board may have switched on although its answer was lost, and no hub timer
      // would end it: ask for off at once, as far as the bus lets us.
      this.coils.set([{ ...address, on: false }]).catch(() => undefined)
      throw err
    }
  }

  private useHubTiming(unit: number, refusal: Error): void {
    if (this.hubTimed.has(unit)) return
    this.hubTimed.add(unit)
    this.log?.warn(
      { unit, error: refusal.message },
      `unit ${unit} refused a board-timed pulse ("flash on"): the hub times that unit's ` +
        'pulses itself from now on (on, wait, off); for boards without "flash on" set ' +
        'LAMELLA_PULSE=hub',
    )
  }
}
