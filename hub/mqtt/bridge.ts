// The MQTT feature (ARCHITECTURE.md section 10): one module with listening() and stop(), fed by
// HubEvents like the realtime server. It keeps retained state on the broker for the hub, its
// bus, every blind and every automation; announces them to Home Assistant; and carries out the
// commands published to this hub's topics (hub/mqtt/commands). Nothing else in the hub knows
// MQTT. The hub connects with a clean session, so the broker keeps no command for it while it is
// away: a command is carried out the moment it arrives, or never.
import { connect, type IPublishPacket, type MqttClient } from 'mqtt'
import type { FastifyBaseLogger } from 'fastify'
import type { Automation, AutomationRun } from '../db/automations'
import type { Blind } from '../db/blinds'
import type { Viewer } from '../db/visibility'
import type { HubEvents } from '../events'
import type { BlindPosition } from '../position/tracker'
import type { BusStatusEvent } from '../realtime/events'
import { MQTT_VIEWER, MqttCommands, type CommandDeps } from './commands'
import {
  buttonConfig,
  coverConfig,
  hubConfig,
  HUB_OBJECT_ID,
  type DiscoveryContext,
} from './discovery'
import { coverState } from './payloads'
import type { MqttSettings } from './settings'
import { Topics } from './topics'
import { MqttWeather, type WeatherSource } from './weather'
import { LimitedWarnings } from './warnings'

/** How often a moving blind's position is published while it travels. */
const MOVING_POSITION_EVERY_MS = 1000
/** Reconnect backoff: from 1 s, doubling, to at most 30 s, each ±20 %. */
const RECONNECT_FIRST_MS = 1000
const RECONNECT_MAX_MS = 30_000
/** A silent broker is noticed after at most 1.5 keepalives. */
const KEEPALIVE_S = 15
/** Home Assistant's `online` (its restart) re-announces everything once, after a breath. */
const REANNOUNCE_AFTER_MS = 500

export interface MqttLinkStatus {
  broker: string
  hubId: string
  connected: boolean
  /** When the link last came up or went down (ISO-8601), or null before the first attempt ended. */
  since: string | null
  /** Why it is down, in words; null while connected. */
  error: string | null
}

export interface MqttDeps {
  settings: MqttSettings
  version: string
  events: HubEvents
  log: FastifyBaseLogger
  blinds: { list(viewer: Viewer): Blind[] }
  automations: {
    list(viewer: Viewer): Automation[]
    lastRun(automationId: string): AutomationRun | null
  }
  positions: CommandDeps['positions'] & { state(blindId: string): BlindPosition }
  runAutomation: CommandDeps['runAutomation']
  busStatus(): BusStatusEvent
  /** Weather protection's sensors and alarms (hub/weather). */
  weather?: WeatherSource
  /** The web UI's address, read at start (the hub listens by then); null: none to give. */
  uiUrl(): string | null
  now?: () => number
  /** How old a command may be (hub/mqtt/commands); tests pass less. */
  maxCommandAgeMs?: number
}

export class MqttBridge {
  readonly name = 'mqtt'
  private client: MqttClient | null = null
  private readonly topics: Topics
  private ctx: DiscoveryContext
  private weather: MqttWeather | null = null
  private readonly commands: MqttCommands
  /** What others publish, and the link's own trouble: a flood of one never hides the other. */
  private readonly warnings: LimitedWarnings
  private readonly linkWarnings: LimitedWarnings
  private readonly now: () => number
  private readonly unsubscribe: (() => void)[] = []
  /** What this connection has published per topic, so only changes go out again. */
  private readonly published = new Map<string, string>()
  /** Ids announced to the broker, to clear what was deleted. */
  private announcedBlinds = new Set<string>()
  private announcedAutomations = new Set<string>()
  private ticker: NodeJS.Timeout | null = null
  private reannounce: NodeJS.Timeout | null = null
  private attempts = 0
  private state: { connected: boolean; since: number | null; error: string | null } = {
    connected: false,
    since: null,
    error: null,
  }

