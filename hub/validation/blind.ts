// The rules of a blind's motor and position (ARCHITECTURE.md section 9), shared by the hub and
// the UI's blind dialog: each checker returns the normalised value or throws a 400 HubError
// naming the field and the rule.
import { badInput } from '../errors'
import {
  checkAddress,
  checkIntegerIn,
  checkName,
  nameKey,
  TRAVEL_TIME_MAX_MS,
  TRAVEL_TIME_MIN_MS,
} from './fields'
import { checkShadingInput, type ShadingInput, type ShadingSpec } from './shading'

export const START_DELAY_MAX_MS = 2000
export const TILT_TIME_MIN_MS = 100
export const TILT_TIME_MAX_MS = 10000

/** 0-100: 100 = fully open (up), 0 = closed. */
export function checkPercent(field: string, value: number): number {
  return checkIntegerIn(field, value, 0, 100)
}

export function checkStartDelay(field: string, value: number): number {
  return checkIntegerIn(field, value, 0, START_DELAY_MAX_MS, ' ms')
}

/** 0 for a blind without slats; a venetian blind's slats turn fully in 100-10000 ms. */
export function checkTiltTime(field: string, value: number): number {
  if (value === 0) return 0
  if (!Number.isInteger(value) || value < TILT_TIME_MIN_MS || value > TILT_TIME_MAX_MS) {
    throw badInput(
      field,
      `must be 0 (no slats) or an integer from ${TILT_TIME_MIN_MS} to ${TILT_TIME_MAX_MS} ms (got ${value})`,
    )
  }
  return value
}

/** A room groups blinds; blank means none. Otherwise a name: trimmed, 1-64 characters. */
export function checkRoom(field: string, value: string | null | undefined): string | null {
  if (value == null || value.trim() === '') return null
  return checkName(field, value)
}

export const DEFAULT_TRAVEL_TIME_MS = 60000

export interface BlindInput extends ShadingInput {
  name: string
  blindAddressUp: string
  blindAddressDown: string
  /** Both travel times, where the split ones are not given. */
  travelTimeMs?: number | null
  travelTimeUpMs?: number | null
  travelTimeDownMs?: number | null
  motorStartDelayMs?: number | null
  tiltTimeMs?: number | null
  room?: string | null
  myPosition?: number | null
}

/** A blind's columns, checked and normalised. */
export interface BlindSpec extends ShadingSpec {
  name: string
  nameKey: string
  addressUp: string
  addressDown: string
  travelTimeUpMs: number
  travelTimeDownMs: number
  motorStartDelayMs: number
  tiltTimeMs: number
  room: string | null
  myPosition: number | null
  /** Whether a travel time was given, rather than left at the default guess. */
  travelTimeKnown: boolean
}

export function checkTravelTime(field: string, value: number): number {
  return checkIntegerIn(field, value, TRAVEL_TIME_MIN_MS, TRAVEL_TIME_MAX_MS, ' ms')
}

/** A whole blind's input: each field by its rule, and the two addresses apart. */
export function checkBlindInput(input: BlindInput): BlindSpec {
  const name = checkName('name', input.name)
  const addressUp = checkAddress('blindAddressUp', input.blindAddressUp)
  const addressDown = checkAddress('blindAddressDown', input.blindAddressDown)
  if (addressUp === addressDown) {
    throw badInput('blindAddressDown', `must differ from blindAddressUp (both are ${addressUp})`)
  }
  const both = checkTravelTime('travelTimeMs', input.travelTimeMs ?? DEFAULT_TRAVEL_TIME_MS)
  const travelTimeKnown =
    input.travelTimeMs != null || input.travelTimeUpMs != null || input.travelTimeDownMs != null
  const tiltTimeMs = checkTiltTime('tiltTimeMs', input.tiltTimeMs ?? 0)
  return {
    name,
    nameKey: nameKey(name),
    addressUp,
    addressDown,
    travelTimeUpMs:
      input.travelTimeUpMs == null ? both : checkTravelTime('travelTimeUpMs', input.travelTimeUpMs),
    travelTimeDownMs:
      input.travelTimeDownMs == null
        ? both
        : checkTravelTime('travelTimeDownMs', input.travelTimeDownMs),
    travelTimeKnown,
    motorStartDelayMs: checkStartDelay('motorStartDelayMs', input.motorStartDelayMs ?? 0),
    tiltTimeMs,
    room: checkRoom('room', input.room),
    myPosition: input.myPosition == null ? null : checkPercent('myPosition', input.myPosition),
    ...checkShadingInput(input, { travelTimeKnown, tiltTimeMs }),
  }
}
