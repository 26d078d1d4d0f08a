// A stand-in for hub/position's Positions where fake time must run a whole day: it takes a
// blind to its target at once and tells of it as the tracker does ('blind:motion', moving and
// then idle, each at the end of the event loop's turn), and records every move. Another
// command (a person's, an automation's, MQTT's) is told the same way, so shading cannot tell
// them apart but by who asked, which it learns as Positions tells it: originOf.
import type { BlindRelays } from '../../hub/bus/relays'
import type { HubEvents } from '../../hub/events'
import type { BlindMove } from '../../hub/position/mover'
import { byUser, type MotionOrigin } from '../../hub/position/origins'
import type { BlindPosition } from '../../hub/position/tracker'
import type { Target } from '../../hub/position/travel'
import type { Motion } from '../../hub/realtime/events'

export interface RecordedMove {
  blindId: string
  at: number
  position: number | null
  tilt: number | null
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

export class RecordingPositions {
  readonly moves: RecordedMove[] = []
  private readonly poses = new Map<string, { position: number | null; tilt: number | null }>()
  private readonly origins = new Map<string, MotionOrigin>()

  constructor(
    private readonly events: HubEvents,
    private readonly now: () => number,
  ) {}

  /** Where a blind stands to begin with. */
  place(blindId: string, position: number, tilt: number | null = null): void {
    this.poses.set(blindId, { position, tilt })
  }

  state(blindId: string): BlindPosition {
    const pose = this.poses.get(blindId) ?? { position: null, tilt: null }
    return { motion: 'IDLE', ...pose, target: null, endsAt: null, reversing: false, delayLeftMs: 0 }
  }

  originOf(blindId: string): MotionOrigin | null {
    return this.origins.get(blindId) ?? null
  }

  moveForRun(blind: BlindRelays, target: Target, origin: MotionOrigin): BlindMove {
    this.origins.set(blind.id, origin)
    this.moves.push({
      blindId: blind.id,
      at: this.now(),
      position: target.position ?? null,
      tilt: target.tilt ?? null,
    })
    const done = this.travel(blind.id, target)
    return { started: Promise.resolve(), done: done.then(() => 'arrived'), cancel: async () => {} }
  }

  /** A command shading did not give: a person's unless `origin` says whose (MQTT's, ...). */
  async personMoves(
    blindId: string,
    position: number,
    origin: MotionOrigin = byUser('u-person'),
  ): Promise<void> {
    this.origins.set(blindId, origin)
    await this.travel(blindId, { position })
  }

  private async travel(blindId: string, target: Target): Promise<void> {
    const before = this.poses.get(blindId) ?? { position: null, tilt: null }
    const down = target.position != null && (before.position ?? 100) > target.position
    await nextTurn()
    this.tell(blindId, down ? 'MOVING_DOWN' : 'MOVING_UP')
    this.poses.set(blindId, {
      position: target.position ?? before.position,
      tilt: target.tilt ?? before.tilt,
    })
    await nextTurn()
    this.tell(blindId, 'IDLE')
  }

  private tell(id: string, motion: Motion): void {
    const { position, tilt } = this.state(id)
    this.events.emit('blind:motion', {
      event: {
        id,
        motion,
        at: new Date(this.now()).toISOString(),
        position,
        tilt,
        target: null,
        endsAt: null,
        reversing: false,
        delayLeftMs: 0,
      },
      audience: [],
    })
  }
}
