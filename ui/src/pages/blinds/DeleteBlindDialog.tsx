// Asking before a blind is deleted. The hub refuses (409) while an automation's scene still
// drives the blind, so the dialog asks the hub which automations use it first and, if any
// do, names them with links and offers no Delete.
import { Fragment } from 'react'
import { Link } from 'wouter'
import { useSWRConfig } from 'swr'
import { staleAfterChangeOf } from '../../api/cache-keys'
import { useBlindUsage } from '../../api/hooks'
import { mutations } from '../../api/operations'
import type { AutomationRef, Blind } from '../../api/types'
import { DeleteDialog } from '../../components/DeleteDialog'
import { useT } from '../../i18n/I18nProvider'
import { useToast } from '../../shell/toast'
import { blindsMessages as m } from './blinds.messages'

export function DeleteBlindDialog({ blind, onClose }: { blind: Blind; onClose: () => void }) {
  const t = useT()
  const { mutate } = useSWRConfig()
  const toast = useToast()
  const { data: usage, error } = useBlindUsage(blind.id)
  const usedBy = usage?.usedBy ?? []
  return (
    <DeleteDialog
      title={t(m.deleteTitle, { name: blind.name })}
      message={<>{t(m.deleteMessage)}</>}
      // Unknown usage (the question failed) leaves the decision to the hub, which says why.
      checking={usage === undefined && error === undefined}
      {...(usedBy.length > 0 && {
        blocked: {
          title: t(m.inUseTitle, { name: blind.name }),
          reason: <InUse usedBy={usedBy} />,
        },
      })}
      onDelete={() => mutations.blindDelete([blind.id])}
      onDone={() => {
        void mutate(staleAfterChangeOf('blind'))
        toast(t(m.deleted, { name: blind.name }))
        onClose()
      }}
      onCancel={onClose}
    />
  )
}

function InUse({ usedBy }: { usedBy: AutomationRef[] }) {
  const t = useT()
  return (
    <div className="blind-in-use">
      <p>
        {t(m.usedBy)}{' '}
        {usedBy.map((automation, i) => (
          <Fragment key={automation.id}>
            {i > 0 && ', '}
            <Link href={`/automation/${automation.id}`}>{automation.name}</Link>
          </Fragment>
        ))}{' '}
        {t(m.removeFirst, { count: usedBy.length })}
      </p>
      <p className="muted">{t(m.deletableOnce)}</p>
    </div>
  )
}
