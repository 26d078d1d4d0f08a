// Asking before something is deleted. The hub's refusal (such as a 409 while something else
// still needs it) stays in the dialog, where the person is looking.
import { useState, type ReactNode } from 'react'
import { errorMessage } from '../forms/field-errors'
import { ConfirmDialog } from './Dialog'

interface Props {
  title: string
  message: ReactNode
  /** Sends the delete; a rejection is shown in the dialog. */
  onDelete: () => Promise<unknown>
  /** Called once the hub has deleted it. */
  onDone: () => void
  onCancel: () => void
}

export function DeleteDialog({ title, message, onDelete, onDone, onCancel }: Props) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')

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
      confirmLabel="Delete"
      busy={busy}
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
