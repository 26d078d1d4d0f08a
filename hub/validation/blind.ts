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
import {
  checkWeatherProtection,
  type WeatherProtectionInput,
  type WeatherProtectionSpec,
} from './weather'

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
      'ZERO_OR_RANGE',
      { min: TILT_TIME_MIN_MS, max: TILT_TIME_MAX_MS },
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

/**
 * What blindCreate and blindUpdate take. On create, name and both addresses are required and
 * every other field left out takes its default. On update (checkBlindUpdate), every field left
 * out keeps what the blind has, and null clears a field back to its default: none for room,
 * myPosition, the facade and the shade positions; 0 for the start delay and the tilt time; the
 * 60 s guess for a travel time. Name and addresses cannot be cleared.
 */
export interface BlindInput extends ShadingInput, WeatherProtectionInput {
  name?: string | null
  blindAddressUp?: string | null
  blindAddressDown?: string | null
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
export interface BlindSpec extends ShadingSpec, WeatherProtectionSpec {
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
  /** Whether both travel times were given, rather than left at the default guess. */
  travelTimeKnown: boolean
}

/** A blind as stored, in the input's field names: what an update starts from. */
export interface StoredBlind extends ShadingSpec, WeatherProtectionSpec {
  name: string
  blindAddressUp: string
  blindAddressDown: string
  travelTimeUpMs: number
  travelTimeDownMs: number
  travelTimeKnown: boolean
  motorStartDelayMs: number
  tiltTimeMs: number
  room: string | null
  myPosition: number | null
}

export function checkTravelTime(field: string, value: number): number {
  return checkIntegerIn(field, value, TRAVEL_TIME_MIN_MS, TRAVEL_TIME_MAX_MS, ' ms')
}

type Travel = Pick<StoredBlind, 'travelTimeUpMs' | 'travelTimeDownMs' | 'travelTimeKnown'>

/** A new blind's travel before any input: the guess, not known. */
const GUESSED: Travel = {
  travelTimeUpMs: DEFAULT_TRAVEL_TIME_MS,
  travelTimeDownMs: DEFAULT_TRAVEL_TIME_MS,
  travelTimeKnown: false,
}

/**
 * The travel times after an input. Each side takes its own field, else travelTimeMs, else
 * stays as it was; a number is a given time, null puts that side back to the 60 s guess. The
 * travel counts as known only once both sides are given: a side never given stays a guess. One
 * flag covers both sides, so a side kept from before counts as given only where the blind's
 * travel was known already; to mark a guessed blind's travel known, give both sides (or
 * travelTimeMs) in one input, or calibrate it.
 */
function checkTravel(input: BlindInput, before: Travel): Travel {
  const both =
    input.travelTimeMs == null
      ? input.travelTimeMs
      : checkTravelTime('travelTimeMs', input.travelTimeMs)
  const side = (field: 'travelTimeUpMs' | 'travelTimeDownMs') => {
    const own = input[field]
    const value = own === undefined ? both : own
    if (value === undefined) return { ms: before[field], given: before.travelTimeKnown }
    if (value === null) return { ms: DEFAULT_TRAVEL_TIME_MS, given: false }
    return { ms: checkTravelTime(own === undefined ? 'travelTimeMs' : field, value), given: true }
  }
  const up = side('travelTimeUpMs')
  const down = side('travelTimeDownMs')
  return {
    travelTimeUpMs: up.ms,
    travelTimeDownMs: down.ms,
    travelTimeKnown: up.given && down.given,
  }
}

const TRAVEL_FIELDS = new Set(['travelTimeUpMs', 'travelTimeDownMs', 'travelTimeKnown'])

/** The fields every blind has: required on create, never cleared by an update. */
const REQUIRED = ['name', 'blindAddressUp', 'blindAddressDown'] as const

function required(input: BlindInput, field: (typeof REQUIRED)[number]): string {
  const value = input[field]
  if (value == null) throw badInput(field, 'is required', 'REQUIRED')
  return value
}

/** A new blind's input: each field by its rule, and the two addresses apart. */
export function checkBlindInput(input: BlindInput): BlindSpec {
  return checkBlind(input, GUESSED)
}

/**
 * An update of `stored`: the input's fields over the stored ones (BlindInput says what null
 * does), the result checked as a whole, as a new blind's would be.
 */
export function checkBlindUpdate(stored: StoredBlind, input: BlindInput): BlindSpec {
  for (const field of REQUIRED) {
    if (input[field] === null) {
      throw badInput(
        field,
        'must not be null: every blind has one (leave it out to keep it)',
        'REQUIRED',
      )
    }
  }
  // The stored travel times are where checkTravel starts, not given times.
  const kept = Object.fromEntries(
    Object.entries(stored).filter(([field]) => !TRAVEL_FIELDS.has(field)),
  )
  const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined))
  return checkBlind({ ...kept, ...given }, stored)
}

function checkBlind(input: BlindInput, before: Travel): BlindSpec {
  const name = checkName('name', required(input, 'name'))
  const addressUp = checkAddress('blindAddressUp', required(input, 'blindAddressUp'))
  const addressDown = checkAddress('blindAddressDown', required(input, 'blindAddressDown'))
  if (addressUp === addressDown) {
    throw badInput(
      'blindAddressDown',
      `must differ from blindAddressUp (both are ${addressUp})`,
      'MUST_DIFFER',
      { other: 'blindAddressUp', value: addressUp },
    )
  }
  const travel = checkTravel(input, before)
  const tiltTimeMs = checkTiltTime('tiltTimeMs', input.tiltTimeMs ?? 0)
  return {
    name,
    nameKey: nameKey(name),
    addressUp,
    addressDown,
    ...travel,
    motorStartDelayMs: checkStartDelay('motorStartDelayMs', input.motorStartDelayMs ?? 0),
    tiltTimeMs,
    room: checkRoom('room', input.room),
    myPosition: input.myPosition == null ? null : checkPercent('myPosition', input.myPosition),
    ...checkShadingInput(input, { travelTimeKnown: travel.travelTimeKnown, tiltTimeMs }),
    ...checkWeatherProtection(input),
  }
}
