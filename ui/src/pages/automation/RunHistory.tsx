// An automation's recent runs, newest first: how each went, what started it, when, how long
// it took and how far it got. LiveUpdates revalidates it on every `automation:run` push.
import { useId } from 'react'
import { useAutomationRuns } from '../../api/hooks'
import type { AutomationRun } from '../../api/types'
import { InlineSpinner } from '../../shell/Spinner'
import { RunStatusChip } from './RunStatusChip'
import { formatDuration } from './time-format'
import { formatTimeLeft, timeLeftMs, useNow } from './time-left'
import { HubTime } from '../../time/HubTime'

const SOURCE_LABEL: Record<string, string> = {
  manual: 'Run by hand',
  cron: 'Schedule',
  sun: 'Sun',
  mqtt: 'From Home Assistant / MQTT',
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
  const now = useNow(runs?.some((run) => !run.finishedAt) ?? false)
  return (
    <section className="section run-history" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Run history</h2>
      {error && !runs && (
        <p className="banner banner-error" role="alert">
          The run history could not be loaded: {error.message}
        </p>
      )}
      {!runs && !error && <InlineSpinner label="Loading run history" />}
      {runs && runs.length === 0 && (
        <p className="card muted">No runs yet. Each run shows here as it happens.</p>
      )}
      {runs && runs.length > 0 && (
        <ol className="list run-list" aria-label="Runs, newest first">
          {runs.map((run) => (
            <li key={run.id}>
              <div className="list-main">
                <div className="run-line">
                  <RunStatusChip run={run} />
                  <span className="run-source">{SOURCE_LABEL[run.source] ?? run.source}</span>
                </div>
                <div className="list-meta">
                  <HubTime at={run.startedAt} />
                  <span>{duration(run, scenes, now)}</span>
                  {run.sceneIndex !== null && (
                    <span>
                      step {run.sceneIndex + 1} of {sceneCount}
                    </span>
                  )}
                </div>
                {run.status === 'FAILED' && run.error && <p className="run-error">{run.error}</p>}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
