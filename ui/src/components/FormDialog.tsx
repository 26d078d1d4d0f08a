// A dialog around one form, with Cancel and Save at its foot and, above them, the error that
// is about no single field. After each refused submit, focus moves to the first field marked
// invalid, so the person lands on what to fix.
import { useT } from '../i18n/I18nProvider'
import { dialogMessages as dm } from './components.messages'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { Dialog } from './Dialog'

interface Props {
  title: string
  onClose: () => void
  /** On Save or Enter; the browser's own submit is prevented. */
  onSubmit: () => void
  /** While saving: Save is disabled and says so. */
  busy: boolean
  /** The error about no single field, or ''. */
  formError: string
  /** Bumped on each refused submit (see useFormSubmit). */
  refusals: number
  children: ReactNode
}

export function FormDialog(props: Props) {
  const { title, onClose, onSubmit, busy, formError, refusals, children } = props
  const formId = useId()
  const t = useT()
  const form = useRef<HTMLFormElement>(null)

  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [refusals])

  return (
    <Dialog
      title={title}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button-quiet" onClick={onClose}>
            {t(dm.cancel)}
          </button>
          <button type="submit" form={formId} className="button button-primary" disabled={busy}>
            {busy ? t(dm.saving) : t(dm.save)}
          </button>
        </>
      }
    >
      <form
        id={formId}
        ref={form}
        onSubmit={(event) => {
          event.preventDefault()
          onSubmit()
        }}
        noValidate
      >
        {children}
        <p role="alert" className="form-error">
          {formError}
        </p>
      </form>
    </Dialog>
  )
}
