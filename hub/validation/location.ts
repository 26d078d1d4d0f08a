// The house's location as a person gives it (ARCHITECTURE.md section 12): latitude and
// longitude in degrees, both or neither (neither clears it). Shared by the hub and the form.
import type { Location } from '../engine/sun'
import { badInput } from '../errors'

export interface LocationInput {
  lat?: number | null
  lon?: number | null
}

const RULES = {
  lat: { max: 90, words: 'degrees north; south is negative' },
  lon: { max: 180, words: 'degrees east; west is negative' },
} as const

function checkDegrees(field: 'lat' | 'lon', value: number): number {
  const { max, words } = RULES[field]
  if (!Number.isFinite(value) || value < -max || value > max) {
    throw badInput(field, `must be a number from -${max} to ${max} (${words}) (got ${value})`)
  }
  return value
}

/** The location to keep, or null to clear it; a 400 naming `lat` or `lon` otherwise. */
export function checkLocationInput(input: LocationInput): Location | null {
  const lat = input.lat ?? null
  const lon = input.lon ?? null
  if (lat === null && lon === null) return null
  if (lon === null) throw badInput('lon', 'must be given with lat')
  if (lat === null) throw badInput('lat', 'must be given with lon')
  return { lat: checkDegrees('lat', lat), lon: checkDegrees('lon', lon) }
}
