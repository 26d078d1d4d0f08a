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
import { useT } from '../../i18n/I18nProvider'
import { automationActionMessages as m } from './automation.messages'

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
  const t = useT()

  const confirm = async () => {
    setBusy(true)
    onDeleting()
    try {
      await mutations.automationDelete([automation.id])
      toast(t(m.deleted, { name: automation.name }))
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
        <span>{t(m.delete)}</span>
      </button>
      {asking && (
        <ConfirmDialog
          title={t(m.deleteTitle, { name: automation.name })}
          message={t(m.deleteMessage)}
          confirmLabel={t(m.delete)}
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  )
}
