// The UI's language as React state: the chosen language, its catalog (German loads on its own
// when first needed) and `t`. Switching re-renders every component that words something, with
// no reload. Without a provider (component tests) the UI speaks English.
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import type { ReactNode } from 'react'
import { readStoredChoice, resolveLanguage, storeChoice } from './language'
import type { Language } from './language'
import { loadLanguage, showLanguage, type Shown } from './show-language'
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

export function I18nProvider({ children }: { children: ReactNode }) {
  const [choice, setChoice] = useState<Language | null>(readStoredChoice)
  const wanted = resolveLanguage(choice)
  // The catalog shown and its language: they change together once the catalog has loaded.
  const [shown, setShown] = useState<Shown | null>(
    wanted === 'en' ? { language: 'en', catalog: null } : null,
  )

  useEffect(() => {
    let current = true
    void loadLanguage(wanted).then((loaded) => {
      if (!current) return
      // A catalog that failed keeps the language shown before it, if there was one.
      setShown((before) => (loaded.language === wanted || !before ? loaded : before))
    })
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
    const { locale, t } = showLanguage(shown, choice)
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
