// Loading a language's catalog and making it the one shown, without React: the login page (no
// React) and the language provider of the logged-in app both go through here, so both speak
// the same language the same way.
import type { Catalog } from './messages'
import { setIntlLocale, setTranslateNow } from './intl-locale'
import { intlLocaleFor, type Language } from './language'
import { translator, type Translate } from './translate'

/** Each language's catalog loads on its own: an English reader downloads no German. */
const loaders: Record<Language, () => Promise<Catalog | null>> = {
  en: () => Promise.resolve(null),
  de: () => import('./catalogs/de').then((m) => m.de),
}

export interface Shown {
  language: Language
  catalog: Catalog | null
}

/**
 * `language` with its catalog; English when the catalog cannot load (the hub restarting as
 * the page opens) rather than an empty page. A reload tries the language again.
 */
export function loadLanguage(language: Language): Promise<Shown> {
  return loaders[language]().then(
    (catalog) => ({ language, catalog }),
    () => ({ language: 'en', catalog: null }),
  )
}

/**
 * Makes `shown` the language of every formatter and of words made outside components; returns
 * the locale for Intl (undefined: the browser's own English, when English is not a choice) and
 * the translate function.
 */
export function showLanguage(
  shown: Shown,
  choice: Language | null,
): { locale: string | undefined; t: Translate } {
  const locale = shown.language === 'en' && !choice ? undefined : intlLocaleFor(shown.language)
  const t = translator(shown.language, shown.catalog)
  setIntlLocale(locale)
  setTranslateNow(t, shown.language)
  return { locale, t }
}
