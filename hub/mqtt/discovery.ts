// Home Assistant MQTT discovery payloads (ARCHITECTURE.md section 10), field names as its MQTT
// cover, button and binary_sensor platforms document them. Each hub is one device; each blind is
// a device of its own connected through the hub (via_device), so Home Assistant can put it in its
// room (suggested_area is a device's field, and one hub's blinds stand in many rooms).
// Automations are buttons of the hub's device. The hub's device is announced by an entity of its
// own, its relay bus, before anything refers to it: Home Assistant links a via_device only to a
// device it already has, and a hub without automations would otherwise have none.
import type { Automation } from '../db/automations'
import type { Blind } from '../db/blinds'
import type { Topics } from './topics'

export interface DiscoveryContext {
  topics: Topics
  hubId: string
  version: string
  /** The web UI's address, Home Assistant's "Visit" link on the hub's device; null: none. */
  uiUrl: string | null
}

/** How the parts of the bridge keep their retained topics on the broker. */
export interface RetainedOut {
  /** Whether the link is up: what is announced while it is down never reaches the broker. */
  linked(): boolean
  /** Publishes retained, unless the topic holds that payload already on this connection. */
  publish(topic: string, payload: string): void
  /** Empties a retained topic; null (no discovery) does nothing. */
  clear(topic: string | null): void
}

/** An `online`/`offline` topic as an entry of a config's availability list. */
export const onlineTopic = (topic: string) => ({
  topic,
  payload_available: 'online',
  payload_not_available: 'offline',
})

export const hubOnline = (topics: Topics) => onlineTopic(topics.status)

/** Available while the hub runs, reaches its bus, and every other topic given says online. */
function availability(topics: Topics, ...more: string[]) {
  return {
    availability: [hubOnline(topics), onlineTopic(topics.bus), ...more.map(onlineTopic)],
    availability_mode: 'all',
  }
}

export function origin(version: string) {
  return { name: 'Lamella', sw_version: version }
}

function hubIdentifier(hubId: string): string {
  return `lamella_${hubId}`
}

export function uniqueId(hubId: string, id: string): string {
  return `lamella_${hubId}_${id}`
}

/** The hub as a device: automations' buttons belong to it, blinds are connected through it. */
export function hubDevice(ctx: Pick<DiscoveryContext, 'hubId' | 'version' | 'uiUrl'>) {
  return {
    identifiers: [hubIdentifier(ctx.hubId)],
    name: `Lamella ${ctx.hubId}`,
    manufacturer: 'Lamella',
    model: 'Lamella hub',
    sw_version: ctx.version,
    ...(ctx.uiUrl !== null && { configuration_url: ctx.uiUrl }),
  }
}

/** The object id of the hub's own entity in its discovery topic (blinds' ids are UUIDs). */
export const HUB_OBJECT_ID = 'bus'

/**
 * The hub's relay bus as a connectivity sensor of the hub's device: whether the hub reaches its
 * relay boards. Available while the hub is, so it says "disconnected" rather than going away
 * when the bus is down, as every blind does then.
 */
export function hubConfig(ctx: DiscoveryContext) {
  return {
    name: 'Relay bus',
    unique_id: uniqueId(ctx.hubId, HUB_OBJECT_ID),
    device_class: 'connectivity',
    entity_category: 'diagnostic',
    state_topic: ctx.topics.bus,
    payload_on: 'online',
    payload_off: 'offline',
    qos: 1,
    availability: [hubOnline(ctx.topics)],
    device: hubDevice(ctx),
    origin: origin(ctx.version),
  }
}

/**
 * A blind as a cover, with position always and tilt when it has slats. It is unavailable while
 * its position is not known (its own availability topic): Home Assistant ignores a state `None`
 * and an empty position and would go on showing the last one. Its weather lock, if any, is in
 * its attributes.
 */
export function coverConfig(blind: Blind, ctx: DiscoveryContext) {
  const { topics } = ctx
  const slats = blind.tiltTimeMs > 0
  return {
    name: null,
    unique_id: uniqueId(ctx.hubId, blind.id),
    device_class: slats ? 'blind' : 'shade',
    command_topic: topics.blind(blind.id, 'set'),
    payload_open: 'OPEN',
    payload_close: 'CLOSE',
    payload_stop: 'STOP',
    state_topic: topics.blind(blind.id, 'state'),
    state_open: 'open',
    state_opening: 'opening',
    state_closed: 'closed',
    state_closing: 'closing',
    state_stopped: 'stopped',
    position_topic: topics.blind(blind.id, 'position'),
    set_position_topic: topics.blind(blind.id, 'set_position'),
    position_open: 100,
    position_closed: 0,
    ...(slats && {
      tilt_status_topic: topics.blind(blind.id, 'tilt'),
      tilt_command_topic: topics.blind(blind.id, 'set_tilt'),
      tilt_min: 0,
      tilt_max: 100,
      tilt_opened_value: 100,
      tilt_closed_value: 0,
    }),
    json_attributes_topic: topics.blind(blind.id, 'attributes'),
    optimistic: false,
    qos: 1,
    retain: false,
    ...availability(topics, topics.blind(blind.id, 'availability')),
    device: {
      identifiers: [uniqueId(ctx.hubId, blind.id)],
      name: blind.name,
      manufacturer: 'Lamella',
      model: slats ? 'Venetian blind on relays' : 'Blind on relays',
      sw_version: ctx.version,
      via_device: hubIdentifier(ctx.hubId),
      ...(blind.room !== null && { suggested_area: blind.room }),
    },
    origin: origin(ctx.version),
  }
}

/** An automation as a button that runs it. */
export function buttonConfig(automation: Pick<Automation, 'id' | 'name'>, ctx: DiscoveryContext) {
  return {
    name: automation.name,
    unique_id: uniqueId(ctx.hubId, automation.id),
    command_topic: ctx.topics.automation(automation.id, 'run'),
    payload_press: 'PRESS',
    icon: 'mdi:play',
    qos: 1,
    retain: false,
    ...availability(ctx.topics),
    device: hubDevice(ctx),
    origin: origin(ctx.version),
  }
}
