// /automation: every automation the user may see, by name, with its next and last run.
import { Link } from 'wouter'
import { useAutomationList } from '../../api/hooks'
import { AutomationIcon, PlusIcon } from '../../shell/icons'
import { InlineSpinner } from '../../shell/Spinner'
import { TimeZoneNote } from '../../time/HubTime'
import { AutomationRow } from './AutomationRow'
import './automation-list.css'

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true })

export default function AutomationListPage() {
  const { data: automations, error } = useAutomationList()
  return (
    <section className="page">
      <header className="page-header">
        <h1>Automation</h1>
        <div className="page-header-actions">
          <Link href="/automation/create" className="button button-primary">
            <PlusIcon />
            <span>New automation</span>
          </Link>
        </div>
      </header>
      <TimeZoneNote />

      {error && (
        <p className="banner banner-error" role="alert">
          Automations could not be loaded: {error.message}
        </p>
      )}

      {!automations && !error && <InlineSpinner label="Loading automations" />}

      {automations && automations.length === 0 && (
        <div className="card empty-state">
          <AutomationIcon />
          <h2>No automations yet</h2>
          <p>
            An automation moves your blinds in steps: on a schedule, at sunrise or sunset, or when
            you run it.
          </p>
          <Link href="/automation/create" className="button button-primary">
            <PlusIcon />
            <span>Create your first automation</span>
          </Link>
        </div>
      )}

      {automations && automations.length > 0 && (
        <ul className="list automation-list" aria-label="Automations">
          {[...automations].sort(byName).map((automation) => (
            <AutomationRow key={automation.id} automation={automation} />
          ))}
        </ul>
      )}
    </section>
  )
}
