// Light, dark or system colour mode (spec section 2), kept in local storage. The resolved
// scheme is set on <html data-theme>, which the stylesheet's colour tokens follow.
import { useCallback, useEffect, useState } from 'react'

export type ColorMode = 'light' | 'dark' | 'system'
export const COLOR_MODES: readonly ColorMode[] = ['light', 'dark', 'system']
const KEY = 'colorMode'
const DARK_QUERY = '(prefers-color-scheme: dark)'

export function readColorMode(): ColorMode {
  const stored = localStorage.getItem(KEY)
  return COLOR_MODES.includes(stored as ColorMode) ? (stored as ColorMode) : 'system'
}

function systemIsDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches
}

export function applyColorMode(mode: ColorMode): void {
  const dark = mode === 'dark' || (mode === 'system' && systemIsDark())
  document.documentElement.dataset.theme = dark ? 'dark' : 'light'
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light'
}

export function useColorMode(): [ColorMode, (mode: ColorMode) => void] {
  const [mode, setMode] = useState(readColorMode)

  useEffect(() => {
    applyColorMode(mode)
    if (mode !== 'system' || typeof window.matchMedia !== 'function') return
    const query = window.matchMedia(DARK_QUERY)
    const follow = () => applyColorMode('system')
    query.addEventListener('change', follow)
    return () => query.removeEventListener('change', follow)
  }, [mode])

  const choose = useCallback((next: ColorMode) => {
    localStorage.setItem(KEY, next)
    setMode(next)
  }, [])
  return [mode, choose]
}
