// "Run now" while the editor holds unsaved changes: the hub runs what it has saved, so the
// person chooses — save the changes and run them, run the saved version, or go back.
import { Dialog } from '../../components/Dialog'
import './run-unsaved.css'

interface Props {
  name: string
  busy: boolean
  onSaveAndRun: () => void
  onRunSaved: () => void
  onCancel: () => void
}

export function RunUnsavedDialog({ name, busy, onSaveAndRun, onRunSaved, onCancel }: Props) {
  return (
    <Dialog
      title="Run with unsaved changes?"
      onClose={onCancel}
      role="alertdialog"
      actions={
        <div className="run-unsaved-actions">
          <button type="button" className="button button-quiet" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className="button button-quiet"
            disabled={busy}
            onClick={onRunSaved}
          >
            Run saved version
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={onSaveAndRun}
          >
            Save and run
          </button>
        </div>
      }
    >
      <p>
        Your changes to {name} are not saved yet. The hub runs the saved version unless you save
        them first.
      </p>
    </Dialog>
  )
}
