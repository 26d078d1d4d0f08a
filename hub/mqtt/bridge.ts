// The MQTT feature (ARCHITECTURE.md section 10): one module with start() and stop(), fed by
// HubEvents like the realtime server. It keeps retained state on the broker for the hub, its
// bus, every blind and every automation; announces them to Home Assistant; and carries out the
// commands published to this hub's topics through the same services the UI uses, so the relay
// driver's interlock, dead time and caps hold for them too. Nothing else in the hub knows MQTT.
//
// A command is carried out the moment it arrives, or never: the hub connects with a clean
// session, so the broker keeps nothing for it while it is away; a retained command (one the
// broker stored and replays to every new subscriber) is ignored and deleted; and one that
// waited in the socket while the hub stood still for more than 10 s is dropped.
import { connect, type IPublishPacket, type MqttClient } from 'mqtt'
import type { FastifyBaseLogger } from 'fastify'
import type { Automation, AutomationRun } from '../db/automations'
import type { Blind } from '../db/blinds'
import type { Viewer } from '../db/visibility'
import { HubError, logInternalError } from '../errors'
import type { HubEvents } from '../events'
import { BY_MQTT, type MotionOrigin } from '../position/origins'
import type { Direction } from '../position/positions'
import type { BlindPosition } from '../position/tracker'
import type { BusStatusEvent } from '../realtime/events'
import { buttonConfig, coverConfig, type DiscoveryContext } from './discovery'
import { checkRunPayload, coverState, parseBlindCommand } from './payloads'
import type { MqttSettings } from './settings'
import { Topics, type CommandTopic } from './topics'
import { LimitedWarnings } from './warnings'

/** Who MQTT commands act as: whoever may publish to the command topics may move every blind. */
const MQTT_VIEWER: Viewer = { id: 'mqtt', isAdmin: true }

/** A command older than this is never carried out (ARCHITECTURE.md section 10). */
const MAX_COMMAND_AGE_MS = 10_000
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
  positions: {
    state(blindId: string): BlindPosition
    move(viewer: Viewer, ids: string[], direction: Direction, origin: MotionOrigin): Promise<void>
    setPosition(
      viewer: Viewer,
      ids: string[],
      position: number | null | undefined,
      tilt: number | null | undefined,
      origin: MotionOrigin,
    ): Promise<void>
  }
  runAutomation(viewer: Viewer, automationId: string): unknown
  busStatus(): BusStatusEvent
  now?: () => number
  /** MAX_COMMAND_AGE_MS; tests pass less. */
  maxCommandAgeMs?: number
}

export class MqttBridge {
  private client: MqttClient | null = null
  private readonly topics: Topics
  private readonly ctx: DiscoveryContext
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
  private loopWatch: NodeJS.Timeout | null = null
  /** Set for one turn after the event loop stood still longer than a command may wait. */
  private stalled = false
  private state: { connected: boolean; since: number | null; error: string | null } = {
    connected: false,
    since: null,
    error: null,
  }

  constructor(private readonly deps: MqttDeps) {
    this.topics = new Topics(deps.settings)
    this.ctx = { topics: this.topics, hubId: deps.settings.hubId, version: deps.version }
    this.now = deps.now ?? Date.now
    this.warnings = new LimitedWarnings(deps.log, this.now)
    this.linkWarnings = new LimitedWarnings(deps.log, this.now)
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

  /** Connects in the background: a broker that is away never holds up or stops the hub. */
  start(): void {
    const { settings, log } = this.deps
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
    this.watchLoop()

    const { events } = this.deps
    this.unsubscribe.push(
      events.on('blind:motion', ({ event }) => {
        this.publishBlind(event.id)
        this.followMoving()
      }),
      events.on('bus:status', () => this.publishBus()),
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
    if (this.loopWatch) clearInterval(this.loopWatch)
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
    this.announceBlinds()
    this.announceAutomations()
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

  private publishBlind(id: string): void {
    if (!this.announcedBlinds.has(id)) return
    const state = this.deps.positions.state(id)
    this.publish(this.topics.blind(id, 'state'), coverState(state))
    if (state.position !== null)
      this.publish(this.topics.blind(id, 'position'), `${state.position}`)
    if (state.tilt !== null) this.publish(this.topics.blind(id, 'tilt'), `${state.tilt}`)
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
    const announced = this.topics.announcement(topic)
    if (announced) return this.dropStale(announced, payload)
    const command = this.topics.command(topic)
    // Empty is how a retained message is deleted (the hub itself does it below): not a command.
    if (!command || payload.length === 0) return
    if (this.stalled) {
      // The hub stood still (a stalled SD card, say) while this waited in the socket: it may
      // be older than a command may be. Whoever sent it can send it again.
      this.warnings.warn({ topic }, 'dropped an MQTT command that may be too old: the hub was busy')
      return
    }
    if (packet.retain) {
      // Stored by the broker and replayed on subscribe: it may be hours old. Never carried
      // out; deleted, so it cannot replay again.
      this.warnings.warn(
        { topic },
        'ignored a retained MQTT command (commands must not be retained)',
      )
      this.clear(topic)
      return
    }
    try {
      this.carryOut(command, payload, topic)
    } catch (err) {
      this.refused(topic, err)
    }
  }

  private carryOut(command: CommandTopic, payload: Buffer, topic: string): void {
    const { positions } = this.deps
    if (command.kind === 'automation') {
      const ok = checkRunPayload(payload)
      if (!ok.ok) return this.badPayload(topic, ok.reason)
      this.deps.runAutomation(MQTT_VIEWER, command.id)
      return
    }
    const parsed = parseBlindCommand(command.command, payload)
    if (!parsed.ok) return this.badPayload(topic, parsed.reason)
    const c = parsed.value
    const done =
      c.command === 'set'
        ? positions.move(MQTT_VIEWER, [command.id], c.direction, BY_MQTT)
        : c.command === 'set_position'
          ? positions.setPosition(MQTT_VIEWER, [command.id], c.position, undefined, BY_MQTT)
          : positions.setPosition(MQTT_VIEWER, [command.id], undefined, c.tilt, BY_MQTT)
    done.catch((err: unknown) => this.refused(topic, err))
  }

  private badPayload(topic: string, reason: string): void {
    this.warnings.warn({ topic }, `ignored an MQTT command: the payload ${reason}`)
  }

  /** A command the hub refused (unknown blind, no slats, bus offline) or our own bug. */
  private refused(topic: string, err: unknown): void {
    if (err instanceof HubError) {
      this.warnings.warn({ topic, reason: err.message }, 'ignored an MQTT command')
      return
    }
    logInternalError(this.deps.log, err, 'an MQTT command failed', { topic })
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

  /**
   * Commands are carried out as they arrive, so only one that waited in the socket while the
   * hub's event loop stood still can be old. After the loop has stood still longer than a
   * command may wait, timers run before the socket is read: the watch marks that turn, and
   * what arrives in it is dropped.
   */
  private watchLoop(): void {
    const maxAge = this.deps.maxCommandAgeMs ?? MAX_COMMAND_AGE_MS
    let last = performance.now()
    this.loopWatch = setInterval(
      () => {
        const t = performance.now()
        if (t - last > maxAge) {
          this.stalled = true
          setImmediate(() => (this.stalled = false))
        }
        last = t
      },
      Math.min(1000, maxAge / 4),
    )
    this.loopWatch.unref()
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
