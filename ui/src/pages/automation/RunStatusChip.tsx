// A run's status as a coloured chip. A failed run carries its error as a tooltip and, for
// screen readers, in the chip's text.
import type { AutomationRun, RunStatus } from '../../api/types'

export const RUN_STATUS_LABEL: Record<RunStatus, string> = {
  RUNNING: 'Running',
  SUCCEEDED: 'Succeeded',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
}

const CHIP_CLASS: Record<RunStatus, string> = {
  RUNNING: 'chip chip-moving',
  SUCCEEDED: 'chip chip-ok',
  FAILED: 'chip chip-failed',
  CANCELLED: 'chip',
}

export function RunStatusChip({ run }: { run: Pick<AutomationRun, 'status' | 'error'> }) {
  const error = run.status === 'FAILED' ? run.error : null
  return (
    <span className={CHIP_CLASS[run.status]} title={error ?? undefined}>
      {RUN_STATUS_LABEL[run.status]}
      {error && <span className="visually-hidden">: {error}</span>}
    </span>
  )
}
