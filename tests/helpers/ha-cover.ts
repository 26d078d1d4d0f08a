// What Home Assistant's MQTT cover shows for a blind, worked out from the messages in the order
// they arrived, as its cover platform does for a cover with both a state_topic and a
// position_topic (homeassistant/components/mqtt/cover.py; documented at
// https://www.home-assistant.io/integrations/cover.mqtt/):
// - the state topic sets the state; `stopped` becomes `closed` when the position it holds at
//   that moment is 0, else `open`; `None` makes it unknown; an empty payload is ignored;
// - the position topic sets the position only (the state topic decides the state); a payload
//   that is no number is ignored, with a warning, and so is an empty one.
export type HaCoverState = 'open' | 'opening' | 'closed' | 'closing' | 'unknown'

export interface HaCover {
  state: HaCoverState
  position: number | null
  /** Payloads Home Assistant would log a warning for. */
  warnings: string[]
}

const STATES: Record<string, HaCoverState> = {
  open: 'open',
  opening: 'opening',
  closed: 'closed',
  closing: 'closing',
  None: 'unknown',
}

export function haCover(
  messages: readonly { topic: string; payload: string }[],
  topics: { state: string; position: string },
): HaCover {
  const cover: HaCover = { state: 'unknown', position: null, warnings: [] }
  for (const { topic, payload } of messages) {
    if (payload === '') continue
    if (topic === topics.state) {
      if (payload === 'stopped') cover.state = cover.position === 0 ? 'closed' : 'open'
      else if (payload in STATES) cover.state = STATES[payload]!
      else cover.warnings.push(`state ${payload}`)
    } else if (topic === topics.position) {
      const n = Number(payload)
      if (Number.isFinite(n)) cover.position = Math.min(100, Math.max(0, n))
      else cover.warnings.push(`position ${payload}`)
    }
  }
  return cover
}
