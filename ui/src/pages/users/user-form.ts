// The user form's values and rules: the hub's own checkers, so the form refuses what the hub
// would with the hub's words. Editing sends only what changed.
import { checkPassword, checkUsername } from '../../../../hub/validation/fields'
import type { User, UserInput, UserUpdateInput } from '../../api/types'
import { collectFieldErrors, type FieldErrors } from '../../forms/field-errors'

export interface UserFormValues {
  username: string
  password: string
  isAdmin: boolean
  blindIds: string[]
}

export function userFormValues(user: User | null): UserFormValues {
  return {
    username: user?.username ?? '',
    password: '',
    isAdmin: user?.isAdmin ?? false,
    // An admin's userBlindList is every blind, not an assignment, so it says nothing to keep.
    blindIds: user && !user.isAdmin ? user.userBlindList.map((ub) => ub.blind.id) : [],
  }
}

/** The broken rules by the hub's field names; a password is optional when editing. */
export function checkUserForm(values: UserFormValues, editing: boolean): FieldErrors {
  return collectFieldErrors([
    () => checkUsername('username', values.username),
    () =>
      editing && values.password === '' ? undefined : checkPassword('password', values.password),
  ])
}

/**
 * The username as the hub stores it, when that differs from what was typed ("Robin" is saved
 * as robin); null when it is typed as stored.
 */
export function loweredUsername(typed: string): string | null {
  const stored = typed.trim().toLowerCase()
  return stored !== typed.trim() ? stored : null
}

export function userCreateInput(values: UserFormValues): UserInput {
  return {
    username: values.username.trim().toLowerCase(),
    password: values.password,
    isAdmin: values.isAdmin,
    blindIds: values.isAdmin ? [] : values.blindIds,
  }
}

/** Only the fields that differ from `user`; an empty object when nothing changed. */
export function userUpdateInput(values: UserFormValues, user: User): UserUpdateInput {
  const input: UserUpdateInput = {}
  const username = values.username.trim().toLowerCase()
  if (username !== user.username) input.username = username
  if (values.password !== '') input.password = values.password
  if (values.isAdmin !== user.isAdmin) input.isAdmin = values.isAdmin
  if (!values.isAdmin) {
    const before = userFormValues(user).blindIds
    // A former admin's assignments are unknown here, so they are always sent.
    if (user.isAdmin || !sameSet(before, values.blindIds)) input.blindIds = values.blindIds
  }
  return input
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id))
}
