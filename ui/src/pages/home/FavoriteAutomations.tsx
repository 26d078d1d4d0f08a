// The starred automations: when each runs next, how it last went, and a button to run it now.
// Starring, running and the status chip are the Automation pages' own, so both read alike.
import { useState } from 'react'
import { Link } from 'wouter'
import { useAutomationList } from '../../api/hooks'
import type { AutomationSummary } from '../../api/types'
import { errorMessage } from '../../forms/field-errors'
import { PlayIcon, StarIcon } from '../../shell/icons'
import { InlineSpinner } from '../../shell/Spinner'
import { useAutomationActions } from '../automation/automation-actions'
import { FavoriteToggle } from '../automation/AutomationControls'
import { NextRunValue } from '../automation/NextRun'
import { RunStatusChip } from '../automation/RunStatusChip'
import { byName } from '../blinds/blind-order'
import { HubTime, TimeZoneNote } from '../../time/HubTime'

export function FavoriteAutomations() {
  const { data: automations, error } = useAutomationList()
  const favorites = (automations ?? []).filter((a) => a.isFavorite).sort(byName)
  return (
    <section className="section" aria-labelledby="favourite-automations">
      <div className="section-title">
        <h2 id="favourite-automations">Favourite automations</h2>
        {favorites.length > 0 && (
          <Link href="/automation" className="section-link">
            All automations
          </Link>
        )}
      </div>
      {!automations && error && (
        <p className="banner banner-error">Could not load the automations: {errorMessage(error)}</p>
      )}
      {!automations && !error && <InlineSpinner label="Loading automations" />}
      {automations && favorites.length === 0 && (
        <div className="card empty-state home-empty">
          <StarIcon />
          <p>Mark automations with the star to see them here.</p>
          <Link href="/automation" className="button button-quiet">
            Go to automations
          </Link>
        </div>
      )}
      {favorites.length > 0 && (
        <ul className="list" aria-labelledby="favourite-automations">
          {favorites.map((automation) => (
            <AutomationRow key={automation.id} automation={automation} />
          ))}
        </ul>
      )}
      {favorites.length > 0 && <TimeZoneNote />}
    </section>
  )
}

function AutomationRow({ automation }: { automation: AutomationSummary }) {
  const { run } = useAutomationActions()
  const [starting, setStarting] = useState(false)
  const { id, name, nextRunAt, lastRun } = automation

  const start = async () => {
    setStarting(true)
    // Toasts "Started <name>", or the hub's 409 while it is already running.
    await run(automation)
    setStarting(false)
  }

  return (
    <li className="automation-row">
      <FavoriteToggle automation={automation} />
      <div className="list-main">
        <Link href={`/automation/${id}`} className="list-title list-link">
          {name}
        </Link>
        <div className="list-meta">
          {automation.schedulePause ? (
            <NextRunValue automation={automation} />
          ) : (
            <span>Next: {nextRunAt ? <HubTime at={nextRunAt} /> : nextRunText(automation)}</span>
          )}
          <span className="run-status">
            Last run:{' '}
            {lastRun ? <RunStatusChip run={lastRun} /> : <span className="chip">Never run</span>}
          </span>
        </div>
      </div>
      <div className="list-actions">
        <button
          type="button"
          className="button button-quiet"
          aria-label={`Run ${name}`}
          disabled={starting}
          onClick={() => void start()}
        >
          <PlayIcon />
          Run
        </button>
      </div>
    </li>
  )
}

/** Why there is no next run (a paused schedule says so itself): manual, or switched off. */
function nextRunText({ trigger }: AutomationSummary): string {
  if (trigger.type !== 'MANUAL' && !trigger.enabled) return 'Schedule off'
  return 'Manual only'
}
