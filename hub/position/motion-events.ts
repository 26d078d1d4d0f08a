// A blind's position state as the `blind:motion` event, sent to the users who may see it.
import { blindAudience } from '../db/audience'
import type { Db } from '../db/open'
import type { HubEvents } from '../events'
import type { BlindMotionEvent } from '../realtime/events'
import type { BlindPosition } from './tracker'

export function motionEvent(id: string, state: BlindPosition, at: number): BlindMotionEvent {
  return {
    id,
    motion: state.motion,
    at: new Date(at).toISOString(),
    position: state.position,
    tilt: state.tilt,
    target: state.target,
    endsAt: state.endsAt === null ? null : new Date(state.endsAt).toISOString(),
    reversing: state.reversing,
    delayLeftMs: state.delayLeftMs,
  }
}

/** The tracker's `changed`: every change of a blind's state goes out as `blind:motion`. */
export function announceMotion(deps: { db: Db; events: HubEvents; now: () => number }) {
  return (id: string, state: BlindPosition): void => {
    const audience = [...blindAudience(deps.db, [id]).keys()]
    deps.events.emit('blind:motion', { event: motionEvent(id, state, deps.now()), audience })
  }
}
