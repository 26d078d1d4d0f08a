// The blind form's values and rules. The rules are the hub's own checkers (hub/validation),
// so the form refuses exactly what the hub would, with the hub's words. Travel time is typed
// in seconds and sent in milliseconds.
import {
  TRAVEL_TIME_MAX_MS,
  TRAVEL_TIME_MIN_MS,
  checkAddress,
  checkIntegerIn,
  checkName,
} from '../../../../hub/validation/fields'
import { badInput } from '../../../../hub/errors'
import type { Blind, BlindInput } from '../../api/types'
import { collectFieldErrors, type FieldErrors } from '../../forms/field-errors'

export interface BlindFormValues {
  name: string
  blindAddressUp: string
  blindAddressDown: string
  travelTimeSeconds: string
}

/** The hub's default travel time (BlindInput.travelTimeMs = 60000). */
const DEFAULT_TRAVEL_TIME_SECONDS = '60'

export const MIN_SECONDS = TRAVEL_TIME_MIN_MS / 1000
export const MAX_SECONDS = TRAVEL_TIME_MAX_MS / 1000

export function blindFormValues(blind: Blind | null): BlindFormValues {
  if (!blind) {
    return {
      name: '',
      blindAddressUp: '',
      blindAddressDown: '',
      travelTimeSeconds: DEFAULT_TRAVEL_TIME_SECONDS,
    }
  }
  return {
    name: blind.name,
    blindAddressUp: blind.blindAddressUp,
    blindAddressDown: blind.blindAddressDown,
    travelTimeSeconds: String(blind.travelTimeMs / 1000),
  }
}

/** "1.5" or "1,5" seconds to 1500 ms; NaN when the text is no number. */
export function secondsToMs(text: string): number {
  const trimmed = text.trim().replace(',', '.')
  if (trimmed === '') return NaN
  return Math.round(Number(trimmed) * 1000)
}

export function blindInputFrom(values: BlindFormValues): BlindInput {
  return {
    name: values.name.trim(),
    blindAddressUp: values.blindAddressUp.trim(),
    blindAddressDown: values.blindAddressDown.trim(),
    travelTimeMs: secondsToMs(values.travelTimeSeconds),
  }
}

/**
 * The broken rules by the hub's field names (name, blindAddressUp, blindAddressDown,
 * travelTimeMs); empty when the hub would accept the input.
 */
export function checkBlindForm(values: BlindFormValues): FieldErrors {
  const input = blindInputFrom(values)
  const errors = collectFieldErrors([
    () => checkName('name', input.name),
    () => checkAddress('blindAddressUp', input.blindAddressUp),
    () => checkAddress('blindAddressDown', input.blindAddressDown),
    () => {
      const up = checkAddress('blindAddressUp', input.blindAddressUp)
      const down = checkAddress('blindAddressDown', input.blindAddressDown)
      // Pulsing both sides of one motor at once is what the interlock exists to prevent.
      if (up === down) throw badInput('blindAddressDown', `must differ from the up address (${up})`)
    },
    () =>
      checkIntegerIn('travelTimeMs', input.travelTimeMs, TRAVEL_TIME_MIN_MS, TRAVEL_TIME_MAX_MS),
  ])
  // The hub's rule counts milliseconds; the person typed seconds, so say it in seconds.
  if (errors.travelTimeMs) {
    errors.travelTimeMs = Number.isNaN(input.travelTimeMs)
      ? `Must be a number of seconds from ${MIN_SECONDS} to ${MAX_SECONDS}`
      : `Must be from ${MIN_SECONDS} to ${MAX_SECONDS} seconds (got ${values.travelTimeSeconds.trim()})`
  }
  return errors
}

/** "60 s", "1.5 s" in the browser's own number format. */
export function formatTravelTime(ms: number): string {
  return `${new Intl.NumberFormat(undefined, { maximumFractionDigits: 3 }).format(ms / 1000)} s`
}
