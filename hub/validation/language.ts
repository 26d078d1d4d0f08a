// The UI's languages (ARCHITECTURE.md section 15): a user's choice is one of them or null, which
// means "the browser's". Shared by the hub's userLanguageSet and the UI's language menu.
import { badInput } from '../errors'

export const LANGUAGES = ['en', 'de'] as const
export type Language = (typeof LANGUAGES)[number]

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/** A language choice as given, or a 400 naming the field and the languages there are. */
export function checkLanguage(value: unknown, field = 'language'): Language | null {
  if (value === null || value === undefined) return null
  if (isLanguage(value)) return value
  throw badInput(
    field,
    `must be one of ${LANGUAGES.join(', ')} or null (got "${String(value)}")`,
    'ONE_OF',
    { allowed: LANGUAGES.join(', ') },
  )
}
