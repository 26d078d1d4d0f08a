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
import { useToast } from '../../shell/toast'

export function DeleteBlindDialog({ blind, onClose }: { blind: Blind; onClose: () => void }) {
  const { mutate } = useSWRConfig()
  const toast = useToast()
  const { data: usage, error } = useBlindUsage(blind.id)
  const usedBy = usage?.usedBy ?? []
  return (
    <DeleteDialog
      title={`Delete blind ${blind.name}?`}
      message={
        <>
          It disappears for everyone, along with its favourites and user assignments. The relays
          stay wired; you can add it again later.
        </>
      }
      // Unknown usage (the question failed) leaves the decision to the hub, which says why.
      checking={usage === undefined && error === undefined}
      {...(usedBy.length > 0 && {
        blocked: {
          title: `${blind.name} is in use`,
          reason: <InUse usedBy={usedBy} />,
        },
      })}
      onDelete={() => mutations.blindDelete([blind.id])}
      onDone={() => {
        void mutate(staleAfterChangeOf('blind'))
        toast(`Blind ${blind.name} deleted`)
        onClose()
      }}
      onCancel={onClose}
    />
  )
}

function InUse({ usedBy }: { usedBy: AutomationRef[] }) {
  const them = usedBy.length === 1 ? 'it' : 'them'
  return (
    <div className="blind-in-use">
      <p>
        Used by:{' '}
        {usedBy.map((automation, i) => (
          <Fragment key={automation.id}>
            {i > 0 && ', '}
            <Link href={`/automation/${automation.id}`}>{automation.name}</Link>
          </Fragment>
        ))}{' '}
        — remove it from {them} first.
      </p>
      <p className="muted">A blind can be deleted once no automation moves it.</p>
    </div>
  )
}
