// Which commands a weather lock lets through (ARCHITECTURE.md section 13): while a blind is
// locked, nothing may take it away from its safety position, whoever asks; a move towards
// safety is allowed. Frost allows nothing but a stop, since frozen slats tear. Pure: the relay
// driver asks it for every run and every stop of a blind's relays, before anything is replaced.
import type { Lock } from './protection'

export type GateRequest =
  /** A relay run; `target` is the position the move aims for, when it is a move to a position. */
  { kind: 'RUN'; side: 'UP' | 'DOWN'; target: number | null } | { kind: 'STOP' }

export interface GateBlind {
  lock: Lock | null
  safetyPosition: number
  /** The position now, or null while unknown. */
  position: number | null
  moving: boolean
}

/** Why a lock refuses the request, or null when it may go on. */
export function gateRefusal(blind: GateBlind, request: GateRequest): 'FROZEN' | 'AWAY' | null {
  const { lock, safetyPosition: safety, position } = blind
  if (!lock) return null
  if (request.kind === 'STOP') {
    // Under a lock only a move towards safety can be running: stopping it would leave the
    // blind short of safety. A frozen blind should not move at all, so a stop is always fine.
    return lock.kinds.includes('FROST') || !blind.moving ? null : 'AWAY'
  }
  if (lock.kinds.includes('FROST')) return 'FROZEN'
  const end = request.side === 'UP' ? 100 : 0
  // A run to the end stop is towards safety only when that end is the safety position.
  if (request.target === null || request.target === end) return end === safety ? null : 'AWAY'
  const target = request.target
  if (target === safety) return null
  // A partial move towards safety: it must end between where the blind is and safety.
  if (position === null) return 'AWAY'
  const towards = Math.abs(target - safety) < Math.abs(position - safety)
  const sameSide = Math.sign(target - safety) === Math.sign(position - safety)
  return towards && sameSide ? null : 'AWAY'
}
