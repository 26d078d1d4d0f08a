// A run's status as a coloured chip. A failed run carries its error as a tooltip and, for
// screen readers, in the chip's text.
import { RUN_STATUS_LABEL } from './automation.messages'
import { useT } from '../../i18n/I18nProvider'
import type { AutomationRun, RunStatus } from '../../api/types'

const CHIP_CLASS: Record<RunStatus, string> = {
  RUNNING: 'chip chip-moving',
  SUCCEEDED: 'chip chip-ok',
  FAILED: 'chip chip-failed',
  CANCELLED: 'chip',
}

export function RunStatusChip({ run }: { run: Pick<AutomationRun, 'status' | 'error'> }) {
  const t = useT()
  const error = run.status === 'FAILED' ? run.error : null
  return (
    <span className={CHIP_CLASS[run.status]} title={error ?? undefined}>
      {t(RUN_STATUS_LABEL[run.status])}
      {error && <span className="visually-hidden">: {error}</span>}
    </span>
  )
}
