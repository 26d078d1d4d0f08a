// Asking before a user is deleted. The hub's refusal (409, the last administrator) stays in
// the dialog.
import { useSWRConfig } from 'swr'
import { staleAfterChangeOf } from '../../api/cache-keys'
import { mutations } from '../../api/operations'
import type { User } from '../../api/types'
import { DeleteDialog } from '../../components/DeleteDialog'
import { useT } from '../../i18n/I18nProvider'
import { useToast } from '../../shell/toast'
import { usersMessages as m } from './users.messages'

interface Props {
  user: User
  isSelf: boolean
  onClose: () => void
}

export function DeleteUserDialog({ user, isSelf, onClose }: Props) {
  const t = useT()
  const { mutate } = useSWRConfig()
  const toast = useToast()
  return (
    <DeleteDialog
      title={t(m.deleteTitle, { name: user.username })}
      message={isSelf ? t(m.deleteSelf) : t(m.deleteOther, { name: user.username })}
      onDelete={() => mutations.userDelete([user.id])}
      onDone={() => {
        void mutate(staleAfterChangeOf('user'))
        toast(t(m.deleted, { name: user.username }))
        onClose()
      }}
      onCancel={onClose}
    />
  )
}
