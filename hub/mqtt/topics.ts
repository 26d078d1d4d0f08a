// The topics of one hub (ARCHITECTURE.md section 10): `<prefix>/<hub id>/...` for state and
// commands, `<discovery>/<component>/<node>/<object>/config` for Home Assistant. Every topic of a
// hub carries its hub id, so hubs sharing a broker have no topic in common.
import type { MqttSettings } from './settings'

export type BlindLeaf = 'state' | 'position' | 'tilt' | 'availability' | 'attributes'
export type AutomationLeaf = 'state' | 'last_run'

/** A command topic a message arrived on: which blind or automation, and what is asked. */
export type CommandTopic =
  | { kind: 'blind'; id: string; command: 'set' | 'set_position' | 'set_tilt' }
  | { kind: 'automation'; id: string; command: 'run' }

const BLIND_COMMANDS = ['set', 'set_position', 'set_tilt'] as const

export class Topics {
  readonly base: string

  constructor(
    private readonly settings: Pick<MqttSettings, 'prefix' | 'hubId' | 'discoveryPrefix'>,
  ) {
    this.base = `${settings.prefix}/${settings.hubId}`
  }

  /** `online`/`offline`, the hub's last will. */
  get status(): string {
    return `${this.base}/status`
  }

  /** `online`/`offline`: whether the hub reaches its relay bus. */
  get bus(): string {
    return `${this.base}/bus`
  }

  blind(id: string, leaf: BlindLeaf | (typeof BLIND_COMMANDS)[number]): string {
    return `${this.base}/blind/${id}/${leaf}`
  }

  automation(id: string, leaf: AutomationLeaf | 'run'): string {
    return `${this.base}/automation/${id}/${leaf}`
  }

  /** A weather sensor's latest value (hub/weather), or an alarm kind's `ON`/`OFF`. */
  weather(leaf: string): string {
    return `${this.base}/weather/${leaf}`
  }

  /** `online` while a weather sensor reads well, `offline` while it is silent. */
  weatherAvailability(sensorId: string): string {
    return `${this.base}/weather/${sensorId}/availability`
  }

  /** What the hub subscribes to for commands. */
  get commandFilters(): string[] {
    return [
      ...BLIND_COMMANDS.map((c) => `${this.base}/blind/+/${c}`),
      `${this.base}/automation/+/run`,
    ]
  }

  /** Home Assistant's birth and last will, or null when discovery is off. */
  get homeAssistantStatus(): string | null {
    const d = this.settings.discoveryPrefix
    return d === null ? null : `${d}/status`
  }

  /**
   * Where a blind's cover, an automation's button or the hub's own entity is announced, or null
   * without discovery.
   */
  discovery(component: 'cover' | 'button' | 'binary_sensor' | 'sensor', id: string): string | null {
    const d = this.settings.discoveryPrefix
    return d === null ? null : `${d}/${component}/lamella_${this.settings.hubId}/${id}/config`
  }

  /**
   * This hub's announcements of every component, and no other hub's: the node level is this
   * hub's own, so the broker's retained configs of what was deleted while the hub was away come
   * back at each subscribe.
   */
  get ownDiscoveryFilter(): string | null {
    const d = this.settings.discoveryPrefix
    return d === null ? null : `${d}/+/lamella_${this.settings.hubId}/+/config`
  }

  /** Which of this hub's announcements a topic is, of any component, or null. */
  announcement(topic: string): { component: string; id: string } | null {
    const d = this.settings.discoveryPrefix
    if (d === null || !topic.startsWith(`${d}/`)) return null
    const [component, node, id, leaf, ...rest] = topic.slice(d.length + 1).split('/')
    if (node !== `lamella_${this.settings.hubId}` || leaf !== 'config' || rest.length > 0) {
      return null
    }
    return component && id ? { component, id } : null
  }

  /** The command a topic asks for, or null for a topic that is not one of this hub's. */
  command(topic: string): CommandTopic | null {
    if (!topic.startsWith(`${this.base}/`)) return null
    const [kind, id, command, ...rest] = topic.slice(this.base.length + 1).split('/')
    if (!id || !command || rest.length > 0) return null
    const blindCommand = BLIND_COMMANDS.find((c) => c === command)
    if (kind === 'blind' && blindCommand) return { kind, id, command: blindCommand }
    if (kind === 'automation' && command === 'run') return { kind, id, command }
    return null
  }
}
