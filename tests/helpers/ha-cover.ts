// What Home Assistant shows for an entity, worked out from its discovery config and the messages
// in the order they arrived, as its MQTT platforms do (homeassistant/components/mqtt/cover.py,
// sensor.py, mixins.py; documented at https://www.home-assistant.io/integrations/cover.mqtt/ and
// sensor.mqtt/):
// - availability: each topic of the config's `availability` list counts as available once its
//   last payload was its payload_available (default `online`), not available after
//   payload_not_available (default `offline`), and any other payload (an empty one too) changes
//   nothing; a topic that never said anything is not available. With availability_mode `all`
//   every topic must be available, `any` one of them, `latest` (the default) the last one
//   heard; without an availability list the entity is always available;
// - a cover with a state_topic and a position_topic: the state topic sets the state; `stopped`
//   becomes `closed` when the position it holds at that moment is 0, else `open`; `None` makes
//   it unknown; an empty payload is ignored. The position topic sets the position only; a
//   payload that is no number is ignored, with a warning, and so is an empty one;
// - json_attributes_topic: a JSON object becomes the entity's attributes; anything else is
//   ignored, with a warning;
// - a sensor: a number is its value, `None` makes it unknown, an empty payload is ignored.
// Messages are taken as they arrived whether or not the entity was available: Home Assistant
// keeps following an unavailable entity's topics and shows what it holds once it is available.
export type HaCoverState = 'open' | 'opening' | 'closed' | 'closing' | 'unknown'

export interface HaAvailability {
  topic: string
  payload_available?: string
  payload_not_available?: string
}

/** The parts of a discovery config that decide what Home Assistant shows. */
export interface HaConfig {
  state_topic: string
  position_topic?: string
  json_attributes_topic?: string
  availability?: HaAvailability[]
  availability_mode?: 'all' | 'any' | 'latest'
}

export interface HaCover {
  /** False: Home Assistant shows the cover as unavailable, whatever it holds. */
  available: boolean
  state: HaCoverState
  position: number | null
  attributes: Record<string, unknown>
  /** Payloads Home Assistant would log a warning for. */
  warnings: string[]
}

type Message = { topic: string; payload: string }

const STATES: Record<string, HaCoverState> = {
  open: 'open',
  opening: 'opening',
  closed: 'closed',
  closing: 'closing',
  None: 'unknown',
}

/** Whether Home Assistant shows the entity as available after these messages. */
export function haAvailable(messages: readonly Message[], config: HaConfig): boolean {
  const list = config.availability ?? []
  if (list.length === 0) return true
  const heard = new Map<string, boolean>()
  let latest = false
  for (const { topic, payload } of messages) {
    for (const a of list) {
      if (a.topic !== topic) continue
      const said =
        payload === (a.payload_available ?? 'online')
          ? true
          : payload === (a.payload_not_available ?? 'offline')
            ? false
            : undefined
      if (said === undefined) continue
      heard.set(a.topic, said)
      latest = said
    }
  }
  const mode = config.availability_mode ?? 'latest'
  if (mode === 'all') return list.every((a) => heard.get(a.topic) === true)
  if (mode === 'any') return list.some((a) => heard.get(a.topic) === true)
  return latest
}

export function haCover(messages: readonly Message[], config: HaConfig): HaCover {
  const cover: HaCover = {
    available: haAvailable(messages, config),
    state: 'unknown',
    position: null,
    attributes: {},
    warnings: [],
  }
  for (const { topic, payload } of messages) {
    if (payload === '' && topic !== config.json_attributes_topic) continue
    if (topic === config.state_topic) {
      if (payload === 'stopped') cover.state = cover.position === 0 ? 'closed' : 'open'
      else if (payload in STATES) cover.state = STATES[payload]!
      else cover.warnings.push(`state ${payload}`)
    } else if (topic === config.position_topic) {
      const n = Number(payload)
      if (Number.isFinite(n)) cover.position = Math.min(100, Math.max(0, n))
      else cover.warnings.push(`position ${payload}`)
    } else if (topic === config.json_attributes_topic) {
      const parsed = jsonObject(payload)
      if (parsed) cover.attributes = parsed
      else cover.warnings.push(`attributes ${payload}`)
    }
  }
  return cover
}

/** What the person looking at Home Assistant sees of a cover, in a few words. */
export function shownCover(cover: HaCover): string {
  return cover.available ? `${cover.state} ${cover.position ?? '?'} %` : 'unavailable'
}

/** A sensor's state as Home Assistant shows it: unavailable, unknown, or its latest value. */
export function haSensor(messages: readonly Message[], config: HaConfig): string {
  let value = 'unknown'
  for (const { topic, payload } of messages) {
    if (topic !== config.state_topic || payload === '') continue
    value = payload === 'None' ? 'unknown' : payload
  }
  return haAvailable(messages, config) ? value : 'unavailable'
}

function jsonObject(payload: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(payload)
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}
