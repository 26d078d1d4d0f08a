// The WindowCovering cluster of one bridged blind (ARCHITECTURE.md section 14). Its commands go
// through Positions like the UI's, so interlock, dead time and weather locks hold; a refusal
// answers with a Matter error status and nothing moves. What the blind does is written back by
// the bridge (hub/matter/bridge), from `blind:motion`, never guessed here.
import { WindowCoveringServer } from '@matter/main/behaviors/window-covering'
import { WindowCovering } from '@matter/main/clusters/window-covering'
import { Status, StatusResponseError } from '@matter/main/types'
import { HubError } from '../errors'

/** What a Matter command asks of a blind; each resolves once its run is on the bus. */
export interface CoveringCommands {
  move(blindId: string, direction: 'UP' | 'DOWN' | 'STOP'): Promise<void>
  /** Lift and tilt in Lamella's terms: 0-100, 100 = open. */
  setPosition(blindId: string, position: number | null, tilt: number | null): Promise<void>
}

/** Matter's percent100ths run the other way: 0 = open, 10000 = closed. */
export const toMatter = (percent: number): number => (100 - percent) * 100
export const fromMatter = (percent100ths: number): number =>
  Math.round(100 - Math.min(10000, Math.max(0, percent100ths)) / 100)

/** The blind behind an endpoint: its id is `blind-<id>` (hub/matter/bridge). */
export const endpointId = (blindId: string): string => `blind-${blindId}`
const blindOf = (endpoint: { id: string }): string => endpoint.id.replace(/^blind-/, '')

/** A refusal (a HubError; 423: a weather lock) as the Matter status the command answers with. */
function matterError(err: unknown): StatusResponseError {
  if (!(err instanceof HubError)) return new StatusResponseError('failed', Status.Failure)
  // A weather lock lifts by itself: Busy says "not now". Any other refusal: Failure.
  return new StatusResponseError(err.message, err.code === 423 ? Status.Busy : Status.Failure)
}

async function carryOut(work: () => Promise<void>): Promise<void> {
  try {
    await work()
  } catch (err) {
    throw matterError(err)
  }
}

/** The behaviour for blinds with slats (lift and tilt) and for those without (lift only). */
export function coveringBehaviors(commands: CoveringCommands) {
  const LiftTilt = WindowCoveringServer.with(
    WindowCovering.Feature.Lift,
    WindowCovering.Feature.PositionAwareLift,
    WindowCovering.Feature.Tilt,
    WindowCovering.Feature.PositionAwareTilt,
  )
  const Lift = WindowCoveringServer.with(
    WindowCovering.Feature.Lift,
    WindowCovering.Feature.PositionAwareLift,
  )

  class LamellaLiftTilt extends LiftTilt {
    override upOrOpen() {
      return carryOut(() => commands.move(blindOf(this.endpoint), 'UP'))
    }
    override downOrClose() {
      return carryOut(() => commands.move(blindOf(this.endpoint), 'DOWN'))
    }
    override stopMotion() {
      return carryOut(() => commands.move(blindOf(this.endpoint), 'STOP'))
    }
    override goToLiftPercentage({ liftPercent100thsValue }: { liftPercent100thsValue: number }) {
      const position = fromMatter(liftPercent100thsValue)
      return carryOut(() => commands.setPosition(blindOf(this.endpoint), position, null))
    }
    override goToTiltPercentage({ tiltPercent100thsValue }: { tiltPercent100thsValue: number }) {
      const tilt = fromMatter(tiltPercent100thsValue)
      return carryOut(() => commands.setPosition(blindOf(this.endpoint), null, tilt))
    }
  }

  class LamellaLift extends Lift {
    override upOrOpen() {
      return carryOut(() => commands.move(blindOf(this.endpoint), 'UP'))
    }
    override downOrClose() {
      return carryOut(() => commands.move(blindOf(this.endpoint), 'DOWN'))
    }
    override stopMotion() {
      return carryOut(() => commands.move(blindOf(this.endpoint), 'STOP'))
    }
    override goToLiftPercentage({ liftPercent100thsValue }: { liftPercent100thsValue: number }) {
      const position = fromMatter(liftPercent100thsValue)
      return carryOut(() => commands.setPosition(blindOf(this.endpoint), position, null))
    }
  }

  return { LiftTilt: LamellaLiftTilt, Lift: LamellaLift }
}
