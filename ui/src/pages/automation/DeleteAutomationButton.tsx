// Delete, after asking: the automation goes, with its scenes and run history.
import { useState } from 'react'
import { useSWRConfig } from 'swr'
import { useLocation } from 'wouter'
import { staleAfterChangeOf } from '../../api/cache-keys'
import { mutations } from '../../api/operations'
import { ConfirmDialog } from '../../components/Dialog'
import { errorMessage } from '../../forms/field-errors'
import { DeleteIcon } from '../../shell/icons'
import { useToast } from '../../shell/toast'

interface Props {
  automation: { id: string; name: string }
  /** Called just before the delete is sent, so the page stops expecting the automation. */
  onDeleting: () => void
}

export function DeleteAutomationButton({ automation, onDeleting }: Props) {
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const { mutate } = useSWRConfig()
  const toast = useToast()
  const [, navigate] = useLocation()

  const confirm = async () => {
    setBusy(true)
    onDeleting()
    try {
      await mutations.automationDelete([automation.id])
      toast(`Deleted ${automation.name}`)
      navigate('/automation')
      void mutate(staleAfterChangeOf('automation'))
    } catch (err) {
      toast(errorMessage(err), 'error')
      setBusy(false)
      setAsking(false)
    }
  }

  return (
    <>
      <button type="button" className="button button-quiet" onClick={() => setAsking(true)}>
        <DeleteIcon />
        <span>Delete</span>
      </button>
      {asking && (
        <ConfirmDialog
          title={`Delete automation ${automation.name}?`}
          message="Its scenes and run history go with it. This cannot be undone."
          confirmLabel="Delete"
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  )
}
