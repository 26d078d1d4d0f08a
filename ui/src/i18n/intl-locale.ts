// The locale every Intl formatter of the UI uses (dates, times, numbers). Set by the language
// provider before it re-renders, so formatters called while rendering see the new language;
// English in the browser's own variant until then, as the UI was before it spoke German.
import { english, type Translate } from './translate'

let current: string | undefined

export function intlLocale(): string | undefined {
  return current
}

export function setIntlLocale(locale: string | undefined): void {
  current = locale
}

let currentTranslate: { t: Translate; language: string } = { t: english, language: 'en' }

/** Words outside React (an error turned into a field's text) in the language shown. */
export function translateNow(): { t: Translate; language: string } {
  return currentTranslate
}

export function setTranslateNow(t: Translate, language: string): void {
  currentTranslate = { t, language }
}
