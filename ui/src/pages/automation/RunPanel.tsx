// The edit page's status card: the saved trigger, the next and the last run, and the buttons
// to run the automation now or cancel the run under way. "Run now" while the editor holds
// unsaved changes asks whether to save and run them or to run the saved version.
import { useId, useState } from 'react'
import type { Automation } from '../../api/types'
import { StopIcon } from '../../shell/icons'
import { useAutomationActions } from './automation-actions'
import { RunButton } from './AutomationControls'
import { RunUnsavedDialog } from './RunUnsavedDialog'
import { NextRunValue } from './NextRun'
import { RunStatusChip } from './RunStatusChip'
import { triggerSummary } from './trigger-summary'
import { HubTime } from '../../time/HubTime'
import { useT } from '../../i18n/I18nProvider'
import type { Message } from '../../i18n/messages'
import { automationListMessages, runPanelMessages as m } from './automation.messages'

function nextRunText(automation: Automation): Message {
  if (automation.trigger.type === 'MANUAL') return m.onlyByHand
  if (!automation.trigger.enabled) return m.noneWhileDisabled
  return m.notScheduled
}

interface Props {
  automation: Automation
  /** The editor below holds changes the hub does not have yet. */
  unsaved?: boolean
  /** Saves the editor's changes; true once the hub holds them. */
  saveChanges?: () => Promise<boolean>
}

export function RunPanel({ automation, unsaved = false, saveChanges }: Props) {
  const id = useId()
  const { run, cancel } = useAutomationActions()
  const [cancelling, setCancelling] = useState(false)
  const [asking, setAsking] = useState(false)
  const [starting, setStarting] = useState(false)
  const t = useT()
  const { trigger, nextRunAt, lastRun } = automation
  const running = lastRun?.status === 'RUNNING' ? lastRun : null

  /** From the question: save the changes first (and run only if that worked), or not. */
  const runAfterAsking = async (saveFirst: boolean) => {
    // The question goes first, so a refused save can move focus to the field to fix.
    setAsking(false)
    setStarting(true)
    const saved = saveFirst ? ((await saveChanges?.()) ?? false) : true
    if (saved) await run(automation)
    setStarting(false)
  }

  const cancelRun = async (runId: string) => {
    setCancelling(true)
    await cancel(automation, runId)
    setCancelling(false)
  }

  return (
    <section className="card section run-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t(m.status)}</h2>
      <dl className="facts">
        <div>
          <dt>{t(m.trigger)}</dt>
          <dd>
            {triggerSummary(trigger)}
            {!trigger.enabled && (
              <span className="badge">{t(automationListMessages.disabled)}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t(m.nextRun)}</dt>
          <dd>
            {nextRunAt || automation.schedulePause ? (
              <NextRunValue automation={automation} />
            ) : (
              <span className="muted">{t(nextRunText(automation))}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t(m.lastRun)}</dt>
          <dd>
            {lastRun ? (
              <>
                <RunStatusChip run={lastRun} />
                <HubTime at={lastRun.startedAt} />
              </>
            ) : (
              <span className="muted">{t(m.never)}</span>
            )}
          </dd>
        </div>
      </dl>
      {lastRun?.status === 'FAILED' && lastRun.error && (
        <p className="run-error">{lastRun.error}</p>
      )}
      <div className="run-panel-actions">
        <RunButton
          automation={automation}
          labelled
          disabled={running !== null}
          starting={starting}
          {...(unsaved && { ask: () => setAsking(true) })}
        />
        {running && (
          <button
            type="button"
            className="button button-danger"
            disabled={cancelling}
            onClick={() => void cancelRun(running.id)}
          >
            <StopIcon />
            <span>{t(cancelling ? m.cancelling : m.cancelRun)}</span>
          </button>
        )}
      </div>
      {asking && (
        <RunUnsavedDialog
          name={automation.name}
          busy={starting}
          onSaveAndRun={() => void runAfterAsking(true)}
          onRunSaved={() => void runAfterAsking(false)}
          onCancel={() => setAsking(false)}
        />
      )}
    </section>
  )
}
