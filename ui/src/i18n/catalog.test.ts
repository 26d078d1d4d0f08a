// Every message the UI declares (the *.messages.ts files beside the code) has its German, with
// the same placeholders and, where English has plural forms, German plural forms too; and the
// German catalog holds nothing the UI no longer says.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { de } from './catalogs/de'
import type { Message, MessageText } from './messages'

const modules = import.meta.glob<Record<string, Record<string, Message>>>('../**/*.messages.ts', {
  eager: true,
})

const messages: Message[] = Object.values(modules).flatMap((module) =>
  Object.values(module).flatMap((group) => Object.values(group)),
)

function placeholders(text: MessageText): string[] {
  const all = typeof text === 'string' ? [text] : Object.values(text)
  return [...new Set(all.flatMap((t) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1])))].sort()
}

describe('the German catalog', () => {
  it('is checked against the UI’s messages, which are found', () => {
    expect(messages.length).toBeGreaterThan(40)
  })

  it('finds every message: they are declared only in *.messages.ts files', () => {
    const root = join(import.meta.dirname, '..')
    const elsewhere = (readdirSync(root, { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file) && !/\.(messages|test)\.tsx?$/.test(file))
      .filter((file) => file !== join('i18n', 'messages.ts'))
      .filter((file) => readFileSync(join(root, file), 'utf8').includes('defineMessages('))
    expect(elsewhere).toEqual([])
  })

  it('gives every message its own id', () => {
    const ids = messages.map((m) => m.id)
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([])
  })

  it('has the German of every message', () => {
    expect(messages.filter((m) => !(m.id in de)).map((m) => m.id)).toEqual([])
  })

  it('keeps every message’s placeholders, so no value is lost in German', () => {
    const lost = messages
      .filter((m) => m.id in de)
      .filter((m) => placeholders(m.en).join() !== placeholders(de[m.id]!).join())
      .map((m) => m.id)
    expect(lost).toEqual([])
  })

  it('words a plural message with plural forms in German too', () => {
    const flat = messages
      .filter((m) => typeof m.en !== 'string' && m.id in de && typeof de[m.id] === 'string')
      .map((m) => m.id)
    expect(flat).toEqual([])
  })

  it('holds nothing the UI no longer says', () => {
    const known = new Set(messages.map((m) => m.id))
    expect(Object.keys(de).filter((id) => !known.has(id))).toEqual([])
  })
})
