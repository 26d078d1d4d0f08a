// Relay addresses as people write them: `UNIT:COIL`, a Modbus unit 1-247 and a coil 0-255,
// e.g. `1:0`. Pure code: no imports from the hub.

export const MIN_UNIT = 1
export const MAX_UNIT = 247
export const MIN_COIL = 0
export const MAX_COIL = 255

export interface RelayAddress {
  unit: number
  coil: number
}

export type AddressParseResult =
  | { ok: true; address: RelayAddress; text: string }
  | { ok: false; reason: string; problem: 'FORMAT' | 'UNIT' | 'COIL' }

/**
 * Parses `UNIT:COIL`; the reason on failure reads after the field name ("must be ...") and
 * shows `example`, so a down address is not told to look like the up one.
 */
export function parseAddress(input: string, example = '1:0'): AddressParseResult {
  const m = /^\s*(\d{1,3})\s*:\s*(\d{1,3})\s*$/.exec(input)
  if (!m) {
    return {
      ok: false,
      reason: `must be UNIT:COIL, a Modbus unit and a coil number such as ${example}`,
      problem: 'FORMAT',
    }
  }
  const unit = Number(m[1])
  const coil = Number(m[2])
  if (unit < MIN_UNIT || unit > MAX_UNIT) {
    return {
      ok: false,
      reason: `must have a unit from ${MIN_UNIT} to ${MAX_UNIT} (got ${unit})`,
      problem: 'UNIT',
    }
  }
  if (coil < MIN_COIL || coil > MAX_COIL) {
    return {
      ok: false,
      reason: `must have a coil from ${MIN_COIL} to ${MAX_COIL} (got ${coil})`,
      problem: 'COIL',
    }
  }
  return { ok: true, address: { unit, coil }, text: formatAddress({ unit, coil }) }
}

/** The one canonical spelling, so `01:007` and `1:7` are the same relay. */
export function formatAddress(a: RelayAddress): string {
  return `${a.unit}:${a.coil}`
}