  constructor(private readonly deps: MqttDeps) {
    this.topics = new Topics(deps.settings)
    const { hubId } = deps.settings
    this.ctx = { topics: this.topics, hubId, version: deps.version, uiUrl: null }
    this.now = deps.now ?? Date.now
    this.warnings = new LimitedWarnings(deps.log, this.now)
    this.linkWarnings = new LimitedWarnings(deps.log, this.now)
    this.commands = new MqttCommands({
      log: deps.log,
      warnings: this.warnings,
      positions: deps.positions,
      runAutomation: deps.runAutomation,
      clear: (topic) => this.clear(topic),
      ...(deps.maxCommandAgeMs !== undefined && { maxCommandAgeMs: deps.maxCommandAgeMs }),
    })
  }

  status(): MqttLinkStatus {
    return {
      broker: this.deps.settings.url,
      hubId: this.deps.settings.hubId,
      connected: this.state.connected,
      since: this.state.since === null ? null : new Date(this.state.since).toISOString(),
      error: this.state.error,
    }
  }

  /**
   * Connects in the background once the hub listens (Home Assistant's link to the UI needs the
   * port): a broker that is away never holds up or stops the hub.
   */
  listening(): void {
    if (this.client) return
    const { settings, log } = this.deps
    this.ctx = { ...this.ctx, uiUrl: this.deps.uiUrl() }
    if (this.deps.weather) {
      this.weather = new MqttWeather(this.deps.weather, this.ctx, {
        publish: (topic, payload) => this.publish(topic, payload),
        clear: (topic) => this.clear(topic),
        subscribe: (topics) => this.client?.subscribe(topics, { qos: 1 }),
        unsubscribe: (topics) => this.client?.unsubscribe(topics),
      })
    }
    const client = connect(settings.url, {
      clientId: `lamella_${settings.hubId}`,
      clean: true,
      keepalive: KEEPALIVE_S,
      connectTimeout: 10_000,
      reconnectPeriod: RECONNECT_FIRST_MS,
      queueQoSZero: false,
      resubscribe: true,
      ...(settings.username !== undefined && { username: settings.username }),
      ...(settings.password !== undefined && { password: settings.password }),
      will: { topic: this.topics.status, payload: Buffer.from('offline'), qos: 1, retain: true },
    })
    this.client = client
    client.on('connect', () => this.connected())
    client.on('message', (topic, payload, packet) => this.message(topic, payload, packet))
    // After stop() this.client is null: a link closed on purpose is not a lost one.
    client.on('error', (err) => this.client === client && this.down(err.message))
    // Before mqtt.js's own 'close' listener, which schedules the next attempt with this period.
    client.prependListener('close', () => {
      if (this.client !== client) return
      this.down(this.state.error ?? 'the broker closed the connection')
      const base = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** this.attempts)
      client.options.reconnectPeriod = Math.round(base * (0.8 + Math.random() * 0.4))
      this.attempts++
    })
    log.info({ broker: settings.url, hubId: settings.hubId }, 'connecting to the MQTT broker')
    this.commands.start()

