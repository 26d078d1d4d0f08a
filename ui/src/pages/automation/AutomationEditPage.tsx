// /automation/create and /automation/:id: the editor, and for an existing automation its
// status, run buttons, favourite, delete and run history.
import { errorScreenMessages } from '../../shell/shell.messages'
import { useRef, useState } from 'react'
import { Link, useParams } from 'wouter'
import { useAutomation } from '../../api/hooks'
import type { Automation } from '../../api/types'
import { BackIcon } from '../../shell/icons'
import { RouteError } from '../../shell/route-error'
import { InlineSpinner } from '../../shell/Spinner'
import { TimeZoneNote } from '../../time/HubTime'
import { FavoriteToggle } from './AutomationControls'
import { AutomationForm, type AutomationFormHandle } from './AutomationForm'
import { DeleteAutomationButton } from './DeleteAutomationButton'
import { draftFromAutomation, newAutomationDraft } from './draft'
import { RunHistory } from './RunHistory'
import { RunPanel } from './RunPanel'
import { useT } from '../../i18n/I18nProvider'
import { editPageMessages as m } from './automation.messages'
import './automation-editor.css'

export default function AutomationEditPage() {
  const { id } = useParams<{ id?: string }>()
  return id ? <EditAutomation key={id} id={id} /> : <CreateAutomation />
}

function BackLink() {
  const t = useT()
  return (
    <Link href="/automation" className="back-link">
      <BackIcon />
      <span>{t(m.allAutomations)}</span>
    </Link>
  )
}

function CreateAutomation() {
  const [initial] = useState(newAutomationDraft)
  const t = useT()
  return (
    <section className="page automation-editor automation-create">
      <BackLink />
      <header className="page-header">
        <h1>{t(m.newAutomation)}</h1>
      </header>
      <AutomationForm automationId={null} initial={initial} />
    </section>
  )
}

function EditAutomation({ id }: { id: string }) {
  const { data: automation, error } = useAutomation(id)
  // Once deleted, the page may see its automation vanish before it has navigated away.
  const deleting = useRef(false)
  const t = useT()

  // The hub answers an unknown id with null, and an id that is no UUID with a 400.
  if (automation === null || (!automation && error && [400, 404].includes(error.code ?? 0))) {
    if (deleting.current) return null
    throw new RouteError(404, errorScreenMessages.notFound)
  }
  if (!automation) {
    return (
      <section className="page automation-editor">
        <BackLink />
        {error ? (
          <p className="banner banner-error" role="alert">
            {t(m.notLoaded, { reason: error.message })}
          </p>
        ) : (
          <InlineSpinner label={t(m.loading)} />
        )}
      </section>
    )
  }
  return <EditAutomationView automation={automation} onDeleting={() => (deleting.current = true)} />
}

function EditAutomationView(props: { automation: Automation; onDeleting: () => void }) {
  const { automation, onDeleting } = props
  const [initial] = useState(() => draftFromAutomation(automation))
  // "Run now" asks while the form holds changes, and may save them first.
  const [unsaved, setUnsaved] = useState(false)
  const form = useRef<AutomationFormHandle>(null)
  const t = useT()
  return (
    <section className="page automation-editor">
      <BackLink />
      <header className="page-header">
        <h1>{t(m.editTitle, { name: automation.name })}</h1>
        <div className="page-header-actions">
          <FavoriteToggle automation={automation} />
          <DeleteAutomationButton automation={automation} onDeleting={onDeleting} />
        </div>
      </header>
      <TimeZoneNote />
      <div className="automation-edit-layout">
        <div className="automation-edit-status">
          <RunPanel
            automation={automation}
            unsaved={unsaved}
            saveChanges={() => form.current?.save() ?? Promise.resolve(false)}
          />
        </div>
        <div className="automation-edit-form">
          <AutomationForm
            automationId={automation.id}
            initial={initial}
            onUnsavedChange={setUnsaved}
            handle={form}
          />
        </div>
        <div className="automation-edit-history">
          <RunHistory automationId={automation.id} scenes={automation.scene} />
        </div>
      </div>
    </section>
  )
}
