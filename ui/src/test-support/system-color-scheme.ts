// A stand-in for the OS colour scheme: window.matchMedia answers '(prefers-color-scheme: dark)'
// as told, and `set` switches it the way a person does in the OS settings, firing `change`.
import { vi } from 'vitest'

export function stubSystemColorScheme(initial: 'light' | 'dark') {
  let dark = initial === 'dark'
  const listeners = new Set<(event: MediaQueryListEvent) => void>()
  vi.stubGlobal('matchMedia', (query: string) => ({
    media: query,
    get matches() {
      return query.includes('dark') ? dark : !dark
    },
    addEventListener: (_: 'change', listener: (event: MediaQueryListEvent) => void) =>
      listeners.add(listener),
    removeEventListener: (_: 'change', listener: (event: MediaQueryListEvent) => void) =>
      listeners.delete(listener),
  }))
  return {
    set(scheme: 'light' | 'dark') {
      dark = scheme === 'dark'
      for (const listener of [...listeners]) listener({ matches: dark } as MediaQueryListEvent)
    },
  }
}
