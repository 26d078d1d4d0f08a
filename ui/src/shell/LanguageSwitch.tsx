// English, Deutsch or the browser's: three buttons, the chosen one pressed. The page switches at
// once; the choice is then kept on the user, so it follows her to every device. Each language
// is named in itself, as a person who cannot read the current one looks for it.
import { useSWRConfig } from 'swr'
import { keys, mutations } from '../api/operations'
import { ApiError } from '../api/client'
import { errorWords } from '../forms/error-words'
import { useI18n } from '../i18n/I18nProvider'
import type { Language } from '../i18n/language'
import { shellMessages as m } from './shell.messages'
import { useToast } from './toast'

const NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch' }
const CHOICES: (Language | null)[] = ['en', 'de', null]

export function LanguageSwitch() {
  const { choice, choose, t } = useI18n()
  const { mutate } = useSWRConfig()
  const toast = useToast()

  const pick = (next: Language | null) => {
    choose(next)
    mutations.userLanguageSet(next).then(
      (user) => void mutate(keys.whoAmI, user, { revalidate: false }),
      (err: unknown) => {
        const reason =
          err instanceof ApiError ? errorWords(err.reason, err.values, err.message) : ''
        toast(t(m.languageNotKept, { reason }), 'error')
      },
    )
  }

  return (
    <div className="segmented language-switch" role="group" aria-label={t(m.language)}>
      {CHOICES.map((option) => (
        <button
          key={option ?? 'browser'}
          type="button"
          className="segmented-option"
          aria-pressed={choice === option}
          lang={option ?? undefined}
          title={option ? undefined : t(m.browserLanguageLong)}
          onClick={() => pick(option)}
        >
          {option ? NAMES[option] : t(m.browserLanguage)}
        </button>
      ))}
    </div>
  )
}
