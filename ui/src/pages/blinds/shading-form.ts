// The "Sun and shading" part of the blind form: its values as typed and its rules, which are
// the hub's own checkers (hub/validation/shading), so the form refuses what the hub would.
// Numbers are typed as text; a blank facade or shade position means "not set".
import {
  DEFAULT_FOV,
  DEFAULT_MIN_BRIGHTNESS,
  DEFAULT_MIN_ELEVATION,
  FOV_MAX,
  checkAzimuth,
  checkShadingInput,
  checkTimeOfDay,
  type ShadingSpec,
} from '../../../../hub/validation/shading'
import { checkPercent } from '../../../../hub/validation/blind'
import { checkIntegerIn } from '../../../../hub/validation/fields'
import type { Blind, BlindInput } from '../../api/types'
import { collectFieldErrors, type FieldErrors } from '../../forms/field-errors'
import { translateNow } from '../../i18n/intl-locale'
import { blindShadingMessages as m } from './blinds.messages'

export interface ShadingFormValues {
  /** Compass degrees as typed; blank: no facade. */
  facadeAzimuth: string
  fovLeft: string
  fovRight: string
  minElevation: string
  /** Percent open as typed; blank: not set. */
  shadePosition: string
  /** Slats while shading (venetian blinds only); blank: as they come. */
  shadeTilt: string
  shadingEnabled: boolean
  shadingMinBrightness: string
  /** Back to where the blind was before shading, or to `shadingReturnPosition`. */
  returnTo: 'before' | 'position'
  shadingReturnPosition: string
  /** A person's command pauses shading until the next day, or until `shadingResumeAt`. */
  resume: 'nextDay' | 'time'
  shadingResumeAt: string
}

/** The hub's BlindInput fields this part of the form fills. */
export type ShadingInputFields = Pick<BlindInput, keyof ShadingSpec>

/** The fields the hub may name in a refusal, shown at their control. */
export const SHADING_FIELDS = [
  'facadeAzimuth',
  'fovLeft',
  'fovRight',
  'minElevation',
  'shadePosition',
  'shadeTilt',
  'shadingEnabled',
  'shadingMinBrightness',
  'shadingReturnPosition',
  'shadingResumeAt',
] as const

const text = (n: number | null | undefined) => (n == null ? '' : String(n))

export function shadingFormValues(blind: Blind | null): ShadingFormValues {
  return {
    facadeAzimuth: text(blind?.facadeAzimuth),
    fovLeft: text(blind?.fovLeft ?? DEFAULT_FOV),
    fovRight: text(blind?.fovRight ?? DEFAULT_FOV),
    minElevation: text(blind?.minElevation ?? DEFAULT_MIN_ELEVATION),
    shadePosition: text(blind?.shadePosition),
    shadeTilt: text(blind?.shadeTilt),
    shadingEnabled: blind?.shadingEnabled ?? false,
    shadingMinBrightness: text(blind?.shadingMinBrightness ?? DEFAULT_MIN_BRIGHTNESS),
    returnTo: blind?.shadingReturnPosition == null ? 'before' : 'position',
    shadingReturnPosition: text(blind?.shadingReturnPosition),
    resume: blind?.shadingResumeAt == null ? 'nextDay' : 'time',
    shadingResumeAt: blind?.shadingResumeAt ?? '',
  }
}

/** A whole number as typed ("40", "40 %", "180°"); null when blank, NaN when no number. */
export function typedNumber(typed: string): number | null {
  const trimmed = typed.trim().replace(/\s*[%°]$/, '')
  return trimmed === '' ? null : Number(trimmed)
}

/** Blank means the hub's default. */
const orDefault = (typed: string, fallback: number) => typedNumber(typed) ?? fallback

