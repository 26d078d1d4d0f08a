// A modal dialog: labelled by its title, focus moved in on open and kept inside (Tab wraps,
// and focus that falls to the page comes back), Escape or the close button dismisses it,
// focus returns to where it was.
import { useT } from '../i18n/I18nProvider'
import { dialogMessages as dm } from './components.messages'
import { useEffect, useId, useRef } from 'react'
import type { KeyboardEvent, ReactNode } from 'react'
import { CloseIcon } from '../shell/icons'

interface Props {
  title: string
  onClose: () => void
  children: ReactNode
  /** The dialog's buttons, shown at its foot. */
  actions?: ReactNode
  role?: 'dialog' | 'alertdialog'
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

export function Dialog({ title, onClose, children, actions, role = 'dialog' }: Props) {
  const titleId = useId()
  const panel = useRef<HTMLDivElement>(null)
  const t = useT()

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null
    const first = panel.current?.querySelector<HTMLElement>(
      'input:not([disabled]), select:not([disabled]), textarea:not([disabled])',
    )
    ;(first ?? panel.current)?.focus()
    return () => before?.focus?.()
  }, [])

  // Focus never falls out to the page: when the focused control goes (a step's button replaced)
  // or is disabled (a button busy with its request), the dialog itself takes focus back, so
  // Tab and Escape keep working.
  useEffect(() => {
    if (fellOut()) panel.current?.focus()
  })
  useEffect(() => {
    const element = panel.current
    if (!element) return
    let check: ReturnType<typeof setTimeout> | undefined
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget !== null) return
      clearTimeout(check)
      check = setTimeout(() => fellOut() && element.isConnected && element.focus())
    }
    element.addEventListener('focusout', onFocusOut)
    return () => {
      element.removeEventListener('focusout', onFocusOut)
      clearTimeout(check)
    }
  }, [])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      onClose()
      return
    }
    if (event.key !== 'Tab' || !panel.current) return
    const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)]
    const first = focusable[0]
    const last = focusable[focusable.length - 1]
    if (!first || !last) return
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={panel}
        className="dialog"
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <header className="dialog-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button" aria-label={t(dm.close)} onClick={onClose}>
            <CloseIcon />
          </button>
        </header>
        <div className="dialog-body">{children}</div>
        {actions && <footer className="dialog-actions">{actions}</footer>}
      </div>
    </div>
  )
}

/** Whether focus is nowhere in particular: on the page itself, as after its control went. */
function fellOut(): boolean {
  const active = document.activeElement
  return active === null || active === document.body || active === document.documentElement
}

interface ConfirmProps {
  title: string
  message: ReactNode
  confirmLabel: string
  /** The way back, "Cancel" unless that would be ambiguous. */
  cancelLabel?: string
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** Asks before something that cannot be undone, such as a delete. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel,
  busy,
  onConfirm,
  onCancel,
}: ConfirmProps) {
  const t = useT()
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      role="alertdialog"
      actions={
        <>
          <button type="button" className="button button-quiet" onClick={onCancel}>
            {cancelLabel ?? t(dm.cancel)}
          </button>
          <button
            type="button"
            className="button button-danger"
            disabled={busy}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Dialog>
  )
}
