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
import { useT } from '../../i18n/I18nProvider'
import { useToast } from '../../shell/toast'
import {
  checkUserForm,
  loweredUsername,
  userCreateInput,
  userFormValues,
  userUpdateInput,
  type UserFormValues,
} from './user-form'
import { usersMessages as m } from './users.messages'

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
  const t = useT()
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
    toast(t(m.saved, { name: saved.username }))
    onClose()
  }

  const lowered = loweredUsername(values.username)
  const adminNote = isLastAdmin
    ? t(m.lastAdmin)
    : isSelf && user?.isAdmin
      ? t(m.selfAdminNote)
      : undefined

  return (
    <FormDialog
      title={user ? t(m.editTitle, { name: user.username }) : t(m.addTitle)}
      onClose={onClose}
      onSubmit={() => void submit(checkUserForm(values, user !== null), save)}
      {...status}
    >
      <TextField
        label={t(m.username)}
        value={values.username}
        maxLength={USERNAME_MAX}
        onChange={(e) => change({ username: e.target.value }, 'username')}
        error={errors.username}
        hint={
          <>
            {t(m.usernameHint)}
            {lowered && (
              <strong className="username-lowered"> {t(m.lowered, { name: lowered })}</strong>
            )}
          </>
        }
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
      />
      {isSelf ? (
        // One's own password needs the current one too, which only that dialog asks for.
        <p className="field-hint">{t(m.ownPassword)}</p>
      ) : (
        <TextField
          label={t(m.password)}
          type="password"
          value={values.password}
          maxLength={PASSWORD_MAX}
          onChange={(e) => change({ password: e.target.value }, 'password')}
          error={errors.password}
          hint={user ? t(m.keepPassword) : t(m.passwordMin)}
          autoComplete="new-password"
        />
      )}
      <div className="user-role">
        <CheckboxField
          label={t(m.administrator)}
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
        <legend>{t(m.blinds)}</legend>
        {values.isAdmin ? (
          <p className="muted">{t(m.adminsSeeAll)}</p>
        ) : blinds.length === 0 ? (
          <p className="muted">{t(m.noBlindsYet)}</p>
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
