// The locale every Intl formatter of the UI uses (dates, times, numbers). Set by the language
// provider before it re-renders, so formatters called while rendering see the new language;
// English in the browser's own variant until then, as the UI was before it spoke German.
let current: string | undefined

export function intlLocale(): string | undefined {
  return current
}

export function setIntlLocale(locale: string | undefined): void {
  current = locale
}
