// /automation: every automation the user may see, by name, with its next and last run.
import { Link } from 'wouter'
import { useAutomationList } from '../../api/hooks'
import { AutomationIcon, PlusIcon } from '../../shell/icons'
import { InlineSpinner } from '../../shell/Spinner'
import { TimeZoneNote } from '../../time/HubTime'
import { useT } from '../../i18n/I18nProvider'
import { automationListMessages as m } from './automation.messages'
import { AutomationRow } from './AutomationRow'
import './automation-list.css'

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true })

export default function AutomationListPage() {
  const { data: automations, error } = useAutomationList()
  const t = useT()
  return (
    <section className="page">
      <header className="page-header">
        <h1>{t(m.title)}</h1>
        <div className="page-header-actions">
          <Link href="/automation/create" className="button button-primary">
            <PlusIcon />
            <span>{t(m.newAutomation)}</span>
          </Link>
        </div>
      </header>
      <TimeZoneNote />

      {error && (
        <p className="banner banner-error" role="alert">
          {t(m.notLoaded, { reason: error.message })}
        </p>
      )}

      {!automations && !error && <InlineSpinner label={t(m.loading)} />}

      {automations && automations.length === 0 && (
        <div className="card empty-state">
          <AutomationIcon />
          <h2>{t(m.noneYet)}</h2>
          <p>{t(m.intro)}</p>
          <Link href="/automation/create" className="button button-primary">
            <PlusIcon />
            <span>{t(m.createFirst)}</span>
          </Link>
        </div>
      )}

      {automations && automations.length > 0 && (
        <ul className="list automation-list" aria-label={t(m.listLabel)}>
          {[...automations].sort(byName).map((automation) => (
            <AutomationRow key={automation.id} automation={automation} />
          ))}
        </ul>
      )}
    </section>
  )
}
