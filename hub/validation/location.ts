// The house's location as an admin sets it (issue 14), shared by the hub and the UI: each
// coordinate by its range, both or neither. Throws a 400 HubError naming `lat` or `lon`.
import { badInput } from '../errors'
import type { Location } from '../engine/sun'

/** What `houseLocationSet` may say; both null or absent clears the stored location. */
export interface LocationInput {
  lat?: number | null
  lon?: number | null
}

function checkCoordinate(field: 'lat' | 'lon', value: number, limit: number, rule: string) {
  if (!Number.isFinite(value) || value < -limit || value > limit) {
    throw badInput(
      field,
      `must be a number from -${limit} to ${limit} (${rule}) (got ${value})`,
      'NUMBER_RANGE',
      { min: -limit, max: limit },
    )
  }
  return value
}

/** The location, checked; null when neither coordinate is given. */
export function checkLocationInput(input: LocationInput): Location | null {
  const lat = input.lat ?? null
  const lon = input.lon ?? null
  if (lat === null && lon === null) return null
  if (lat !== null) checkCoordinate('lat', lat, 90, 'degrees north; south is negative')
  if (lon !== null) checkCoordinate('lon', lon, 180, 'degrees east; west is negative')
  if (lon === null)
    throw badInput('lon', 'must be given with lat', 'REQUIRED_WITH', { other: 'lat' })
  if (lat === null)
    throw badInput('lat', 'must be given with lon', 'REQUIRED_WITH', { other: 'lon' })
  return { lat, lon }
}

/**
 * A SUN trigger needs the house's location (hub/location). Here, away from the trigger's other
 * rules, so the automation editor can ask before sending without bundling node-cron.
 */
export function checkSunLocation(hasLocation: boolean): void {
  if (!hasLocation) {
    throw badInput(
      'trigger.sunEvent',
      "needs the house's location: an admin sets it in Settings (/settings)",
      'NEEDS_LOCATION',
    )
  }
}
