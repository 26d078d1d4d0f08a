// Asking before a blind is deleted. The hub refuses (409) while an automation's scene still
// drives the blind; that answer stays in the dialog, where the person is looking.
import { useState } from 'react'
import { useSWRConfig } from 'swr'
import { staleAfterChangeOf } from '../../api/cache-keys'
import { mutations } from '../../api/operations'
import type { Blind } from '../../api/types'
import { ConfirmDialog } from '../../components/Dialog'
import { errorMessage } from '../../forms/field-errors'
import { useToast } from '../../shell/toast'

export function DeleteBlindDialog({ blind, onClose }: { blind: Blind; onClose: () => void }) {
  const { mutate } = useSWRConfig()
  const toast = useToast()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')

  const confirm = async () => {
    setBusy(true)
    setError('')
    try {
      await mutations.blindDelete([blind.id])
      void mutate(staleAfterChangeOf('blind'))
      toast(`Blind ${blind.name} deleted`)
      onClose()
    } catch (err) {
      setError(errorMessage(err))
      setBusy(false)
    }
  }

  return (
    <ConfirmDialog
      title={`Delete blind ${blind.name}?`}
      confirmLabel="Delete"
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
      message={
        <>
          It disappears for everyone, along with its favourites and user assignments. The relays
          stay wired; you can add it again later.
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
