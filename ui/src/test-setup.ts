// Every component test starts from an empty page, empty local storage and the UI's English
// (the language the formatters and words outside React use, ui/src/i18n/intl-locale.ts): the
// test files share their worker (vitest.config.ts), so nothing one file set may reach the next.
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { setIntlLocale, setTranslateNow } from './i18n/intl-locale'
import { english } from './i18n/translate'

afterEach(() => {
  cleanup()
  localStorage.clear()
  setIntlLocale(undefined)
  setTranslateNow(english, 'en')
})
