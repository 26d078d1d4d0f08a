// Adding or changing a user (admins): name, password, role and the blinds they may move. The
// last administrator keeps the role; the hub refuses the change too (409), and says so here.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useSWRConfig } from 'swr'
import { staleAfterChangeOf } from '../../api/cache-keys'
import { mutations } from '../../api/operations'
import type { Blind, User } from '../../api/types'
import { Dialog } from '../../components/Dialog'
import { CheckboxField, TextField } from '../../components/fields'
import { errorMessage, fieldErrorFrom, type FieldErrors } from '../../forms/field-errors'
import { useToast } from '../../shell/toast'
import {
  checkUserForm,
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
  const formId = useId()
  const adminNoteId = useId()
  const form = useRef<HTMLFormElement>(null)
  const { mutate } = useSWRConfig()
  const toast = useToast()
  const [values, setValues] = useState<UserFormValues>(() => userFormValues(user))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState('')
  const [busy, setBusy] = useState(false)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (attempt > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [attempt])

  const change = (patch: Partial<UserFormValues>, field: string) => {
    setValues((v) => ({ ...v, ...patch }))
    setErrors((current) => {
      const next = { ...current }
      delete next[field]
      return next
    })
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

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setFormError('')
    const found = checkUserForm(values, user !== null)
    if (Object.keys(found).length > 0) {
      setErrors(found)
      setAttempt((n) => n + 1)
      return
    }
    const update = user && userUpdateInput(values, user)
    if (update && Object.keys(update).length === 0) {
      onClose()
      return
    }
    setBusy(true)
    try {
      const saved =
        user && update
          ? await mutations.userUpdate(user.id, update)
          : await mutations.userCreate(userCreateInput(values))
      void mutate(staleAfterChangeOf('user'))
      toast(`User ${saved.username} saved`)
      onClose()
    } catch (err) {
      const atField = fieldErrorFrom(err)
      const field = atField && Object.keys(atField)[0]
      if (atField && FIELDS.includes(field as (typeof FIELDS)[number])) {
        setErrors(atField)
        setAttempt((n) => n + 1)
      } else {
        setFormError(errorMessage(err))
      }
      setBusy(false)
    }
  }

  const adminNote = isLastAdmin
    ? LAST_ADMIN_NOTE
    : isSelf && user?.isAdmin
      ? 'Without this you can no longer manage users.'
      : undefined

  return (
    <Dialog
      title={user ? `Edit ${user.username}` : 'Add user'}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button-quiet" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button-primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
        </>
      }
    >
      <form id={formId} ref={form} onSubmit={submit} noValidate>
        <TextField
          label="Username"
          value={values.username}
          onChange={(e) => change({ username: e.target.value }, 'username')}
          error={errors.username}
          hint="3–32 characters: a–z, 0–9, dot, underscore, hyphen."
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
        />
        <TextField
          label="Password"
          type="password"
          value={values.password}
          onChange={(e) => change({ password: e.target.value }, 'password')}
          error={errors.password}
          hint={user ? 'Leave empty to keep the current password.' : 'At least 8 characters.'}
          autoComplete="new-password"
        />
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
        <p role="alert" className="form-error">
          {formError}
        </p>
      </form>
    </Dialog>
  )
}
