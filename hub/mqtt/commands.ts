// The commands published to this hub's topics, carried out through the same services the UI
// uses, so the relay driver's interlock, dead time and caps hold for them too (ARCHITECTURE.md
// section 10). A command is carried out the moment it arrives, or never: a retained one (stored
// by the broker and replayed to every new subscriber, maybe hours later) is ignored and deleted,
// and one that waited in the socket while the hub stood still for longer than a command may
// wait is dropped. A bad payload moves nothing and is logged, rate-limited.
import type { IPublishPacket } from 'mqtt'
import type { FastifyBaseLogger } from 'fastify'
import type { Viewer } from '../db/visibility'
import { HubError, logInternalError } from '../errors'
import { BY_MQTT } from '../position/origins'
import { checkRunPayload, parseBlindCommand } from './payloads'
import type { CommandTopic } from './topics'
import type { LimitedWarnings } from './warnings'
import type { Positions } from '../position/positions'

/** Who MQTT commands act as: whoever may publish to the command topics may move every blind. */
export const MQTT_VIEWER: Viewer = { id: 'mqtt', isAdmin: true }

/** A command older than this is never carried out (ARCHITECTURE.md section 10). */
export const MAX_COMMAND_AGE_MS = 10_000

export interface CommandDeps {
  log: FastifyBaseLogger
  /** What others publish: rate-limited, so a flood of bad payloads cannot fill the log. */
  warnings: LimitedWarnings
  positions: Pick<Positions, 'move' | 'setPosition'>
  /** Starts a run of an automation, recorded as started over MQTT. */
  runAutomation(viewer: Viewer, automationId: string): unknown
  /** Deletes a retained message from the broker. */
  clear(topic: string): void
  /** MAX_COMMAND_AGE_MS; tests pass less. */
  maxCommandAgeMs?: number
}

export class MqttCommands {
  private loopWatch: NodeJS.Timeout | null = null
  /** Set for one turn after the event loop stood still longer than a command may wait. */
  private stalled = false

  constructor(private readonly deps: CommandDeps) {}

  start(): void {
    this.watchLoop()
  }

  stop(): void {
    if (this.loopWatch) clearInterval(this.loopWatch)
    this.loopWatch = null
  }

  /** A message on one of the command topics. */
  received(command: CommandTopic, topic: string, payload: Buffer, packet: IPublishPacket): void {
    const { warnings } = this.deps
    if (this.stalled) {
      // The hub stood still (a stalled SD card, say) while this waited in the socket: it may
      // be older than a command may be. Whoever sent it can send it again.
      warnings.warn({ topic }, 'dropped an MQTT command that may be too old: the hub was busy')
      return
    }
    if (packet.retain) {
      // Stored by the broker and replayed on subscribe: it may be hours old. Never carried
      // out; deleted, so it cannot replay again.
      warnings.warn({ topic }, 'ignored a retained MQTT command (commands must not be retained)')
      this.deps.clear(topic)
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
    this.deps.warnings.warn({ topic }, `ignored an MQTT command: the payload ${reason}`)
  }

  /** A command the hub refused (unknown blind, no slats, bus offline) or our own bug. */
  private refused(topic: string, err: unknown): void {
    if (err instanceof HubError) {
      this.deps.warnings.warn({ topic, reason: err.message }, 'ignored an MQTT command')
      return
    }
    logInternalError(this.deps.log, err, 'an MQTT command failed', { topic })
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
}
