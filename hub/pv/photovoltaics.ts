// The photovoltaics feature (ARCHITECTURE.md section 11): polls the inverter every 10 s, one
// poll at a time, each over a connection of its own that is closed after it. Every good poll
// counts energy and gathers the minute's sample; a failed one makes the inverter offline until
// a poll reads it again, which is the whole of reconnecting. Going offline and coming back are
// logged once each. After every poll the browsers hear `pv:sample`.
import { systemClock, type Clock, type ClockTimer } from '../clock/clock'
import { ProtocolError } from '../../firmware-protocol/protocol-error'
import { SunSpecError } from '../../firmware-protocol/sunspec'
import type { Db } from '../db/open'
import { addDays, localDayOf, type LocalDay } from '../engine/sun'
import { logInternalError } from '../errors'
import type { HubEvents } from '../events'
import type { PvSampleEvent } from '../realtime/events'
import { EnergyStore } from './energy-store'
import { PvHistory } from './history'
import { ModbusTcpError } from './modbus-client'
import { InverterReader, type InverterSnapshot } from './reader'
import type { PvDay, PvSample, PvService, PvStatus } from './service'
import type { PvSettings } from './settings'

const POLL_MS = 10_000
const PURGE_MS = 60 * 60_000
/**
 * How often the counted energy and the finished minutes are written, in one transaction: a
 * write per poll came to some 180 MB a day on the card (issue 23). The inverter keeps the
 * lifetime counter, so a power cut loses no energy, only the chart's last minutes.
 */
export const PV_WRITE_EVERY_MS = 15 * 60_000

/** What the module logs through: a pino child logger in the hub. */
export interface PvLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
  debug(obj: object, msg: string): void
}

export interface PhotovoltaicsDeps {
  /** Its timers (default the system's). */
  clock?: Clock
  settings: PvSettings
  db: Db
  events: HubEvents
  log: PvLog
  /** The wall clock; tests pass their own. */
  now: () => number
  /** The hub's time zone: days of energy are local days. */
  timeZone: string
  /** POLL_MS; tests and the benchmark pass less. */
  pollMs?: number
  /** How long a connect or a read may take (3 s). */
  timeoutMs?: number
}

const round = (n: number | null | undefined) =>
  n === null || n === undefined ? null : Math.round(n)
