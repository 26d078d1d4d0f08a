// The app-wide short message of spec section 2: one at a time, closed with its button. A plain
// message hides after 3000 ms (spec section 9); an error stays 8000 ms, long enough to read a
// bus error, and neither hides while the pointer or the focus is on it.
//
// It must cover nothing the person needs, so the layout gives it a place of its own
// (<ToastOutlet />): in the side menu's free space on wide screens, and on phones a strip just
// above the bottom bar whose height the page reserves (--toast-space) while a message shows.
import { useT } from '../i18n/I18nProvider'
import { shellMessages } from './shell.messages'
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useState } from 'react'
import type { ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { CloseIcon } from './first-icons'

export const TOAST_MS = 3000
export const ERROR_TOAST_MS = 8000

export type ToastKind = 'info' | 'error'

interface ToastMessage {
  id: number
  text: string
  kind: ToastKind
}

type ShowToast = (text: string, kind?: ToastKind) => void

const ToastContext = createContext<ShowToast>(() => {})
const OutletContext = createContext<(element: HTMLElement | null) => void>(() => {})

export function useToast(): ShowToast {
  return useContext(ToastContext)
}

/** Where the layout wants messages shown; without one they show at the end of the app. */
export function ToastOutlet() {
  return <div className="toast-outlet" ref={useContext(OutletContext)} />
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const t = useT()
  const [toast, setToast] = useState<ToastMessage | null>(null)
  const [held, setHeld] = useState(false)
  const [outlet, setOutlet] = useState<HTMLElement | null>(null)
  const show = useCallback<ShowToast>((text, kind = 'info') => {
    setToast((previous) => ({ id: (previous?.id ?? 0) + 1, text, kind }))
    // A new message gets its full time even if the pointer rested on the one before.
    setHeld(false)
  }, [])

  useEffect(() => {
    if (!toast || held) return
    const timer = setTimeout(
      () => setToast(null),
      toast.kind === 'error' ? ERROR_TOAST_MS : TOAST_MS,
    )
    return () => clearTimeout(timer)
  }, [toast, held])

  const region = (
    // Always in the page, so screen readers hear each new message.
    <ToastRegion>
      {toast && (
        <div
          className={`toast toast-${toast.kind}`}
          key={toast.id}
          onPointerEnter={() => setHeld(true)}
          onPointerLeave={() => setHeld(false)}
          onFocus={() => setHeld(true)}
          onBlur={() => setHeld(false)}
        >
          <span className="toast-text">{toast.text}</span>
          <button
            type="button"
            className="icon-button"
            aria-label={t(shellMessages.closeMessage)}
            onClick={() => {
              setToast(null)
              setHeld(false)
            }}
          >
            <CloseIcon />
          </button>
        </div>
      )}
    </ToastRegion>
  )
  return (
    <ToastContext.Provider value={show}>
      <OutletContext.Provider value={setOutlet}>
        {children}
        {outlet ? createPortal(region, outlet) : region}
      </OutletContext.Provider>
    </ToastContext.Provider>
  )
}

/** The live region; it tells the page how much room to keep free below its content. */
function ToastRegion({ children }: { children: ReactNode }) {
  const [element, setElement] = useState<HTMLDivElement | null>(null)
  useLayoutEffect(() => {
    if (!element) return
    const root = document.documentElement.style
    // The message's height and a gap, or nothing while there is none.
    const reserve = () => {
      const height = element.offsetHeight
      root.setProperty('--toast-space', height > 0 ? `${height + 8}px` : '0px')
    }
    reserve()
    if (typeof ResizeObserver !== 'function') return () => root.removeProperty('--toast-space')
    const observer = new ResizeObserver(reserve)
    observer.observe(element)
    return () => {
      observer.disconnect()
      root.removeProperty('--toast-space')
    }
  }, [element])
  return (
    <div className="toast-region" role="status" aria-live="polite" ref={setElement}>
      {children}
    </div>
  )
}
