// Asking before a blind is deleted. The hub refuses (409) while an automation's scene still
// drives the blind; DeleteDialog shows that answer in the dialog.
import { useSWRConfig } from 'swr'
import { staleAfterChangeOf } from '../../api/cache-keys'
import { mutations } from '../../api/operations'
import type { Blind } from '../../api/types'
import { DeleteDialog } from '../../components/DeleteDialog'
import { useToast } from '../../shell/toast'

export function DeleteBlindDialog({ blind, onClose }: { blind: Blind; onClose: () => void }) {
  const { mutate } = useSWRConfig()
  const toast = useToast()
  return (
    <DeleteDialog
      title={`Delete blind ${blind.name}?`}
      message={
        <>
          It disappears for everyone, along with its favourites and user assignments. The relays
          stay wired; you can add it again later.
        </>
      }
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
