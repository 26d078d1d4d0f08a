// While a form holds unsaved changes, leaving it asks first: a click on any in-app link (the
// side menu, the bottom bar, a wouter Link), the browser's back and forward buttons, a reload
// and closing the tab, and, for a form in a dialog, closing the dialog (useUnsavedChanges's
// confirmLeave). Wouter has no navigation blocker, so a link's click is caught in the capture
// phase before React's handlers see it, and a history step by history-guard.ts. A reload or a
// closed tab can only get the browser's own question (beforeunload).
import { useT } from '../i18n/I18nProvider'
import { shellMessages as m } from './shell.messages'
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { ConfirmDialog } from '../components/Dialog'
import { holdHistory } from './history-guard'

interface Props {
  /** True while there is something to lose. */
  when: boolean
  /** What would be lost, for the question: "this automation". */
  what: string
}

/** A page's form: the question shows where the guard is rendered. */
export function UnsavedChangesGuard(props: Props) {
  return useUnsavedChanges(props).question
}

/**
 * The same guard for a form that closes by other ways too (a dialog's Escape, Cancel, close
 * button or backdrop): `confirmLeave(close)` closes at once while nothing is unsaved and asks
 * first otherwise. Render `question` beside the form.
 */
export function useUnsavedChanges({ when, what }: Props): {
  confirmLeave: (leave: () => void) => void
  question: ReactNode
} {
  const t = useT()
  // The step to take once the person agrees to leave.
  const [leave, setLeave] = useState<(() => void) | null>(null)
  // Set while that step runs, so the guard lets it through.
  const letThrough = useRef(false)

  useEffect(() => {
    if (!when) return

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older browsers ask only when returnValue is set.
      event.returnValue = ''
    }

    const onClick = (event: MouseEvent) => {
      if (letThrough.current || !isPlainClick(event)) return
      const link = (event.target as Element | null)?.closest?.('a[href]')
      if (!(link instanceof HTMLAnchorElement) || !leavesPage(link)) return
      event.preventDefault()
      event.stopPropagation()
      setLeave(() => () => {
        letThrough.current = true
        link.click()
        letThrough.current = false
      })
    }

    window.addEventListener('beforeunload', onBeforeUnload)
    document.addEventListener('click', onClick, true)
    const releaseHistory = holdHistory((goBack) => setLeave(() => goBack))
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload)
      document.removeEventListener('click', onClick, true)
      releaseHistory()
    }
  }, [when])

  const confirmLeave = useCallback((go: () => void) => (when ? setLeave(() => go) : go()), [when])

  const question = leave && (
    <ConfirmDialog
      title={t(m.leaveTitle)}
      message={t(m.leaveMessage, { what })}
      confirmLabel={t(m.leaveConfirm)}
      cancelLabel={t(m.keepEditing)}
      onCancel={() => setLeave(null)}
      onConfirm={() => {
        setLeave(null)
        leave()
      }}
    />
  )
  return { confirmLeave, question }
}

/** A left click without keys that open a new tab or window. */
function isPlainClick(event: MouseEvent): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  )
}

/** A link to another page of this app, opened in this tab. */
function leavesPage(link: HTMLAnchorElement): boolean {
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return false
  const to = new URL(link.href, window.location.href)
  const here = window.location
  return to.origin === here.origin && to.pathname + to.search !== here.pathname + here.search
}