    const { events } = this.deps
    this.unsubscribe.push(
      events.on('blind:motion', ({ event }) => {
        this.publishBlind(event.id)
        this.followMoving()
      }),
      events.on('bus:status', () => this.publishBus()),
      events.on('weather:changed', () => {
        if (this.client?.connected) this.weather?.announce()
      }),
      events.on('automation:run', ({ event }) => this.publishAutomation(event.automationId)),
      events.on('data:changed', ({ entity }) => {
        if (entity === 'blind') this.announceBlinds()
        if (entity === 'automation') this.announceAutomations()
      }),
    )
  }

  /** Says `offline` on purpose (the last will covers a crash), then disconnects. */
  async stop(): Promise<void> {
    this.unsubscribe.splice(0).forEach((off) => off())
    if (this.ticker) clearInterval(this.ticker)
    this.commands.stop()
    if (this.reannounce) clearTimeout(this.reannounce)
    this.ticker = this.reannounce = null
    const client = this.client
    this.client = null
    if (!client) return
    if (client.connected) {
      await client
        .publishAsync(this.topics.status, 'offline', { qos: 1, retain: true })
        .catch(() => undefined)
    }
    await client.endAsync(!client.connected).catch(() => undefined)
  }

  private connected(): void {
    const { log, settings } = this.deps
    this.attempts = 0
    if (this.client) this.client.options.reconnectPeriod = RECONNECT_FIRST_MS
    this.state = { connected: true, since: this.now(), error: null }
    log.info({ broker: settings.url, hubId: settings.hubId }, 'connected to the MQTT broker')
    // A new connection starts from nothing: everything is published again.
    this.published.clear()
    const filters = [...this.topics.commandFilters]
    const ha = this.topics.homeAssistantStatus
    if (ha) filters.push(ha)
    const own = this.topics.ownDiscoveryFilter
    if (own) filters.push(own)
    this.client?.subscribe(filters, { qos: 1 }, (err) => {
      if (err)
        this.linkWarnings.warn({ error: err.message }, 'could not subscribe to the command topics')
    })
    this.announceAll()
  }

  private down(error: string): void {
    const wasUp = this.state.connected
    if (!wasUp && this.state.error === error && this.state.since !== null) return
    // `since` is when the link went down; a new reason while it stays down keeps it.
    const since = wasUp || this.state.since === null ? this.now() : this.state.since
    this.state = { connected: false, since, error }
    const { settings } = this.deps
    this.linkWarnings.warn(
      { broker: settings.url, error },
      wasUp ? 'lost the MQTT broker; reconnecting' : 'cannot reach the MQTT broker; retrying',
    )
  }

  private announceAll(): void {
    this.publish(this.topics.status, 'online')
    this.publishBus()
    // The hub's device first: the blinds' devices name it as their via_device.
    const hub = this.topics.discovery('binary_sensor', HUB_OBJECT_ID)
    if (hub) this.publish(hub, JSON.stringify(hubConfig(this.ctx)))
    this.announceBlinds()
    this.announceAutomations()
    this.weather?.connected()
    this.followMoving()
  }

  private publish(topic: string, payload: string): void {
    const client = this.client
    if (!client?.connected || this.published.get(topic) === payload) return
    this.published.set(topic, payload)
    client.publish(topic, payload, { qos: 1, retain: true }, (err) => {
      // A failed publish goes out again with everything at the next connect.
      if (err) this.published.delete(topic)
    })
  }

  /** Empties a retained topic, so nothing of a deleted blind or automation stays behind. */
  private clear(topic: string | null): void {
    if (topic === null) return
    this.published.delete(topic)
    if (this.client?.connected) this.client.publish(topic, '', { qos: 1, retain: true })
  }

  private publishBus(): void {
    this.publish(this.topics.bus, this.deps.busStatus().online ? 'online' : 'offline')
  }

  /**
   * Position and tilt before the state: Home Assistant makes `stopped` open or closed from the
   * position it holds when the state arrives. One not known is emptied (Home Assistant ignores
   * an empty payload, and keeps no stale retained number), and the state says `None`.
   */
  private publishBlind(id: string): void {
    if (!this.announcedBlinds.has(id)) return
    const state = this.deps.positions.state(id)
    this.publish(this.topics.blind(id, 'position'), state.position?.toString() ?? '')
    this.publish(this.topics.blind(id, 'tilt'), state.tilt?.toString() ?? '')
    this.publish(this.topics.blind(id, 'state'), coverState(state))
  }

  private announceBlinds(): void {
    if (!this.client?.connected) return
    const blinds = this.deps.blinds.list(MQTT_VIEWER)
    const now = new Set(blinds.map((b) => b.id))
    for (const id of this.announcedBlinds) {
      if (now.has(id)) continue
      this.clear(this.topics.discovery('cover', id))
      for (const leaf of ['state', 'position', 'tilt'] as const)
        this.clear(this.topics.blind(id, leaf))
    }
    this.announcedBlinds = now
    for (const blind of blinds) {
      const topic = this.topics.discovery('cover', blind.id)
      if (topic) this.publish(topic, JSON.stringify(coverConfig(blind, this.ctx)))
      this.publishBlind(blind.id)
    }
  }

  private publishAutomation(id: string): void {
    if (!this.announcedAutomations.has(id)) return
    const last = this.deps.automations.lastRun(id)
    // The run first: whoever sees the state change finds the run it belongs to already there.
    if (last) {
      const { id: runId, status, source, startedAt, finishedAt, error } = last
      this.publish(
        this.topics.automation(id, 'last_run'),
        JSON.stringify({ runId, status, source, startedAt, finishedAt, error }),
      )
    }
    this.publish(
      this.topics.automation(id, 'state'),
      last?.status === 'RUNNING' ? 'running' : 'idle',
    )
  }

  private announceAutomations(): void {
    if (!this.client?.connected) return
    const automations = this.deps.automations.list(MQTT_VIEWER)
    const now = new Set(automations.map((a) => a.id))
    for (const id of this.announcedAutomations) {
      if (now.has(id)) continue
      this.clear(this.topics.discovery('button', id))
      this.clear(this.topics.automation(id, 'state'))
      this.clear(this.topics.automation(id, 'last_run'))
    }
    this.announcedAutomations = now
    for (const automation of automations) {
      const topic = this.topics.discovery('button', automation.id)
      if (topic) this.publish(topic, JSON.stringify(buttonConfig(automation, this.ctx)))
      this.publishAutomation(automation.id)
    }
  }

  /** While any blind travels, its position goes out every second; stops when all are still. */
  private followMoving(): void {
    if (this.ticker) return
    const tick = () => {
      let moving = false
      for (const id of this.announcedBlinds) {
        if (this.deps.positions.state(id).motion === 'IDLE') continue
        moving = true
        this.publishBlind(id)
      }
      if (!moving && this.ticker) {
        clearInterval(this.ticker)
        this.ticker = null
      }
    }
    this.ticker = setInterval(tick, MOVING_POSITION_EVERY_MS)
    this.ticker.unref()
  }

  private message(topic: string, payload: Buffer, packet: IPublishPacket): void {
    if (topic === this.topics.homeAssistantStatus) {
      if (payload.toString() === 'online') this.scheduleReannounce()
      return
    }
    if (this.weather?.message(topic, payload)) return
    const announced = this.topics.announcement(topic)
    if (announced) return this.dropStale(announced, payload)
    const command = this.topics.command(topic)
    // Empty is how a retained message is deleted (the hub itself does it): not a command.
    if (!command || payload.length === 0) return
    this.commands.received(command, topic, payload, packet)
  }

  /** An announcement the broker kept of a blind or automation deleted while the hub was away. */
  private dropStale(announced: { component: 'cover' | 'button'; id: string }, payload: Buffer) {
    if (payload.length === 0) return
    const known = announced.component === 'cover' ? this.announcedBlinds : this.announcedAutomations
    if (known.has(announced.id)) return
    this.clear(this.topics.discovery(announced.component, announced.id))
    const leaves =
      announced.component === 'cover'
        ? (['state', 'position', 'tilt'] as const).map((l) => this.topics.blind(announced.id, l))
        : (['state', 'last_run'] as const).map((l) => this.topics.automation(announced.id, l))
    leaves.forEach((topic) => this.clear(topic))
  }

  private scheduleReannounce(): void {
    if (this.reannounce) return
    this.reannounce = setTimeout(() => {
      this.reannounce = null
      this.published.clear()
      this.announceAll()
    }, REANNOUNCE_AFTER_MS)
    this.reannounce.unref()
  }
}
