// The rules of a blind's facade and shading (ARCHITECTURE.md section 12) and of holiday mode,
// shared by the hub and the UI: each checker returns the normalised value or throws a 400
// HubError naming the field and the rule.
import { badInput } from '../errors'
import { checkIntegerIn } from './fields'

export const FOV_MAX = 90
export const DEFAULT_FOV = 90
export const DEFAULT_MIN_ELEVATION = 0
export const DEFAULT_MIN_BRIGHTNESS = 40
export const RANDOM_OFFSET_MAX_MINUTES = 30

/** What a blind's input may say about shading; null or absent: not set (or the default). */
export interface ShadingInput {
  facadeAzimuth?: number | null
  fovLeft?: number | null
  fovRight?: number | null
  minElevation?: number | null
  shadePosition?: number | null
  shadeTilt?: number | null
  shadingEnabled?: boolean | null
  shadingMinBrightness?: number | null
  shadingReturnPosition?: number | null
  shadingResumeAt?: string | null
}

/** The same, checked, with the defaults filled in. */
export interface ShadingSpec {
  facadeAzimuth: number | null
  fovLeft: number
  fovRight: number
  minElevation: number
  shadePosition: number | null
  shadeTilt: number | null
  shadingEnabled: boolean
  shadingMinBrightness: number
  shadingReturnPosition: number | null
  shadingResumeAt: string | null
}

/** What the shading rules need to know of the blind itself. */
export interface ShadedBlind {
  /** Whether its travel times were given rather than left at the default guess. */
  travelTimeKnown: boolean
  /** 0 for a blind without slats. */
  tiltTimeMs: number
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/

/** Compass degrees the window faces: 0 = north, 90 = east, 180 = south, 270 = west. */
export function checkAzimuth(field: string, value: number): number {
  if (!Number.isInteger(value) || value < 0 || value > 359) {
    throw badInput(
      field,
      `must be an integer from 0 to 359 compass degrees, 0 = north, 180 = south (got ${value})`,
      'RANGE',
      { min: 0, max: 359 },
    )
  }
  return value
}

/** A local time of day, "HH:MM" on the 24-hour clock. */
export function checkTimeOfDay(field: string, value: string): string {
  const text = value.trim()
  if (!HH_MM.test(text)) {
    throw badInput(
      field,
      `must be a time of day as HH:MM, from 00:00 to 23:59 (got "${value}")`,
      'TIME_OF_DAY',
    )
  }
  return text
}

/** Holiday mode's lived-in shift of CRON and SUN firings, in minutes. */
export function checkRandomOffset(field: string, value: number): number {
  return checkIntegerIn(field, value, 0, RANDOM_OFFSET_MAX_MINUTES, ' minutes')
}

const orNull = <T>(value: T | null | undefined, check: (v: T) => T): T | null =>
  value == null ? null : check(value)

/** A blind's facade and shading, each field by its rule, and shading only once it can work. */
export function checkShadingInput(input: ShadingInput, blind: ShadedBlind): ShadingSpec {
  const facadeAzimuth = orNull(input.facadeAzimuth, (v) => checkAzimuth('facadeAzimuth', v))
  const fovLeft = checkIntegerIn('fovLeft', input.fovLeft ?? DEFAULT_FOV, 0, FOV_MAX, '°')
  const fovRight = checkIntegerIn('fovRight', input.fovRight ?? DEFAULT_FOV, 0, FOV_MAX, '°')
  const minElevation = checkIntegerIn(
    'minElevation',
    input.minElevation ?? DEFAULT_MIN_ELEVATION,
    0,
    90,
    '°',
  )
  const shadePosition = orNull(input.shadePosition, (v) =>
    checkIntegerIn('shadePosition', v, 0, 100),
  )
  if (shadePosition !== null && !blind.travelTimeKnown) {
    throw badInput(
      'shadePosition',
      'must not be set while the blind’s travel time is not known: give travelTimeMs (or travelTimeUpMs and travelTimeDownMs) as well',
      'REQUIRES_OTHER',
      { other: 'travelTimeMs' },
    )
  }
  const shadeTilt = orNull(input.shadeTilt, (v) => checkIntegerIn('shadeTilt', v, 0, 100))
  if (shadeTilt !== null && blind.tiltTimeMs === 0) {
    throw badInput(
      'shadeTilt',
      'must not be set on a blind without slats (its tilt time is 0)',
      'NO_SLATS',
    )
  }
  const shadingEnabled = input.shadingEnabled ?? false
  if (shadingEnabled && (facadeAzimuth === null || shadePosition === null)) {
    const missing = [
      facadeAzimuth === null && 'facadeAzimuth',
      shadePosition === null && 'shadePosition',
    ].filter((field) => field !== false)
    throw badInput(
      'shadingEnabled',
      `must not be true without ${missing.join(' and ')}`,
      'REQUIRES_OTHER',
      { other: missing.join(',') },
    )
  }
  return {
    facadeAzimuth,
    fovLeft,
    fovRight,
    minElevation,
    shadePosition,
    shadeTilt,
    shadingEnabled,
    shadingMinBrightness: checkIntegerIn(
      'shadingMinBrightness',
      input.shadingMinBrightness ?? DEFAULT_MIN_BRIGHTNESS,
      0,
      100,
      ' %',
    ),
    shadingReturnPosition: orNull(input.shadingReturnPosition, (v) =>
      checkIntegerIn('shadingReturnPosition', v, 0, 100),
    ),
    shadingResumeAt:
      input.shadingResumeAt == null || input.shadingResumeAt.trim() === ''
        ? null
        : checkTimeOfDay('shadingResumeAt', input.shadingResumeAt),
  }
}
