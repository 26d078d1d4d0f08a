// What `hubStatus` reports: version, uptime, clock, bus and the MQTT link.
import type { PulseMode } from './config'
import type { MqttLinkStatus } from './mqtt/bridge'
import type { BusStatusEvent } from './realtime/events'

export interface HubStatus {
  version: string
  uptimeSeconds: number
  now: string
  timeZone: string
  clockSynchronized: boolean | null
  locationConfigured: boolean
  bus: { online: boolean; path: string; error: string | null; strayFrames: number }
  /** LAMELLA_PULSE. */
  pulseMode: 'DEVICE' | 'HUB'
  /** Units that refused board-timed pulses; the hub times theirs itself. */
  hubTimedPulseUnits: number[]
  /** null while MQTT is off. */
  mqtt: MqttLinkStatus | null
}

export interface HubStatusDeps {
  version: string
  startedAt: number
  now: () => number
  timeZone: string
  locationConfigured: boolean
  /** null while the hub cannot tell (hub/clock). */
  clockSynchronized: boolean | null
  bus: () => BusStatusEvent
  /** Stray frames dropped since the start (hub/bus/strays.ts). */
  strayFrames: () => number
  pulses: { readonly configured: PulseMode; hubTimedUnits(): number[] }
  mqtt: () => MqttLinkStatus | null
}

export function hubStatus(deps: HubStatusDeps): HubStatus {
  const t = deps.now()
  const bus = deps.bus()
  return {
    version: deps.version,
    uptimeSeconds: Math.max(0, Math.floor((t - deps.startedAt) / 1000)),
    now: new Date(t).toISOString(),
    timeZone: deps.timeZone,
    clockSynchronized: deps.clockSynchronized,
    locationConfigured: deps.locationConfigured,
    bus: {
      online: bus.online,
      path: bus.path,
      error: bus.error ?? null,
      strayFrames: deps.strayFrames(),
    },
    pulseMode: deps.pulses.configured === 'hub' ? 'HUB' : 'DEVICE',
    hubTimedPulseUnits: deps.pulses.hubTimedUnits(),
    mqtt: deps.mqtt(),
  }
}
