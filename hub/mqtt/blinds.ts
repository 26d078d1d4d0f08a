// Every blind for Home Assistant (ARCHITECTURE.md section 10): its cover's discovery config and
// its retained topics under `<base>/blind/<id>/`: position, tilt and state; its availability,
// `offline` while the hub does not know where it is, so Home Assistant never shows a position
// the hub does not have; and its attributes, the weather lock that refuses its commands and why.
import type { Blind } from '../db/blinds'
import type { BlindPosition } from '../position/tracker'
import { coverConfig, type DiscoveryContext, type RetainedOut } from './discovery'
import { coverAttributes, coverAvailability, coverState, type CoverLock } from './payloads'
import type { BlindLeaf } from './topics'

/** How often a moving blind's position is published while it travels. */
const MOVING_POSITION_EVERY_MS = 1000
const LEAVES: readonly BlindLeaf[] = ['state', 'position', 'tilt', 'availability', 'attributes']

export interface BlindSource {
  list(): Blind[]
  state(id: string): BlindPosition
  /** The weather lock holding the blind now, or null. */
  lock(id: string): CoverLock | null
}

export class MqttBlinds {
  /** Ids announced to the broker, to clear what was deleted. */
  private announced = new Set<string>()
  private ticker: NodeJS.Timeout | null = null

  constructor(
    private readonly source: BlindSource,
    private readonly ctx: DiscoveryContext,
    private readonly out: RetainedOut,
  ) {}

  has(id: string): boolean {
    return this.announced.has(id)
  }

  /** The discovery configs of the blinds there are now. */
  configTopics(): string[] {
    return [...this.announced].flatMap((id) => this.ctx.topics.discovery('cover', id) ?? [])
  }

  /** A blind's retained topics but its config: what must go with it. */
  leaves(id: string): string[] {
    return LEAVES.map((leaf) => this.ctx.topics.blind(id, leaf))
  }

  /** Blinds created, changed or deleted, or a new connection: every cover and its state. */
  announce(): void {
    if (!this.out.linked()) return
    const blinds = this.source.list()
    const now = new Set(blinds.map((b) => b.id))
    for (const id of this.announced) {
      if (now.has(id)) continue
      this.out.clear(this.ctx.topics.discovery('cover', id))
      this.leaves(id).forEach((topic) => this.out.clear(topic))
    }
    this.announced = now
    for (const blind of blinds) {
      const topic = this.ctx.topics.discovery('cover', blind.id)
      if (topic) this.out.publish(topic, JSON.stringify(coverConfig(blind, this.ctx)))
      this.publish(blind.id)
    }
    this.followMoving()
  }

  /** A blind started, stopped or was placed. */
  moved(id: string): void {
    this.publish(id)
    this.followMoving()
  }

  /** Weather protection's locks may have changed: every blind's attributes. */
  locksChanged(): void {
    for (const id of this.announced) this.publishLock(id)
  }

  stop(): void {
    if (this.ticker) clearInterval(this.ticker)
    this.ticker = null
  }

  /**
   * Position and tilt before the state: Home Assistant makes `stopped` open or closed from the
   * position it holds when the state arrives. A blind whose position is not known goes
   * unavailable first, and its topics say not known (empty, `None`) for whoever reads them
   * later; one known again is available last, once Home Assistant holds its new position.
   */
  private publish(id: string): void {
    if (!this.announced.has(id)) return
    const { topics } = this.ctx
    const state = this.source.state(id)
    const availability = coverAvailability(state)
    this.publishLock(id)
    if (availability === 'offline') this.out.publish(topics.blind(id, 'availability'), 'offline')
    this.out.publish(topics.blind(id, 'position'), state.position?.toString() ?? '')
    this.out.publish(topics.blind(id, 'tilt'), state.tilt?.toString() ?? '')
    this.out.publish(topics.blind(id, 'state'), coverState(state))
    this.out.publish(topics.blind(id, 'availability'), availability)
  }

  private publishLock(id: string): void {
    this.out.publish(this.ctx.topics.blind(id, 'attributes'), coverAttributes(this.source.lock(id)))
  }

  /** While any blind travels, its position goes out every second; stops when all are still. */
  private followMoving(): void {
    if (this.ticker) return
    const tick = () => {
      let moving = false
      for (const id of this.announced) {
        if (this.source.state(id).motion === 'IDLE') continue
        moving = true
        this.publish(id)
      }
      if (!moving && this.ticker) {
        clearInterval(this.ticker)
        this.ticker = null
      }
    }
    this.ticker = setInterval(tick, MOVING_POSITION_EVERY_MS)
    this.ticker.unref()
  }
}
