// One automation in the list: its name (a link to the editor), when it runs, when it runs
// next (or why its schedule rests and when it would run), how its last run went (or, while it runs, how long it has left), and the favourite
// and run buttons.
import type { ComponentType } from 'react'
import { Link } from 'wouter'
import type { AutomationRun, AutomationSummary, TriggerType } from '../../api/types'
import { AutomationIcon, ManualIcon, SunIcon } from '../../shell/icons'
import { FavoriteToggle, RunButton } from './AutomationControls'
import { NextRunLine } from './NextRun'
import { RunStatusChip } from './RunStatusChip'
import { formatFullDate } from './time-format'
import { formatTimeLeft, timeLeftMs, useNow } from './time-left'
import { triggerSummary } from './trigger-summary'
import { HubTime, useHubTimeZone } from '../../time/HubTime'
import { useT } from '../../i18n/I18nProvider'
import { automationListMessages as m } from './automation.messages'

const TRIGGER_ICON: Record<TriggerType, ComponentType> = {
  MANUAL: ManualIcon,
  CRON: AutomationIcon,
  SUN: SunIcon,
}

export function AutomationRow({ automation }: { automation: AutomationSummary }) {
  const { trigger, nextRunAt, schedulePause, lastRun } = automation
  const scenes = automation.scene.length
  const TriggerIcon = TRIGGER_ICON[trigger.type]
  const t = useT()
  return (
    <li className="automation-row">
      <span
        className={`list-avatar automation-kind${trigger.enabled ? '' : ' automation-kind-off'}`}
      >
        <TriggerIcon />
      </span>
      <div className="list-main">
        <Link href={`/automation/${automation.id}`} className="list-title automation-link">
          {automation.name}
        </Link>
        <div className="list-meta">
          <span>{t(m.triggerAndScenes, { trigger: triggerSummary(trigger), count: scenes })}</span>
          {!trigger.enabled && <span className="badge">{t(m.disabled)}</span>}
        </div>
        <div className="list-meta automation-times">
          <NextRunLine automation={automation} />
          {lastRun?.status === 'RUNNING' && <RunningNow run={lastRun} scenes={automation.scene} />}
          {lastRun && lastRun.status !== 'RUNNING' && (
            <span className="last-run">
              {/* The chip says it is the last run; on a phone the words would push its time
                  onto another line. */}
              <span className="visually-hidden-narrow">{t(m.lastRun)}</span>
              <RunStatusChip run={lastRun} />
              <HubTime at={lastRun.startedAt} />
            </span>
          )}
          {!nextRunAt && !schedulePause && !lastRun && <span>{t(m.neverRun)}</span>}
        </div>
      </div>
      <div className="list-actions">
        <FavoriteToggle automation={automation} />
        <RunButton automation={automation} />
      </div>
    </li>
  )
}

/** "Running · 12 min left", said once, counting down. */
function RunningNow({ run, scenes }: { run: AutomationRun; scenes: { duration: number }[] }) {
  const now = useNow(true)
  const timeZone = useHubTimeZone()
  const t = useT()
  return (
    <span className="last-run">
      <RunStatusChip run={run} />
      <span
        className="time-left"
        title={t(m.started, { when: formatFullDate(run.startedAt, timeZone) })}
      >
        {formatTimeLeft(timeLeftMs(run, scenes, now))}
      </span>
    </span>
  )
}
