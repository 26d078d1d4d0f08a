// The starred automations: when each runs next, how it last went, and a button to run it now.
// Starring, running and the status chip are the Automation pages' own, so both read alike.
import { useT } from '../../i18n/I18nProvider'
import { homeMessages as m } from './home.messages'
import type { Message } from '../../i18n/messages'
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
  const t = useT()
  const favorites = (automations ?? []).filter((a) => a.isFavorite).sort(byName)
  return (
    <section className="section" aria-labelledby="favourite-automations">
      <div className="section-title">
        <h2 id="favourite-automations">{t(m.favouriteAutomations)}</h2>
        {favorites.length > 0 && (
          <Link href="/automation" className="section-link">
            {t(m.allAutomations)}
          </Link>
        )}
      </div>
      {!automations && error && (
        <p className="banner banner-error">
          {t(m.automationsNotLoaded, { reason: errorMessage(error) })}
        </p>
      )}
      {!automations && !error && <InlineSpinner label={t(m.loadingAutomations)} />}
      {automations && favorites.length === 0 && (
        <div className="card empty-state home-empty">
          <StarIcon />
          <p>{t(m.noFavouriteAutomations)}</p>
          <Link href="/automation" className="button button-quiet">
            {t(m.goToAutomations)}
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
  const t = useT()
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
            <span>
              {t(m.next)} {nextRunAt ? <HubTime at={nextRunAt} /> : t(nextRunText(automation))}
            </span>
          )}
          <span className="run-status">
            {t(m.lastRun)}{' '}
            {lastRun ? (
              <RunStatusChip run={lastRun} />
            ) : (
              <span className="chip">{t(m.neverRun)}</span>
            )}
          </span>
        </div>
      </div>
      <div className="list-actions">
        <button
          type="button"
          className="button button-quiet"
          aria-label={t(m.runAutomation, { name })}
          disabled={starting}
          onClick={() => void start()}
        >
          <PlayIcon />
          {t(m.run)}
        </button>
      </div>
    </li>
  )
}

/** Why there is no next run (a paused schedule says so itself): manual, or switched off. */
function nextRunText({ trigger }: AutomationSummary): Message {
  if (trigger.type !== 'MANUAL' && !trigger.enabled) return m.scheduleOff
  return m.manualOnly
}
