// The MQTT feature (ARCHITECTURE.md section 10): one module with listening() and stop(), fed by
// HubEvents like the realtime server. It keeps retained state on the broker for the hub, its
// bus, every blind (hub/mqtt/blinds), every automation and the weather (hub/mqtt/weather);
// announces them to Home Assistant, and removes what the broker kept of entities deleted while
// the hub was away; and carries out the commands published to this hub's topics
// (hub/mqtt/commands). Nothing else in the hub knows MQTT. The hub connects with a clean
// session, so the broker keeps no command for it while it is away: a command is carried out the
// moment it arrives, or never.
import { connect, type IPublishPacket, type MqttClient } from 'mqtt'
import type { FastifyBaseLogger } from 'fastify'
import type { Automation, AutomationRun } from '../db/automations'
import type { Blind } from '../db/blinds'
import type { Viewer } from '../db/visibility'
import type { HubEvents } from '../events'
import type { BlindPosition } from '../position/tracker'
import type { BusStatusEvent } from '../realtime/events'
import { MqttAutomations } from './automations'
import { MqttBlinds } from './blinds'
import { MQTT_VIEWER, MqttCommands, type CommandDeps } from './commands'
import { hubConfig, HUB_OBJECT_ID, type DiscoveryContext, type RetainedOut } from './discovery'
import type { CoverLock } from './payloads'
import type { MqttSettings } from './settings'
import { Topics } from './topics'
import { MqttWeather, type WeatherSource } from './weather'
import { LimitedWarnings } from './warnings'

