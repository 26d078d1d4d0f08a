// Asking before a user is deleted. The hub's refusal (409, the last administrator) stays in
// the dialog.
import { useSWRConfig } from 'swr'
import { staleAfterChangeOf } from '../../api/cache-keys'
import { mutations } from '../../api/operations'
import type { User } from '../../api/types'
import { DeleteDialog } from '../../components/DeleteDialog'
import { useToast } from '../../shell/toast'

interface Props {
  user: User
  isSelf: boolean
  onClose: () => void
}

export function DeleteUserDialog({ user, isSelf, onClose }: Props) {
  const { mutate } = useSWRConfig()
  const toast = useToast()
  return (
    <DeleteDialog
      title={`Delete user ${user.username}?`}
      message={
        isSelf
          ? 'This is your own account: you will be logged out and cannot log in again.'
          : `${user.username} can no longer log in, and their favourites are removed.`
      }
      onDelete={() => mutations.userDelete([user.id])}
      onDone={() => {
        void mutate(staleAfterChangeOf('user'))
        toast(`User ${user.username} deleted`)
        onClose()
      }}
      onCancel={onClose}
    />
  )
}
