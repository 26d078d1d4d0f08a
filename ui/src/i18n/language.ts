// Which language the UI speaks: the user's choice (kept on the user, so it follows her to every
// device), else the browser's first language the UI knows, else English. Dates and numbers use
// the browser's own variant of that language when it has one (de-AT, en-GB), else de-DE/en-GB.
import { LANGUAGES, isLanguage } from '../../../hub/validation/language'
import type { Language } from '../../../hub/validation/language'

export { LANGUAGES, isLanguage }
export type { Language }

/** This device's last choice, so a cold start speaks it before the user is loaded. */
export const LANGUAGE_KEY = 'language'

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return []
  return navigator.languages?.length ? navigator.languages : [navigator.language]
}

export function browserLanguage(languages = browserLanguages()): Language {
  for (const tag of languages) {
    const primary = tag.split('-')[0]?.toLowerCase()
    if (isLanguage(primary)) return primary
  }
  return 'en'
}

export function resolveLanguage(choice: Language | null, languages = browserLanguages()) {
  return choice ?? browserLanguage(languages)
}

const DEFAULT_REGION: Record<Language, string> = { en: 'en-GB', de: 'de-DE' }

/** The locale for Intl: the browser's variant of `language` if it has one. */
export function intlLocaleFor(language: Language, languages = browserLanguages()): string {
  const own = languages.find((tag) => tag.split('-')[0]?.toLowerCase() === language)
  return own ?? DEFAULT_REGION[language]
}

export function readStoredChoice(): Language | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY)
    return isLanguage(stored) ? stored : null
  } catch {
    return null
  }
}

export function storeChoice(choice: Language | null): void {
  try {
    if (choice === null) localStorage.removeItem(LANGUAGE_KEY)
    else localStorage.setItem(LANGUAGE_KEY, choice)
  } catch {
    // Private mode without storage: the choice still lives on the user.
  }
}
