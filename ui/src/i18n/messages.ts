// Messages as the UI declares them: an id and the English text beside the code that shows it,
// so each page's English travels in that page's chunk. Other languages are catalogs of the same
// ids (catalogs/de.ts), loaded on their own: an English user downloads no German.
//
// A text is a string with {name} placeholders, or plural forms chosen by Intl.PluralRules, in
// which # stands for the formatted count: { one: '# blind', other: '# blinds' }. An optional
// `zero` form wins for 0 ("No blinds"), in every language.

export interface PluralText {
  zero?: string
  one: string
  other: string
}

export type MessageText = string | PluralText

export interface Message {
  readonly id: string
  readonly en: MessageText
}

export type Values = Readonly<Record<string, string | number>>

/** A catalog of one language: each message id to its text. */
export type Catalog = Readonly<Record<string, MessageText>>

/**
 * Declares a module's messages under one prefix: defineMessages('home', { title: 'Home' })
 * gives { title: { id: 'home.title', en: 'Home' } }.
 */
export function defineMessages<K extends string>(
  prefix: string,
  texts: Record<K, MessageText>,
): Record<K, Message> {
  const messages = {} as Record<K, Message>
  for (const key of Object.keys(texts) as K[]) {
    messages[key] = { id: `${prefix}.${key}`, en: texts[key] }
  }
  return messages
}
