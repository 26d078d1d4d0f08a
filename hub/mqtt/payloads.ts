// What the hub reads from and writes to MQTT payloads: the commands Home Assistant sends (plain
// `OPEN`/`CLOSE`/`STOP` and whole percents, as its cover platform does) and a blind's cover
// state. A payload that breaks the rule is refused with the reason, never guessed at.
import type { BlindPosition } from '../position/tracker'

/** Longer payloads are refused unread: the longest good one is "STOP" or "100". */
const COMMAND_PAYLOAD_MAX_BYTES = 16

export type BlindCommand =
  | { command: 'set'; direction: 'UP' | 'DOWN' | 'STOP' }
  | { command: 'set_position'; position: number }
  | { command: 'set_tilt'; tilt: number }

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string }

const DIRECTIONS = { OPEN: 'UP', CLOSE: 'DOWN', STOP: 'STOP' } as const

/** The text of a short payload, or the reason it cannot be one. */
function text(payload: Uint8Array): Parsed<string> {
  if (payload.length > COMMAND_PAYLOAD_MAX_BYTES) {
    return {
      ok: false,
      reason: `is ${payload.length} bytes, more than ${COMMAND_PAYLOAD_MAX_BYTES}`,
    }
  }
  return { ok: true, value: Buffer.from(payload).toString('utf8').trim() }
}

/** A whole percent 0-100 as plain digits: not "50%", "50.5", "-1", "101" or JSON. */
function percent(raw: string): Parsed<number> {
  if (!/^\d{1,3}$/.test(raw) || Number(raw) > 100) {
    return { ok: false, reason: `must be a whole number from 0 to 100 (got "${raw}")` }
  }
  return { ok: true, value: Number(raw) }
}

export function parseBlindCommand(
  command: BlindCommand['command'],
  payload: Uint8Array,
): Parsed<BlindCommand> {
  const read = text(payload)
  if (!read.ok) return read
  const raw = read.value
  if (command === 'set') {
    const direction = DIRECTIONS[raw.toUpperCase() as keyof typeof DIRECTIONS]
    if (!direction) return { ok: false, reason: `must be OPEN, CLOSE or STOP (got "${raw}")` }
    return { ok: true, value: { command, direction } }
  }
  const n = percent(raw)
  if (!n.ok) return n
  return {
    ok: true,
    value: command === 'set_position' ? { command, position: n.value } : { command, tilt: n.value },
  }
}

/** An automation's run topic takes any short payload (a Home Assistant button sends PRESS). */
export function checkRunPayload(payload: Uint8Array): Parsed<null> {
  const read = text(payload)
  return read.ok ? { ok: true, value: null } : read
}

/**
 * Home Assistant's cover states, and `None`, the payload its MQTT cover takes for "not known"
 * (https://www.home-assistant.io/integrations/cover.mqtt/, `state_topic`).
 */
export type CoverState = 'open' | 'opening' | 'closed' | 'closing' | 'stopped' | 'None'

/**
 * A blind as Home Assistant's cover shows it: moving, at an end, stopped between, or not known.
 * A blind at its end stop is there even while its relay still runs on (a run to the end lasts
 * longer than the travel), so it says `closed`/`open` from the moment the estimate gets there.
 * Home Assistant turns `stopped` into open or closed from the position it holds at that moment,
 * so the position must go out before the state.
 */
export function coverState(state: BlindPosition): CoverState {
  const { motion, position } = state
  if (motion === 'MOVING_UP') return position === 100 ? 'open' : 'opening'
  if (motion === 'MOVING_DOWN') return position === 0 ? 'closed' : 'closing'
  if (position === null) return 'None'
  if (position === 100) return 'open'
  if (position === 0) return 'closed'
  return 'stopped'
}

/**
 * Whether Home Assistant may show the blind: only while its position is known. Its cover keeps
 * the last position it was given through a state `None` and an empty position, so a position
 * no longer known can only be hidden by the cover going unavailable.
 */
export function coverAvailability(state: Pick<BlindPosition, 'position'>): 'online' | 'offline' {
  return state.position === null ? 'offline' : 'online'
}

/** A blind's weather lock as the API words it (Blind.weatherLock; ISO-8601 times). */
export interface CoverLock {
  kind: string
  since: string | null
  releaseAt: string | null
  reason: string
}

/**
 * The cover's attributes (its `json_attributes_topic`, a JSON object): why the blind refuses
 * commands, `{"lock": null}` while it is free. `until` is when the lock may lift, null while
 * its cause lasts.
 */
export function coverAttributes(lock: CoverLock | null): string {
  return JSON.stringify({
    lock: lock && {
      kind: lock.kind,
      reason: lock.reason,
      since: lock.since,
      until: lock.releaseAt,
    },
  })
}
