// Asking before a user is deleted. The hub's refusal (409, the last administrator) stays in
// the dialog.
import { useState } from 'react'
import { useSWRConfig } from 'swr'
import { staleAfterChangeOf } from '../../api/cache-keys'
import { mutations } from '../../api/operations'
import type { User } from '../../api/types'
import { ConfirmDialog } from '../../components/Dialog'
import { errorMessage } from '../../forms/field-errors'
import { useToast } from '../../shell/toast'

interface Props {
  user: User
  isSelf: boolean
  onClose: () => void
}

export function DeleteUserDialog({ user, isSelf, onClose }: Props) {
  const { mutate } = useSWRConfig()
  const toast = useToast()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')

  const confirm = async () => {
    setBusy(true)
    setError('')
    try {
      await mutations.userDelete([user.id])
      void mutate(staleAfterChangeOf('user'))
      toast(`User ${user.username} deleted`)
      onClose()
    } catch (err) {
      setError(errorMessage(err))
      setBusy(false)
    }
  }

  return (
    <ConfirmDialog
      title={`Delete user ${user.username}?`}
      confirmLabel="Delete"
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
      message={
        <>
          {isSelf
            ? 'This is your own account: you will be logged out and cannot log in again.'
            : `${user.username} can no longer log in, and their favourites are removed.`}
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
