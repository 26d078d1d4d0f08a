// How long a blind-control scene must run for every ticked blind to reach its end stop, so
// nobody has to guess seconds: the longest full run among them, as the hub's own blindMove
// times it (slats, travel that way and the motor's start delay), plus the 2 s run-on.
import { RUN_ON_MS } from '../../../../hub/position/travel'
import { BLIND_CONTROL_DURATION } from '../../../../hub/validation/scene'
import type { Blind } from '../../api/types'

/** Milliseconds, or null when no ticked address belongs to a known blind. */
export function fullTravelMs(
  addresses: readonly string[],
  blinds: readonly Blind[],
): number | null {
  const runs = addresses.flatMap((address) =>
    blinds.flatMap((blind) => {
      const travel =
        address === blind.blindAddressUp
          ? blind.travelTimeUpMs
          : address === blind.blindAddressDown
            ? blind.travelTimeDownMs
            : null
      return travel === null ? [] : [travel + blind.tiltTimeMs + blind.motorStartDelayMs]
    }),
  )
  if (runs.length === 0) return null
  return Math.min(BLIND_CONTROL_DURATION.max, Math.max(...runs) + RUN_ON_MS)
}

/** How long a POSITION scene's blinds take at most from one end to the other (ms). */
export function longestTravelMs(blindIds: readonly string[], blinds: readonly Blind[]) {
  const chosen = blinds.filter((b) => blindIds.includes(b.id))
  if (chosen.length === 0) return null
  return Math.max(
    ...chosen.map(
      (b) => Math.max(b.travelTimeUpMs, b.travelTimeDownMs) + b.tiltTimeMs + b.motorStartDelayMs,
    ),
  )
}
