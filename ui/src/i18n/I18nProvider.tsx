// The UI's language as React state: the chosen language, its catalog (German loads on its own
// when first needed) and `t`. Switching re-renders every component that words something, with
// no reload. Without a provider (component tests) the UI speaks English.
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import type { ReactNode } from 'react'
import type { Catalog } from './messages'
import { setIntlLocale, setTranslateNow } from './intl-locale'
import { intlLocaleFor, readStoredChoice, resolveLanguage, storeChoice } from './language'
import type { Language } from './language'
import { translator } from './translate'
import type { Translate } from './translate'

export interface I18n {
  /** The language shown. */
  language: Language
  /** The user's choice; null follows the browser. */
  choice: Language | null
  /** The locale for Intl formatters. */
  locale: string | undefined
  t: Translate
  choose: (choice: Language | null) => void
}

const ENGLISH: I18n = {
  language: 'en',
  choice: null,
  locale: undefined,
  t: translator('en', null),
  choose: () => {},
}

const I18nContext = createContext<I18n>(ENGLISH)

const loaders: Record<Language, () => Promise<Catalog | null>> = {
  en: () => Promise.resolve(null),
  de: () => import('./catalogs/de').then((m) => m.de),
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const [choice, setChoice] = useState<Language | null>(readStoredChoice)
  const wanted = resolveLanguage(choice)
  // The catalog shown and its language: they change together once the catalog has loaded.
  const [shown, setShown] = useState<{ language: Language; catalog: Catalog | null } | null>(
    wanted === 'en' ? { language: 'en', catalog: null } : null,
  )

  useEffect(() => {
    let current = true
    loaders[wanted]().then(
      (catalog) => {
        if (current) setShown({ language: wanted, catalog })
      },
      // A catalog that cannot load (the hub restarting mid-page): English rather than an empty
      // page; a reload tries the language again.
      () => {
        if (current) setShown((before) => before ?? { language: 'en', catalog: null })
      },
    )
    return () => {
      current = false
    }
  }, [wanted])

  const choose = useCallback((next: Language | null) => {
    storeChoice(next)
    setChoice(next)
  }, [])

  const value = useMemo<I18n | null>(() => {
    if (!shown) return null
    const locale = shown.language === 'en' && !choice ? undefined : intlLocaleFor(shown.language)
    const t = translator(shown.language, shown.catalog)
    setIntlLocale(locale)
    setTranslateNow(t, shown.language)
    return { language: shown.language, choice, locale, t, choose }
  }, [shown, choice, choose])

  useEffect(() => {
    if (value) document.documentElement.lang = value.language
  }, [value])

  // The first German page waits for its catalog (a few ms) rather than flash English.
  if (!value) return null
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}

export function useI18n(): I18n {
  return useContext(I18nContext)
}

/** The translate function of the language shown: t(messages.title, { count: 3 }). */
export function useT(): Translate {
  return useContext(I18nContext).t
}
