// Asking before something is deleted. What the page already knows stands in the way (a blind
// an automation still uses) is said before any click, with no Delete button that could only
// fail; the hub's refusal of a delete (such as a 409 from another browser's change) stays in
// the dialog, where the person is looking.
import { useT } from '../i18n/I18nProvider'
import { dialogMessages as dm } from './components.messages'
import { useState, type ReactNode } from 'react'
import { errorMessage } from '../forms/field-errors'
import { ConfirmDialog, Dialog } from './Dialog'

interface Props {
  title: string
  message: ReactNode
  /** Sends the delete; a rejection is shown in the dialog. */
  onDelete: () => Promise<unknown>
  /** Called once the hub has deleted it. */
  onDone: () => void
  onCancel: () => void
  /** While the page is still finding out whether it may be deleted: Delete waits. */
  checking?: boolean
  /** Why it cannot be deleted now, with what to do first; the dialog then offers no Delete. */
  blocked?: { title: string; reason: ReactNode }
}

export function DeleteDialog(props: Props) {
  const { title, message, onDelete, onDone, onCancel, checking = false, blocked } = props
  const [busy, setBusy] = useState(false)
  const t = useT()
  const [error, setError] = useState('')

  if (blocked) {
    return (
      <Dialog
        title={blocked.title}
        onClose={onCancel}
        role="alertdialog"
        actions={
          // "OK", not "Close": the header's button is already called Close.
          <button type="button" className="button button-primary" onClick={onCancel}>
            OK
          </button>
        }
      >
        {blocked.reason}
      </Dialog>
    )
  }

  const confirm = async () => {
    setBusy(true)
    setError('')
    try {
      await onDelete()
      onDone()
    } catch (err) {
      setError(errorMessage(err))
      setBusy(false)
    }
  }

  return (
    <ConfirmDialog
      title={title}
      confirmLabel={checking ? t(dm.checking) : t(dm.delete)}
      busy={busy || checking}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
      message={
        <>
          {message}
          {error && (
            <span role="alert" className="form-error confirm-error">
              {error}
            </span>
          )}
        </>
      }
    />
  )
}
