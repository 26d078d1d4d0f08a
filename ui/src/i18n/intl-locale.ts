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

/**
 * A number in the shown language ("7,1" in German, "7.1" in English): `digits` decimals
 * exactly, or up to `maxDigits`; without thousands separators when `grouping` is false.
 */
export function localNumber(
  value: number,
  options: { digits?: number; maxDigits?: number; grouping?: boolean } = {},
): string {
  const { digits, maxDigits = digits, grouping = true } = options
  return new Intl.NumberFormat(current, {
    minimumFractionDigits: digits,
    maximumFractionDigits: maxDigits,
    useGrouping: grouping,
  }).format(value)
}

let currentTranslate: { t: Translate; language: string } = { t: english, language: 'en' }

/** Words outside React (an error turned into a field's text) in the language shown. */
export function translateNow(): { t: Translate; language: string } {
  return currentTranslate
}

export function setTranslateNow(t: Translate, language: string): void {
  currentTranslate = { t, language }
}
