// The bus as one feature module with start() and stop(): the link the config names, the
// transaction layer, the coil writer and the relay driver. On every (re)open of the link and
// at shutdown every known relay is switched off.
import { RelayBoardEmulator } from '../../firmware-protocol/emulator'
import { systemClock, type Clock, type ClockTimer } from '../clock/clock'
import type { Config } from '../config'
import type { BusStatusEvent } from '../realtime/events'
import { CoilWriter } from './coils'
import type { Link } from './link'
import type { RelayGate } from './relay-gate'
import type { RelayObserver } from './relay-observer'
import { EmulatorLink } from './link-emulator'
import { SerialLink } from './link-serial'
import { RelayDriver, type BlindRelays } from './relays'
import { Transport, type BusLog } from './transport'

export const SHUTDOWN_OFF_DEADLINE_MS = 3000
/** How often, and how far apart, the all-off at a link's open is tried. */
export const SAFE_STATE_ATTEMPTS = 3
export const SAFE_STATE_RETRY_MS = 1000

export interface BusDeps {
  config: Pick<Config, 'serial' | 'baud' | 'parity' | 'pulse' | 'deadTimeMs'> &
    Partial<Pick<Config, 'weather'>>
  log: BusLog & { error(obj: object, msg: string): void }
  /** Every blind's relays, read fresh each time the safe state is needed. */
  knownBlinds: () => BlindRelays[]
  onStatus: (status: BusStatusEvent) => void
  /** Hears of every relay run (hub/position). */
  observer?: RelayObserver
  /** Asked before every run and stop of a blind (weather locks). */
  gate?: RelayGate
  /** A link of the test's own; otherwise the config decides. */
  link?: Link
  /** Times dead times, pulses and retries (default the system's). */
  clock?: Clock
}

export class Bus {
  readonly name = 'bus'
  readonly link: Link
  private safeStateRetry: ClockTimer | undefined
  private readonly clock: Clock
  readonly transport: Transport
  readonly coils: CoilWriter
  readonly driver: RelayDriver

  constructor(private readonly deps: BusDeps) {
    const { config } = deps
    this.clock = deps.clock ?? systemClock
    this.link =
      deps.link ??
      (config.serial === 'emulator'
        ? new EmulatorLink(
            new RelayBoardEmulator({
              now: () => this.clock.monotonic(),
              timers: this.clock,
              ...(config.weather && { weather: { script: config.weather } }),
            }),
          )
        : new SerialLink({ path: config.serial, baud: config.baud, parity: config.parity }))
    this.transport = new Transport({
      link: this.link,
      clock: this.clock,
      baud: config.baud,
      parity: config.parity,
      log: deps.log,
      onStatus: deps.onStatus,
      onOpen: () => void this.safeState('link open'),
      // While no board answers, the hub asks the boards of its blinds until one does.
      knownUnits: () => [...new Set(deps.knownBlinds().flatMap((b) => [b.up.unit, b.down.unit]))],
    })
    this.coils = new CoilWriter(this.transport, this.clock)
    this.driver = new RelayDriver({
      coils: this.coils,
      clock: this.clock,
      pulse: config.pulse,
      deadTimeMs: config.deadTimeMs,
      ...(deps.observer && { observer: deps.observer }),
      ...(deps.gate && { gate: deps.gate }),
      log: deps.log,
    })
  }

  status(): BusStatusEvent {
    return this.transport.status()
  }

  /** Opens the link (or keeps trying in the background); the safe state follows each open. */
  async start(): Promise<void> {
    await this.transport.start()
  }

  /** Every relay off, within a deadline, then the link closes. */
  async stop(): Promise<void> {
    this.clock.clear(this.safeStateRetry)
    this.driver.close()
    if (this.link.isOpen) {
      const deadline = new Promise<void>((resolve) =>
        this.clock.setTimeout(resolve, SHUTDOWN_OFF_DEADLINE_MS).unref(),
      )
      await Promise.race([this.safeState('shutdown'), deadline])
    }
    await this.transport.stop()
  }

  private async safeState(why: string, attempt = 1): Promise<void> {
    this.clock.clear(this.safeStateRetry)
    const blinds = this.deps.knownBlinds()
    if (blinds.length === 0) return
    try {
      await this.driver.allOff(blinds)
      this.deps.log.info({ blinds: blinds.length, why }, 'all relays off')
    } catch (err) {
      this.deps.log.error(
        { why, attempt, error: (err as Error).message },
        'could not switch every relay off',
      )
      // A board that missed the all-off at a link's open (busy, or still waking) keeps what it
      // had on: ask again a few times. Not forever: a unit that is simply absent would then
      // cut every move short.
      if (why === 'link open' && attempt < SAFE_STATE_ATTEMPTS && this.link.isOpen) {
        this.safeStateRetry = this.clock.setTimeout(
          () => void this.safeState(why, attempt + 1),
          SAFE_STATE_RETRY_MS,
        )
        this.safeStateRetry.unref()
      }
    }
  }
}
