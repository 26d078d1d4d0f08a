// Light, dark or system colour mode (spec section 2), kept in local storage. One choice for the
// whole app: every switch reads and sets the same React state, so the phone's top bar and the
// desktop's side menu never disagree. The resolved scheme is set on <html data-theme>, which
// the stylesheet's colour tokens follow; on "system" it follows the OS live, on every page
// including the login page.
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import type { ReactNode } from 'react'

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

type ColorModeState = readonly [ColorMode, (mode: ColorMode) => void]

const ColorModeContext = createContext<ColorModeState | null>(null)

export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState(readColorMode)

  useEffect(() => {
    applyColorMode(mode)
    const query = systemQuery()
    if (mode !== 'system' || !query) return
    const follow = () => applyColorMode('system')
    query.addEventListener('change', follow)
    return () => query.removeEventListener('change', follow)
  }, [mode])

  // A choice made in another tab of the same hub applies here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === COLOR_MODE_KEY || event.key === null) setMode(readColorMode())
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [])

  const choose = useCallback((next: ColorMode) => {
    localStorage.setItem(COLOR_MODE_KEY, next)
    setMode(next)
  }, [])

  const state = useMemo(() => [mode, choose] as const, [mode, choose])
  return <ColorModeContext.Provider value={state}>{children}</ColorModeContext.Provider>
}

export function useColorMode(): ColorModeState {
  const state = useContext(ColorModeContext)
  if (!state) throw new Error('useColorMode outside ColorModeProvider')
  return state
}
