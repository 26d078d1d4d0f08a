/// <reference types="vite/client" />
// What a German walk checks on a page: English left on screen. Any English text of the UI's
// messages whose German differs, or a common English word, in the visible text, aria-labels,
// titles and placeholders, and in the text only screen readers get. Shared by the German browser
// tests (tests/e2e/german*.e2e.test.ts).
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import type { TestHub } from '../helpers/hub'
import { seriousViolations } from './axe'
import { createBlind, OVERFLOW_X } from './e2e-app'
import { de } from '../../ui/src/i18n/catalogs/de'
import type { Message } from '../../ui/src/i18n/messages'

const modules = import.meta.glob<Record<string, Record<string, Message>>>(
  '../../ui/src/**/*.messages.ts',
  { eager: true },
)

/** English fragments (between placeholders) of messages whose German says it otherwise. */
const ENGLISH = Object.values(modules)
  .flatMap((module) => Object.values(module).flatMap((group) => Object.values(group)))
  .flatMap((m) => {
    const english = typeof m.en === 'string' ? [m.en] : Object.values(m.en)
    const german = de[m.id]
    const germanTexts = typeof german === 'string' ? [german] : Object.values(german ?? {})
    return english.filter((text) => !germanTexts.includes(text))
  })
  .flatMap((text) => text.split(/\{\w+\}|#/))
  .map((fragment) => fragment.trim())
  .filter((fragment) => fragment.length >= 6 && /[a-z]{3}/i.test(fragment))
  // Whole words only: the English "Sensor" is no English left in the German "Sensoren".
  .map(
    (fragment) =>
      new RegExp(
        `(?<![\\p{L}\\p{N}])${fragment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`,
        'u',
      ),
  )

const ENGLISH_WORDS =
  /\b(the|and|your|with|blinds?|automations?|loading|settings|users|open|closed|save|cancel|delete|weather|favourite|schedule|today|tomorrow)\b/i

/** What a person (or a screen reader) meets on the page: visible text and the names of things. */
function wordsOnScreen(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const seen = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement
      if (!el || !node.textContent.trim()) continue
      if (el.closest('script, style, [aria-hidden="true"]') !== null) continue
      // Shown, or there for screen readers only (the visually-hidden class).
      const r = el.getBoundingClientRect()
      if ((r.width > 0 && r.height > 0) || el.closest('.visually-hidden, .visually-hidden-narrow') !== null) {
        seen.push(node.textContent.trim())
      }
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
      for (const a of ['aria-label', 'title', 'placeholder']) {
        const v = el.getAttribute(a)
        if (v) seen.push(v)
      }
    }
    return seen
  })()`)
}

export async function englishOnScreen(page: Page): Promise<string[]> {
  const texts = await wordsOnScreen(page)
  return texts.filter(
    (text) => ENGLISH_WORDS.test(text) || ENGLISH.some((fragment) => fragment.test(text)),
  )
}

/** What every German page and dialog must pass: no English, no sideways overflow, axe clean. */
export async function expectAllGerman(page: Page): Promise<void> {
  expect(await englishOnScreen(page)).toEqual([])
  expect(await page.evaluate(OVERFLOW_X)).toBe(0)
  expect(await seriousViolations(page)).toEqual([])
}

/**
 * The two blinds the German walks start from: Küche, a roller blind, and Wohnzimmer Raffstore,
 * whose slats turn; `extra` adds fields (a room, shading) to either.
 */
export async function createGermanBlinds(
  t: TestHub,
  extra: { kitchen?: Record<string, unknown>; raffstore?: Record<string, unknown> } = {},
): Promise<{ kitchen: string; raffstore: string }> {
  const kitchen = await createBlind(t, {
    name: 'Küche',
    blindAddressUp: '1:0',
    blindAddressDown: '1:1',
    travelTimeUpMs: 20_000,
    travelTimeDownMs: 20_000,
    ...extra.kitchen,
  })
  const raffstore = await createBlind(t, {
    name: 'Wohnzimmer Raffstore',
    blindAddressUp: '1:2',
    blindAddressDown: '1:3',
    travelTimeUpMs: 30_000,
    travelTimeDownMs: 30_000,
    tiltTimeMs: 1500,
    ...extra.raffstore,
  })
  return { kitchen, raffstore }
}
