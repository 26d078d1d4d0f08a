// The app-wide short message of spec section 2: one at a time, hidden after 3000 ms (spec
// section 9) or when closed.
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import type { ReactNode } from 'react'
import { CloseIcon } from './icons'

export const TOAST_MS = 3000

export type ToastKind = 'info' | 'error'

interface ToastMessage {
  id: number
  text: string
  kind: ToastKind
}

type ShowToast = (text: string, kind?: ToastKind) => void

const ToastContext = createContext<ShowToast>(() => {})

export function useToast(): ShowToast {
  return useContext(ToastContext)
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastMessage | null>(null)
  const show = useCallback<ShowToast>((text, kind = 'info') => {
    setToast((previous) => ({ id: (previous?.id ?? 0) + 1, text, kind }))
  }, [])

  useEffect(() => {
    if (!toast) return
    const timer = setTimeout(() => setToast(null), TOAST_MS)
    return () => clearTimeout(timer)
  }, [toast])

  const value = useMemo(() => show, [show])
  return (
    <ToastContext.Provider value={value}>
      {children}
      {/* Always in the page, so screen readers hear each new message. */}
      <div className="toast-region" role="status" aria-live="polite">
        {toast && (
          <div className={`toast toast-${toast.kind}`} key={toast.id}>
            <span>{toast.text}</span>
            <button
              type="button"
              className="icon-button"
              aria-label="Close message"
              onClick={() => setToast(null)}
            >
              <CloseIcon />
            </button>
          </div>
        )}
      </div>
    </ToastContext.Provider>
  )
}
