// A German page whose catalog cannot load (the hub restarting as the page opens) speaks English
// rather than staying empty.
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { I18nProvider, useI18n } from './I18nProvider'
import { LANGUAGE_KEY } from './language'

vi.mock('./catalogs/de', () => {
  throw new Error('Failed to fetch dynamically imported module')
})

afterEach(() => localStorage.removeItem(LANGUAGE_KEY))

function Greeting() {
  const { language } = useI18n()
  return <p>Speaking {language}</p>
}

describe('the language provider', () => {
  it('shows the page in English when the German catalog fails to load', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'de')
    render(
      <I18nProvider>
        <Greeting />
      </I18nProvider>,
    )
    expect(await screen.findByText('Speaking en')).toBeTruthy()
  })
})