/** `slats`: the blind's slats turn (the form's checkbox), so a shade tilt applies. */
export function shadingInputFrom(values: ShadingFormValues, slats: boolean): ShadingInputFields {
  return {
    facadeAzimuth: typedNumber(values.facadeAzimuth),
    fovLeft: orDefault(values.fovLeft, DEFAULT_FOV),
    fovRight: orDefault(values.fovRight, DEFAULT_FOV),
    minElevation: orDefault(values.minElevation, DEFAULT_MIN_ELEVATION),
    shadePosition: typedNumber(values.shadePosition),
    shadeTilt: slats ? typedNumber(values.shadeTilt) : null,
    shadingEnabled: values.shadingEnabled,
    shadingMinBrightness: orDefault(values.shadingMinBrightness, DEFAULT_MIN_BRIGHTNESS),
    // A set position left blank is no position: NaN makes the rule say so.
    shadingReturnPosition:
      values.returnTo === 'position' ? (typedNumber(values.shadingReturnPosition) ?? NaN) : null,
    shadingResumeAt: values.resume === 'time' ? values.shadingResumeAt.trim() : null,
  }
}

/** What shading still needs before it can be switched on, in words. */
function missingForShading(input: ShadingInputFields): string {
  const { t } = translateNow()
  if (input.facadeAzimuth === null && input.shadePosition === null) return t(m.setFirstBoth)
  return input.facadeAzimuth === null ? t(m.setFirstFacing) : t(m.setFirstPosition)
}

/**
 * The broken rules by the hub's field names (facadeAzimuth, fovLeft, …); empty when the hub
 * would take them. `travelKnown`: the blind's travel times will be known once saved, without
 * which the hub refuses a shade position.
 */
export function checkShadingForm(
  values: ShadingFormValues,
  slats: boolean,
  travelKnown: boolean,
): FieldErrors {
  const input = shadingInputFrom(values, slats)
  const errors = collectFieldErrors([
    () => input.facadeAzimuth !== null && checkAzimuth('facadeAzimuth', input.facadeAzimuth),
    () => checkIntegerIn('fovLeft', input.fovLeft, 0, FOV_MAX, '°'),
    () => checkIntegerIn('fovRight', input.fovRight, 0, FOV_MAX, '°'),
    () => checkIntegerIn('minElevation', input.minElevation, 0, 90, '°'),
    () => input.shadePosition !== null && checkPercent('shadePosition', input.shadePosition),
    () => input.shadeTilt !== null && checkPercent('shadeTilt', input.shadeTilt),
    () => checkIntegerIn('shadingMinBrightness', input.shadingMinBrightness, 0, 100, ' %'),
    () =>
      input.shadingReturnPosition !== null &&
      checkPercent('shadingReturnPosition', input.shadingReturnPosition),
    () =>
      input.shadingResumeAt !== null && checkTimeOfDay('shadingResumeAt', input.shadingResumeAt),
    // What needs more than one field: shading only once it knows where and how far.
    () => checkShadingInput(input, { travelTimeKnown: travelKnown, tiltTimeMs: slats ? 1 : 0 }),
  ])
  // "(got NaN)" says nothing to a person: say what was typed.
  for (const field of Object.keys(errors)) {
    const typed = (values as unknown as Record<string, unknown>)[field]
    if (typeof typed === 'string') {
      errors[field] = errors[field]!.replace('(got NaN)', `(got “${typed.trim()}”)`)
    }
  }
  if (errors.shadingReturnPosition && values.shadingReturnPosition.trim() === '') {
    errors.shadingReturnPosition = translateNow().t(m.givePosition)
  }
  if (errors.shadingEnabled) errors.shadingEnabled = missingForShading(input)
  // The hub refuses a shade position while the travel is guessed (after the range rule).
  const shadeInRange =
    input.shadePosition !== null &&
    !collectFieldErrors([() => checkPercent('shadePosition', input.shadePosition!)]).shadePosition
  const needsTravel = Boolean(errors.shadePosition) && !travelKnown && shadeInRange
  if (needsTravel) errors.shadePosition = translateNow().t(m.needsTravel)
  return errors
}

/** The rule a typed facade direction breaks, said at once as Save would say it; else undefined. */
export function azimuthError(typed: string): string | undefined {
  const input = typedNumber(typed)
  if (input === null) return undefined
  const errors = collectFieldErrors([() => checkAzimuth('facadeAzimuth', input)])
  return errors.facadeAzimuth?.replace('(got NaN)', `(got “${typed.trim()}”)`)
}
