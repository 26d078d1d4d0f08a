// "Run now" while the editor holds unsaved changes: the hub runs what it has saved, so the
// person chooses — save the changes and run them, run the saved version, or go back.
import { Dialog } from '../../components/Dialog'
import { useT } from '../../i18n/I18nProvider'
import { runPanelMessages as m } from './automation.messages'
import './run-unsaved.css'

interface Props {
  name: string
  busy: boolean
  onSaveAndRun: () => void
  onRunSaved: () => void
  onCancel: () => void
}

export function RunUnsavedDialog({ name, busy, onSaveAndRun, onRunSaved, onCancel }: Props) {
  const t = useT()
  return (
    <Dialog
      title={t(m.unsavedTitle)}
      onClose={onCancel}
      role="alertdialog"
      actions={
        <div className="run-unsaved-actions">
          <button type="button" className="button button-quiet" onClick={onCancel}>
            {t(m.cancel)}
          </button>
          <button
            type="button"
            className="button button-quiet"
            disabled={busy}
            onClick={onRunSaved}
          >
            {t(m.runSaved)}
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={onSaveAndRun}
          >
            {t(m.saveAndRun)}
          </button>
        </div>
      }
    >
      <p>{t(m.unsavedMessage, { name })}</p>
    </Dialog>
  )
}
