// Words a message in a language: the catalog's text for its id (the English beside the code
// when the catalog lacks it), plural forms through Intl.PluralRules, numbers through
// Intl.NumberFormat of the same language ("1.234" in English is "1.234" in German too, but
// "2.5" is "2,5").
import type { Catalog, Message, MessageText, Values } from './messages'

export type Translate = (message: Message, values?: Values) => string

const pluralRules = new Map<string, Intl.PluralRules>()
const numberFormats = new Map<string, Intl.NumberFormat>()

function rulesFor(locale: string): Intl.PluralRules {
  let rules = pluralRules.get(locale)
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)))
  return rules
}

export function formatNumber(locale: string, value: number): string {
  let format = numberFormats.get(locale)
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)))
  return format.format(value)
}

function pick(text: MessageText, locale: string, count: number | undefined): string {
  if (typeof text === 'string') return text
  if (count === undefined) return text.other
  if (count === 0 && text.zero !== undefined) return text.zero
  return rulesFor(locale).select(count) === 'one' ? text.one : text.other
}

export function translate(
  locale: string,
  catalog: Catalog | null,
  message: Message,
  values: Values = {},
): string {
  const text = catalog?.[message.id] ?? message.en
  const count = typeof values.count === 'number' ? values.count : undefined
  const chosen = pick(text, locale, count)
  const shown = (value: string | number) =>
    typeof value === 'number' ? formatNumber(locale, value) : value
  return chosen
    .replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in values ? shown(values[name] as string | number) : whole,
    )
    .replace(/#/g, () => (count === undefined ? '#' : shown(count)))
}

export function translator(locale: string, catalog: Catalog | null): Translate {
  return (message, values) => translate(locale, catalog, message, values)
}

/** English, for word helpers called without a language (tests, the hub's own checks). */
export const english: Translate = translator('en', null)
