// The colour mode without React (spec section 2): kept in local storage, resolved against the
// OS and set on <html data-theme>, which the stylesheet's colour tokens follow. The entry uses
// it before the first paint and on the login page, which loads no React; ColorModeProvider
// (color-mode.tsx) keeps the logged-in app's choice in React state on top of it.

export type ColorMode = 'light' | 'dark' | 'system'
export const COLOR_MODES: readonly ColorMode[] = ['light', 'dark', 'system']
export const COLOR_MODE_KEY = 'colorMode'
const DARK_QUERY = '(prefers-color-scheme: dark)'

export function readColorMode(): ColorMode {
  const stored = localStorage.getItem(COLOR_MODE_KEY)
  return COLOR_MODES.includes(stored as ColorMode) ? (stored as ColorMode) : 'system'
}

function systemQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null
}

export function applyColorMode(mode: ColorMode): void {
  const dark = mode === 'dark' || (mode === 'system' && (systemQuery()?.matches ?? false))
  document.documentElement.dataset.theme = dark ? 'dark' : 'light'
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light'
}

/**
 * Applies `mode` and, on "system", follows the OS live until the returned function is called.
 */
export function showColorMode(mode: ColorMode): () => void {
  applyColorMode(mode)
  const query = systemQuery()
  if (mode !== 'system' || !query) return () => {}
  const follow = () => applyColorMode('system')
  query.addEventListener('change', follow)
  return () => query.removeEventListener('change', follow)
}
