// Adding or changing a user (admins): name, password, role and the blinds they may move. The
// last administrator keeps the role; the hub refuses the change too (409), and says so here.
import { useId, useState } from 'react'
import { useSWRConfig } from 'swr'
import { staleAfterChangeOf } from '../../api/cache-keys'
import { mutations } from '../../api/operations'
import type { Blind, User } from '../../api/types'
import { PASSWORD_MAX, USERNAME_MAX } from '../../../../hub/validation/fields'
import { CheckboxField, TextField } from '../../components/fields'
import { FormDialog } from '../../components/FormDialog'
import { useFormSubmit } from '../../forms/form-submit'
import { useToast } from '../../shell/toast'
import {
  checkUserForm,
  loweredUsername,
  userCreateInput,
  userFormValues,
  userUpdateInput,
  type UserFormValues,
} from './user-form'
import { LAST_ADMIN_NOTE } from './last-admin'

const FIELDS = ['username', 'password', 'isAdmin'] as const

interface Props {
  /** The user to change, or null to add one. */
  user: User | null
  /** Every blind, in the order to list them. */
  blinds: readonly Blind[]
  isLastAdmin: boolean
  isSelf: boolean
  onClose: () => void
}

export function UserFormDialog({ user, blinds, isLastAdmin, isSelf, onClose }: Props) {
  const adminNoteId = useId()
  const { mutate } = useSWRConfig()
  const toast = useToast()
  const [values, setValues] = useState<UserFormValues>(() => userFormValues(user))
  const { errors, clearError, submit, status } = useFormSubmit(FIELDS)

  const change = (patch: Partial<UserFormValues>, field: string) => {
    setValues((v) => ({ ...v, ...patch }))
    clearError(field)
  }

  const toggleBlind = (id: string, assigned: boolean) =>
    change(
      {
        blindIds: assigned
          ? [...values.blindIds, id]
          : values.blindIds.filter((blindId) => blindId !== id),
      },
      'blindIds',
    )

  const save = async () => {
    const update = user && userUpdateInput(values, user)
    if (update && Object.keys(update).length === 0) {
      onClose()
      return
    }
    const saved =
      user && update
        ? await mutations.userUpdate(user.id, update)
        : await mutations.userCreate(userCreateInput(values))
    void mutate(staleAfterChangeOf('user'))
    toast(`User ${saved.username} saved`)
    onClose()
  }

  const lowered = loweredUsername(values.username)
  const adminNote = isLastAdmin
    ? LAST_ADMIN_NOTE
    : isSelf && user?.isAdmin
      ? 'Without this you can no longer manage users.'
      : undefined

  return (
    <FormDialog
      title={user ? `Edit ${user.username}` : 'Add user'}
      onClose={onClose}
      onSubmit={() => void submit(checkUserForm(values, user !== null), save)}
      {...status}
    >
      <TextField
        label="Username"
        value={values.username}
        maxLength={USERNAME_MAX}
        onChange={(e) => change({ username: e.target.value }, 'username')}
        error={errors.username}
        hint={
          <>
            3–32 characters: a–z, 0–9, dot, underscore, hyphen.
            {lowered && (
              <strong className="username-lowered">
                {' '}
                Usernames are lower case: this one is saved as {lowered}.
              </strong>
            )}
          </>
        }
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
      />
      {isSelf ? (
        // One's own password needs the current one too, which only that dialog asks for.
        <p className="field-hint">Change your own password from your account menu.</p>
      ) : (
        <TextField
          label="Password"
          type="password"
          value={values.password}
          maxLength={PASSWORD_MAX}
          onChange={(e) => change({ password: e.target.value }, 'password')}
          error={errors.password}
          hint={user ? 'Leave empty to keep the current password.' : 'At least 8 characters.'}
          autoComplete="new-password"
        />
      )}
      <div className="user-role">
        <CheckboxField
          label="Administrator"
          checked={values.isAdmin}
          onChange={(e) => change({ isAdmin: e.target.checked }, 'isAdmin')}
          error={errors.isAdmin}
          disabled={isLastAdmin}
          aria-describedby={adminNote ? adminNoteId : undefined}
        />
        {adminNote && (
          <p className="field-hint" id={adminNoteId}>
            {adminNote}
          </p>
        )}
      </div>
      <fieldset className="user-blinds">
        <legend>Blinds</legend>
        {values.isAdmin ? (
          <p className="muted">Administrators see and move every blind.</p>
        ) : blinds.length === 0 ? (
          <p className="muted">There are no blinds yet. Add them on the Blinds page.</p>
        ) : (
          <div className="user-blind-choices">
            {blinds.map((blind) => (
              <CheckboxField
                key={blind.id}
                label={blind.name}
                checked={values.blindIds.includes(blind.id)}
                onChange={(e) => toggleBlind(blind.id, e.target.checked)}
              />
            ))}
          </div>
        )}
      </fieldset>
    </FormDialog>
  )
}
