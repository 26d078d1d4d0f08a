// An error from the hub (or from the hub's checkers run in the UI) in the user's language: by its
// stable reason and values (ARCHITECTURE.md section 15). English shows the hub's own message,
// which names the rule exactly; an unknown reason falls back to that message in every language.
import { HUB_ERROR_REASONS, type ErrorReason } from '../../../hub/errors'
import { translateNow } from '../i18n/intl-locale'
import type { Message, Values } from '../i18n/messages'
import { cronPartMessages, errorFieldMessages, errorMessages } from './errors.messages'

const UI_ERROR_REASONS = [...HUB_ERROR_REASONS, 'UNREACHABLE'] as const
type Reason = ErrorReason | 'UNREACHABLE'

function isKnown(reason: string | undefined): reason is Reason {
  return reason !== undefined && (UI_ERROR_REASONS as readonly string[]).includes(reason)
}

/** The hub's field names as `other` carries them (several joined by commas) to their words. */
const FIELD_WORDS: Readonly<Record<string, Message>> = {
  ...errorFieldMessages,
  'trigger.type': errorFieldMessages.triggerType,
}

const cronPart = (part: string): Message | undefined =>
  Object.hasOwn(cronPartMessages, part)
    ? cronPartMessages[part as keyof typeof cronPartMessages]
    : undefined

/** The words for an error with `reason` and `values`; `english` when the UI speaks English. */
export function errorWords(reason: string | undefined, values: Values, english: string): string {
  const { t, language } = translateNow()
  if (language === 'en' || !isKnown(reason)) return english
  const count = typeof values.max === 'number' ? values.max : values.minutes
  const other =
    typeof values.other === 'string'
      ? new Intl.ListFormat(language, { type: 'conjunction' }).format(
          values.other.split(',').map((field) => {
            const words = FIELD_WORDS[field]
            return words ? t(words) : field
          }),
        )
      : undefined
  const part = typeof values.part === 'string' ? cronPart(values.part) : undefined
  return t(errorMessages[reason], {
    ...values,
    ...(count !== undefined && { count }),
    ...(other !== undefined && { other }),
    ...(part !== undefined && { part: t(part) }),
  })
}
