// blindMove: UP and DOWN run a side for the blind's full travel plus a 2000 ms run-on, so it
// reaches its end stop; STOP switches both sides off.
import { busOffline } from '../errors'
import type { RelayAddress } from '../../firmware-protocol/address'
import { parseAddress } from '../../firmware-protocol/address'
import { Superseded, type BlindRelays, type RelayDriver } from './relays'
import { BusError } from './transport'

export const RUN_ON_MS = 2000

export type Direction = 'UP' | 'DOWN' | 'STOP'

export interface MovableBlind {
  id: string
  blindAddressUp: string
  blindAddressDown: string
  travelTimeMs: number
}

function address(text: string): RelayAddress {
  const parsed = parseAddress(text)
  if (!parsed.ok) throw new Error(`stored address ${text} ${parsed.reason}`)
  return parsed.address
}

export function relaysOf(blind: Omit<MovableBlind, 'travelTimeMs'>): BlindRelays {
  return { id: blind.id, up: address(blind.blindAddressUp), down: address(blind.blindAddressDown) }
}

/** Moves the blinds together; resolves once every command is on the wire, or fails with 503. */
export async function moveBlinds(
  driver: RelayDriver,
  blinds: MovableBlind[],
  direction: Direction,
): Promise<void> {
  const commands =
    direction === 'STOP'
      ? [driver.stop(blinds.map(relaysOf))]
      : blinds.map((b) => driver.run(relaysOf(b), direction, b.travelTimeMs + RUN_ON_MS))
  const results = await Promise.allSettled(commands)
  const failed = results.find(
    (r): r is PromiseRejectedResult => r.status === 'rejected' && !(r.reason instanceof Superseded),
  )
  if (failed) {
    if (failed.reason instanceof BusError) throw busOffline(failed.reason.message)
    throw failed.reason
  }
}