const iso = (at: number) => new Date(at).toISOString()
const dayText = (d: LocalDay) =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`

/** Errors of the inverter and the network, as against our own bugs. */
const isLinkError = (err: unknown) =>
  err instanceof ModbusTcpError || err instanceof SunSpecError || err instanceof ProtocolError

export class Photovoltaics implements PvService {
  readonly name = 'pv'
  readonly reader: InverterReader
  private readonly energyStore: EnergyStore
  private readonly samples: PvHistory
  private readonly startedAt: number
  private last: { snapshot: InverterSnapshot; at: number } | null = null
  private online = false
  private error: string | null = null
  private offlineSince: number | null = null
  private polling: Promise<void> | null = null
  private timer: ClockTimer | null = null
  private purgeTimer: ClockTimer | null = null
  private running = false
  private writtenAt: number

  private get clock(): Clock {
    return this.deps.clock ?? systemClock
  }

  constructor(private readonly deps: PhotovoltaicsDeps) {
    const { settings, db, timeZone } = deps
    this.reader = new InverterReader(settings, deps.timeoutMs)
    this.energyStore = new EnergyStore(db, timeZone)
    this.samples = new PvHistory(db)
    this.startedAt = deps.now()
    this.writtenAt = this.startedAt
  }

  /** The first poll at once, then one every 10 s after each ends; old samples go hourly. */
  start(): void {
    this.running = true
    this.deps.log.info({ inverter: this.deps.settings.url }, 'reading the PV inverter')
    this.purge()
    this.purgeTimer = this.clock.setInterval(() => this.purge(), PURGE_MS)
    this.purgeTimer.unref()
    this.schedule(0)
  }

  /** Stops polling, lets a poll under way end, and writes the minute gathered so far. */
  async stop(): Promise<void> {
    this.running = false
    if (this.timer) this.clock.clear(this.timer)
    if (this.purgeTimer) this.clock.clear(this.purgeTimer)
    this.timer = this.purgeTimer = null
    await this.polling
    this.samples.finish()
    this.write(true)
  }

  /**
   * Writes what was counted and gathered since the last write in one commit: at stop whatever
   * waits, else only energy or minutes with power (a night at rest writes nothing). A commit
   * that fails keeps it all waiting for the next.
   */
  private write(all = false): void {
    this.writtenAt = this.deps.now()
    const minutes = all ? this.samples.unwritten : this.samples.worthWriting
    if (!this.energyStore.unwritten && !minutes) return
    try {
      this.deps.db.transaction(() => {
        this.energyStore.write()
        if (minutes) this.samples.write()
      })
    } catch (err) {
      logInternalError(this.deps.log, err, 'could not store the PV readings')
      return
    }
    this.energyStore.committed()
    if (minutes) this.samples.committed()
  }

  private schedule(delayMs: number): void {
    if (!this.running) return
    this.timer = this.clock.setTimeout(() => {
      const started = this.clock.monotonic()
      void this.poll().then(() => {
        const pollMs = this.deps.pollMs ?? POLL_MS
        this.schedule(Math.max(0, pollMs - (this.clock.monotonic() - started)))
      })
    }, delayMs)
    this.timer.unref()
  }

  /** One poll; while one is under way, that one. Never rejects. */
  poll(): Promise<void> {
    this.polling ??= this.pollOnce().finally(() => (this.polling = null))
    return this.polling
  }

  purge(): void {
    try {
      this.samples.purge(this.deps.now())
    } catch (err) {
      logInternalError(this.deps.log, err, 'could not drop old PV samples')
    }
  }

  private async pollOnce(): Promise<void> {
    let snapshot: InverterSnapshot
    try {
      snapshot = await this.reader.read()
    } catch (err) {
      this.failed(err)
      this.deps.events.emit('pv:sample', this.sample())
      return
    }
    const at = this.deps.now()
    try {
      this.energyStore.record({
        wh: snapshot.inverter.lifetimeWh,
        at,
        serial: snapshot.device.serial,
      })
      this.samples.add(at, snapshot.inverter.acPowerW, snapshot.inverter.dcPowerW)
    } catch (err) {
      logInternalError(this.deps.log, err, 'could not store the PV reading')
    }
    if (at - this.writtenAt >= PV_WRITE_EVERY_MS || at < this.writtenAt) this.write()
    this.last = { snapshot, at }
    if (!this.online) {
      const { manufacturer, model, serial } = snapshot.device
      this.deps.log.info(
        { inverter: this.deps.settings.url, manufacturer, model, serial },
        'the PV inverter is online',
      )
    }
    this.online = true
    this.error = null
    this.offlineSince = null
    this.deps.events.emit('pv:sample', this.sample())
  }

  private failed(err: unknown): void {
    if (!isLinkError(err)) logInternalError(this.deps.log, err, 'reading the PV inverter failed')
    const message = (err instanceof Error ? err.message : String(err)).split('\n')[0]!
    const { log, settings } = this.deps
    if (this.online || this.offlineSince === null) {
      log.warn(
        { inverter: settings.url, error: message },
        'cannot read the PV inverter; retrying every poll',
      )
      this.offlineSince = this.last?.at ?? this.startedAt
    } else if (message !== this.error) {
      log.debug({ inverter: settings.url, error: message }, 'the PV inverter is still offline')
    }
    this.online = false
    this.error = message
  }

  private today(): string {
    return this.energyStore.dayOf(this.deps.now())
  }

  private sample(): PvSampleEvent {
    const inverter = this.online ? this.last?.snapshot.inverter : undefined
    return {
      at: iso(this.deps.now()),
      online: this.online,
      powerW: round(inverter?.acPowerW),
      dcPowerW: round(inverter?.dcPowerW),
      todayWh: Math.round(this.energyStore.dayWh(this.today())),
      state: inverter?.state ?? null,
    }
  }

  status(): PvStatus {
    const snapshot = this.last?.snapshot
    // While offline the live values are not known; what was read stays, with when.
    const live = this.online ? snapshot : undefined
    const counter = this.energyStore.counter()
    return {
      configured: true,
      online: this.online,
      error: this.error,
      offlineSince: this.offlineSince === null ? null : iso(this.offlineSince),
      device: snapshot
        ? {
            manufacturer: snapshot.device.manufacturer,
            model: snapshot.device.model,
            serial: snapshot.device.serial,
            version: snapshot.device.version,
          }
        : null,
      powerW: round(live?.inverter.acPowerW),
      dcPowerW: round(live?.inverter.dcPowerW),
      todayWh: Math.round(this.energyStore.dayWh(this.today())),
      lifetimeWh: counter?.wh ?? null,
      state: live?.inverter.state ?? null,
      mppt: (live?.mppt?.modules ?? []).map((m) => ({
        id: m.id,
        label: m.label,
        powerW: round(m.dcPowerW),
        voltageV: m.dcVoltageV,
        currentA: m.dcCurrentA,
      })),
      updatedAt: this.last ? iso(this.last.at) : null,
    }
  }

  history(from: number, to: number): PvSample[] {
    return this.samples.range(from, to).map((s) => ({
      at: iso(s.at),
      powerW: round(s.powerW),
      dcPowerW: round(s.dcPowerW),
    }))
  }

  energy(days: number): PvDay[] {
    const today = localDayOf(new Date(this.deps.now()), this.deps.timeZone)
    const list = Array.from({ length: days }, (_, i) => dayText(addDays(today, i - days + 1)))
    const wh = this.energyStore.days(list[0]!, list[list.length - 1]!)
    return list.map((day) => ({ day, wh: Math.round(wh.get(day) ?? 0) }))
  }
}
