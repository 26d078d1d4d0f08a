// The "Weather protection" part of the blind form: its values as typed and its rules, which are
// the hub's own checkers (hub/validation/weather), so the form refuses what the hub would.
// Nothing set is what an indoor blind needs: no wind limit, no rain or frost protection.
import { english, type Translate } from '../../i18n/translate'
import { blindWeatherMessages as m } from './blinds.messages'
import {
  DEFAULT_SAFETY_POSITION,
  checkWeatherProtection,
  type WeatherProtectionSpec,
} from '../../../../hub/validation/weather'
import type { Blind, BlindInput } from '../../api/types'
import { collectFieldErrors, type FieldErrors } from '../../forms/field-errors'

export interface WeatherFormValues {
  /** m/s as typed ("12" or "12,5"); blank: not wind-protected. */
  windLimit: string
  rainProtect: boolean
  frostProtect: boolean
  /** Percent open as typed; blank: the default, raised. */
  safetyPosition: string
}

/** The hub's BlindInput fields this part of the form fills. */
export type WeatherInputFields = Required<Pick<BlindInput, keyof WeatherProtectionSpec>>

/** The fields the hub may name in a refusal, shown at their control. */
export const WEATHER_FIELDS = [
  'windLimit',
  'rainProtect',
  'frostProtect',
  'safetyPosition',
] as const

export function weatherFormValues(blind: Blind | null): WeatherFormValues {
  return {
    windLimit: blind?.windLimit == null ? '' : String(blind.windLimit),
    rainProtect: blind?.rainProtect ?? false,
    frostProtect: blind?.frostProtect ?? false,
    safetyPosition: String(blind?.safetyPosition ?? DEFAULT_SAFETY_POSITION),
  }
}

/** A number as typed ("12,5 m/s" too); null when blank, NaN when no number. */
function typed(text: string): number | null {
  const trimmed = text
    .trim()
    .replace(/\s*(m\/s|%)$/, '')
    .replace(',', '.')
  return trimmed === '' ? null : Number(trimmed)
}

/** What the form sends: every field, so a blank wind limit (null) clears a saved one. */
export function weatherInputFrom(values: WeatherFormValues): WeatherInputFields {
  return {
    windLimit: typed(values.windLimit),
    rainProtect: values.rainProtect,
    frostProtect: values.frostProtect,
    safetyPosition: typed(values.safetyPosition) ?? DEFAULT_SAFETY_POSITION,
  }
}

/** The broken rules by the hub's field names; empty when the hub would accept them. */
export function checkWeatherForm(values: WeatherFormValues): FieldErrors {
  const input = weatherInputFrom(values)
  return collectFieldErrors([
    () => checkWeatherProtection({ windLimit: input.windLimit }),
    () => checkWeatherProtection({ safetyPosition: input.safetyPosition }),
  ])
}

/** The folded section's state in a few words: "Wind over 12 m/s, rain, frost" or "Off". */
export function protectionSummary(values: WeatherFormValues, t: Translate = english): string {
  const limit = typed(values.windLimit)
  const parts = [
    limit !== null && !Number.isNaN(limit) && t(m.summaryWind, { limit }),
    values.rainProtect && t(m.summaryRain),
    values.frostProtect && t(m.summaryFrost),
  ].filter((p): p is string => typeof p === 'string')
  if (parts.length === 0) return t(m.summaryOff)
  const text = parts.reduce((before, part) => t(m.summaryList, { before, part }))
  return text.charAt(0).toUpperCase() + text.slice(1)
}
