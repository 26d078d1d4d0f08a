// An automation's recent runs, newest first: how each went, what started it, when, how long
// it took, how far it got, and which blinds weather protection made it leave out. LiveUpdates
// revalidates it on every `automation:run` push.
import { useId } from 'react'
import { useAutomationRuns } from '../../api/hooks'
import type { AutomationRun } from '../../api/types'
import { InlineSpinner } from '../../shell/Spinner'
import { RunSkips } from './RunSkips'
import { RunStatusChip } from './RunStatusChip'
import { formatDuration } from './time-format'
import { formatTimeLeft, timeLeftMs, useNow } from './time-left'
import { HubTime } from '../../time/HubTime'
import { useT } from '../../i18n/I18nProvider'
import type { Message } from '../../i18n/messages'
import { runHistoryMessages as m } from './automation.messages'

const SOURCE_LABEL: Record<string, Message> = {
  manual: m.sourceManual,
  cron: m.sourceCron,
  sun: m.sourceSun,
  mqtt: m.sourceMqtt,
}

/** How long a run took, or, while it runs, how long it has left (its chip says it runs). */
function duration(run: AutomationRun, scenes: readonly { duration: number }[], now: number) {
  if (!run.finishedAt) return formatTimeLeft(timeLeftMs(run, scenes, now))
  return formatDuration(Math.max(0, Date.parse(run.finishedAt) - Date.parse(run.startedAt)))
}

export function RunHistory({
  automationId,
  scenes,
}: {
  automationId: string
  scenes: readonly { duration: number }[]
}) {
  const id = useId()
  const { data: runs, error } = useAutomationRuns(automationId)
  const sceneCount = scenes.length
  const t = useT()
  const now = useNow(runs?.some((run) => !run.finishedAt) ?? false)
  return (
    <section className="section run-history" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t(m.title)}</h2>
      {error && !runs && (
        <p className="banner banner-error" role="alert">
          {t(m.notLoaded, { reason: error.message })}
        </p>
      )}
      {!runs && !error && <InlineSpinner label={t(m.loading)} />}
      {runs && runs.length === 0 && <p className="card muted">{t(m.noneYet)}</p>}
      {runs && runs.length > 0 && (
        <ol className="list run-list" aria-label={t(m.listLabel)}>
          {runs.map((run) => (
            <li key={run.id}>
              <div className="list-main">
                <div className="run-line">
                  <RunStatusChip run={run} />
                  <span className="run-source">
                    {SOURCE_LABEL[run.source] ? t(SOURCE_LABEL[run.source]!) : run.source}
                  </span>
                </div>
                <div className="list-meta">
                  <HubTime at={run.startedAt} />
                  <span>{duration(run, scenes, now)}</span>
                  {run.sceneIndex !== null && (
                    <span>{t(m.step, { step: run.sceneIndex + 1, count: sceneCount })}</span>
                  )}
                </div>
                {run.status === 'FAILED' && run.error && <p className="run-error">{run.error}</p>}
                <RunSkips skipped={run.skipped} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
