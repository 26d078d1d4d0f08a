// Light, dark or system colour mode (spec section 2), kept in local storage. One choice for the
// whole app: every switch reads and sets the same React state, so the phone's top bar and the
// desktop's side menu never disagree. The resolved scheme is set on <html data-theme>, which
// the stylesheet's colour tokens follow (color-scheme.ts, which the login page uses without
// React); on "system" it follows the OS live.
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import type { ReactNode } from 'react'
import { COLOR_MODE_KEY, readColorMode, showColorMode, type ColorMode } from './color-scheme'

export type { ColorMode } from './color-scheme'

type ColorModeState = readonly [ColorMode, (mode: ColorMode) => void]

const ColorModeContext = createContext<ColorModeState | null>(null)

export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState(readColorMode)

  useEffect(() => showColorMode(mode), [mode])

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