/** Reconnect backoff: from 1 s, doubling, to at most 30 s, each ±20 %. */
const RECONNECT_FIRST_MS = 1000
const RECONNECT_MAX_MS = 30_000
/** A silent broker is noticed after at most 1.5 keepalives. */
const KEEPALIVE_S = 15
/** Home Assistant's `online` (its restart) re-announces everything once, after a breath. */
const REANNOUNCE_AFTER_MS = 500
/** How long a stopping hub waits for the broker to acknowledge its `offline`. */
const GOODBYE_WAIT_MS = 1000

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
  /** The weather lock holding a blind now, as the API words it; null while it is free. */
  weatherLock?(blindId: string): CoverLock | null
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
  private readonly ctx: DiscoveryContext
  private readonly blinds: MqttBlinds
  private readonly automations: MqttAutomations
  private readonly weather: MqttWeather | null
  private readonly commands: MqttCommands
  /** What others publish, and the link's own trouble: a flood of one never hides the other. */
  private readonly warnings: LimitedWarnings
  private readonly linkWarnings: LimitedWarnings
  private readonly now: () => number
  private readonly unsubscribe: (() => void)[] = []
  /** What this connection has published per topic, so only changes go out again. */
  private readonly published = new Map<string, string>()
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
    const out: RetainedOut = {
      linked: () => this.client?.connected === true,
      publish: (topic, payload) => this.publish(topic, payload),
      clear: (topic) => this.clear(topic),
    }
    this.blinds = new MqttBlinds(
      {
        list: () => deps.blinds.list(MQTT_VIEWER),
        state: (id) => deps.positions.state(id),
        lock: (id) => deps.weatherLock?.(id) ?? null,
      },
      this.ctx,
      out,
    )
    this.automations = new MqttAutomations(
      {
        list: () => deps.automations.list(MQTT_VIEWER),
        lastRun: (id) => deps.automations.lastRun(id),
      },
      this.ctx,
      out,
    )
    this.weather = deps.weather
      ? new MqttWeather(deps.weather, this.ctx, {
          ...out,
          subscribe: (topics) => this.client?.subscribe(topics, { qos: 1 }),
          unsubscribe: (topics) => this.client?.unsubscribe(topics),
        })
      : null
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
    this.ctx.uiUrl = this.deps.uiUrl()
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
      events.on('blind:motion', ({ event }) => this.blinds.moved(event.id)),
      events.on('bus:status', () => this.publishBus()),
      // Readings, alarms and locks: a lock begun or lifted is always among them.
      events.on('weather:changed', () => {
        if (!this.client?.connected) return
        this.weather?.announce()
        this.blinds.locksChanged()
      }),
      events.on('automation:run', ({ event }) => this.automations.publish(event.automationId)),
      events.on('data:changed', ({ entity }) => {
        if (entity === 'blind') this.blinds.announce()
        if (entity === 'automation') this.automations.announce()
      }),
    )
  }

  /**
   * Says `offline` on purpose (the last will covers a crash), then disconnects. A link that is
   * gone but not noticed yet (a broker that vanished a moment ago) never acknowledges the
   * goodbye: the hub waits for it a moment only, and the broker's last will says it instead.
   */
  async stop(): Promise<void> {
    this.unsubscribe.splice(0).forEach((off) => off())
    this.blinds.stop()
    this.weather?.stop()
    this.commands.stop()
    if (this.reannounce) clearTimeout(this.reannounce)
    this.reannounce = null
    const client = this.client
    this.client = null
    if (!client) return
    let saidGoodbye = false
    if (client.connected) {
      let timer: NodeJS.Timeout | undefined
      saidGoodbye = await Promise.race([
        client.publishAsync(this.topics.status, 'offline', { qos: 1, retain: true }).then(
          () => true,
          () => false,
        ),
        new Promise<false>((resolve) => (timer = setTimeout(resolve, GOODBYE_WAIT_MS, false))),
      ])
      clearTimeout(timer)
    }
    await client.endAsync(!saidGoodbye).catch(() => undefined)
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
    // The broker answers with every config of this hub it keeps: those of entities deleted while
    // the hub was away are removed as they come (dropStale).
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
    this.publishBus()
    // The hub's device first: the blinds' devices name it as their via_device.
    const hub = this.topics.discovery('binary_sensor', HUB_OBJECT_ID)
    if (hub) this.publish(hub, JSON.stringify(hubConfig(this.ctx)))
    this.blinds.announce()
    this.automations.announce()
    this.weather?.connected()
    // Online last: what the broker kept from before (a blind or a sensor available then) is
    // this connection's by the time Home Assistant shows anything of the hub as available.
    this.publish(this.topics.status, 'online')
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

  /** Empties a retained topic, so nothing of a deleted entity stays behind. */
  private clear(topic: string | null): void {
    if (topic === null) return
    this.published.delete(topic)
    if (this.client?.connected) this.client.publish(topic, '', { qos: 1, retain: true })
  }

  private publishBus(): void {
    this.publish(this.topics.bus, this.deps.busStatus().online ? 'online' : 'offline')
  }

  private message(topic: string, payload: Buffer, packet: IPublishPacket): void {
    if (topic === this.topics.homeAssistantStatus) {
      if (payload.toString() === 'online') this.scheduleReannounce()
      return
    }
    if (this.weather?.message(topic, payload)) return
    const announced = this.topics.announcement(topic)
    if (announced) return this.dropStale(topic, announced, payload, packet)
    const command = this.topics.command(topic)
    // Empty is how a retained message is deleted (the hub itself does it): not a command.
    if (!command || payload.length === 0) return
    this.commands.received(command, topic, payload, packet)
  }

  /**
   * A config the broker kept of this hub's, of any component, that matches nothing the hub has
   * now (an entity deleted while the hub was away, a sensor that changed kind): emptied, with
   * the state it pointed at. Only retained ones, sent by the broker at subscribe: the hub's own
   * publishes come back live, and what the hub has now is never removed.
   */
  private dropStale(
    topic: string,
    announced: { component: string; id: string },
    payload: Buffer,
    packet: IPublishPacket,
  ): void {
    if (!packet.retain || payload.length === 0 || this.ownConfigs().has(topic)) return
    this.clear(topic)
    this.staleLeaves(announced).forEach((leaf) => this.clear(leaf))
  }

  /** The discovery configs of everything the hub has now. */
  private ownConfigs(): Set<string> {
    return new Set([
      this.topics.discovery('binary_sensor', HUB_OBJECT_ID) ?? '',
      ...this.blinds.configTopics(),
      ...this.automations.configTopics(),
      ...(this.weather?.configTopics() ?? []),
    ])
  }

  /** The retained state of a stale config's entity, unless the entity is still there. */
  private staleLeaves({ component, id }: { component: string; id: string }): string[] {
    if (component === 'cover') return this.blinds.has(id) ? [] : this.blinds.leaves(id)
    if (component === 'button') return this.automations.has(id) ? [] : this.automations.leaves(id)
    return this.weather?.staleLeaves(id) ?? []
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
