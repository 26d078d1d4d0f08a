// Turning a rejected input into messages at the fields. The hub's 400 and 409 errors name the
// field (`name`, `blindAddressUp`, `scene[1].duration`) and the message starts with it; the
// UI's own checks use the hub's checkers, so both read the same.
import { translateNow } from '../i18n/intl-locale'
import type { Values } from '../i18n/messages'
import { errorWords } from './error-words'
import { errorMessages } from './errors.messages'
import { ApiError } from '../api/client'
import { HubError } from '../../../hub/errors'
import { lockRefusalWords } from '../weather/lock-error'

export type FieldErrors = Record<string, string>

/** The rule without the field path in front: "must be 1 to 64 characters…" → "Must be …". */
export function ruleText(message: string, field: string | undefined): string {
  const rule = field && message.startsWith(`${field} `) ? message.slice(field.length + 1) : message
  const withoutPrefix = field && rule.startsWith(`${field}: `) ? rule.slice(field.length + 2) : rule
  return withoutPrefix.charAt(0).toUpperCase() + withoutPrefix.slice(1)
}

/**
 * Runs each check (a hub checker bound to its value); returns the broken rules by field.
 * A check that passes contributes nothing.
 */
export function collectFieldErrors(checks: (() => unknown)[]): FieldErrors {
  const errors: FieldErrors = {}
  for (const check of checks) {
    try {
      check()
    } catch (err) {
      if (!(err instanceof HubError) || !err.field) throw err
      errors[err.field] ??= errorWords(
        err.reason,
        valuesOf(err.details),
        ruleText(err.message, err.field),
      )
    }
  }
  return errors
}

/** A server error about a field, as a field error; null when the error is not about a field. */
export function fieldErrorFrom(err: unknown): FieldErrors | null {
  if (err instanceof ApiError && err.field && (err.code === 400 || err.code === 409)) {
    return { [err.field]: errorWords(err.reason, err.values, ruleText(err.message, err.field)) }
  }
  return null
}

/**
 * An error in the reader's words. A command a weather lock refused also says, outside English,
 * what holds the blind and when it may lift, on the clocks of `timeZone` (the hub's).
 */
export function errorMessage(err: unknown, timeZone?: string): string {
  if (err instanceof ApiError) {
    const words = errorWords(err.reason, err.values, err.message)
    if (err.reason !== 'WEATHER_LOCKED' && err.reason !== 'WEATHER_FROZEN') return words
    const { t, language } = translateNow()
    const lock = lockRefusalWords(err.values, t, language, timeZone)
    return lock === null ? words : `${words} ${lock}`
  }
  if (err instanceof HubError) return errorWords(err.reason, valuesOf(err.details), err.message)
  return err instanceof Error ? err.message : translateNow().t(errorMessages.somethingWrong)
}

function valuesOf(details: Readonly<Record<string, string | number | null>>): Values {
  const values: Record<string, string | number> = {}
  for (const [key, value] of Object.entries(details)) if (value !== null) values[key] = value
  return values
}
