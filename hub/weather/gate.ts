// Which commands a weather lock lets through (ARCHITECTURE.md section 13): while a blind is
// locked, nothing may take it away from its safety position, whoever asks; a move towards
// safety is allowed. Frost allows nothing but a stop, since frozen slats tear. The relay
// driver asks the gate for every run and every stop of a blind's relays, before anything is
// replaced, so every source of commands meets it.
import type { GateRequest, RelayGate } from '../bus/relay-gate'
import { HubError } from '../errors'
import type { Lock } from './protection'
import { alarmName, causeFigures, causeWords, releaseWords } from './words'

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

export interface WeatherGateDeps {
  /** The blind's name and safety position; undefined for a blind that is gone. */
  blind(id: string): { name: string; safetyPosition: number } | undefined
  position(id: string): number | null
  moving(id: string): boolean
  timeZone: string
}

/** The relay driver's gate: the locks weather protection holds now, refused as 423. */
export class WeatherGate implements RelayGate {
  private locks = new Map<string, Lock>()

  constructor(private readonly deps: WeatherGateDeps) {}

  /** The locks holding now (hub/weather evaluates them); blinds left out are free. */
  update(locks: ReadonlyMap<string, Lock>): void {
    this.locks = new Map(locks)
  }

  lockOf(blindId: string): Lock | null {
    return this.locks.get(blindId) ?? null
  }

  refuse(blindId: string, request: GateRequest): HubError | null {
    const lock = this.locks.get(blindId)
    if (!lock) return null
    const blind = this.deps.blind(blindId)
    if (!blind) return null
    const refusal = gateRefusal(
      {
        lock,
        safetyPosition: blind.safetyPosition,
        position: this.deps.position(blindId),
        moving: this.deps.moving(blindId),
      },
      request,
    )
    return refusal && lockedError(blindId, blind, lock, refusal, this.deps.timeZone)
  }
}

function lockedError(
  blindId: string,
  blind: { name: string; safetyPosition: number },
  lock: Lock,
  refusal: 'FROZEN' | 'AWAY',
  timeZone: string,
): HubError {
  const what =
    refusal === 'FROZEN'
      ? 'is held where it stands'
      : lock.acting
        ? `may only go to its safety position (${blind.safetyPosition} % open)`
        : `may only go to its safety position (${blind.safetyPosition} % open) for now`
  const cause = lock.cause
  const message =
    `${blind.name} ${what}: ${alarmName(lock.kind)}, ${causeWords(cause)}; ` +
    releaseWords(lock.kind, lock.releaseAt, timeZone)
  return new HubError(423, message, undefined, {
    reason: refusal === 'FROZEN' ? 'WEATHER_FROZEN' : 'WEATHER_LOCKED',
    blind: blindId,
    blindName: blind.name,
    alarm: lock.kind,
    // The figures the message words, for a client to word them in its own language.
    ...causeFigures(cause),
    releaseAt: lock.releaseAt === null ? null : new Date(lock.releaseAt).toISOString(),
  })
}
