// A blind's stored addresses as the relay driver's pair of relays.
import type { RelayAddress } from '../../firmware-protocol/address'
import { parseAddress } from '../../firmware-protocol/address'
import type { BlindRelays } from './relays'

export interface BlindAddresses {
  id: string
  blindAddressUp: string
  blindAddressDown: string
}

function address(text: string): RelayAddress {
  const parsed = parseAddress(text)
  if (!parsed.ok) throw new Error(`stored address ${text} ${parsed.reason}`)
  return parsed.address
}

export function relaysOf(blind: BlindAddresses): BlindRelays {
  return { id: blind.id, up: address(blind.blindAddressUp), down: address(blind.blindAddressDown) }
}
