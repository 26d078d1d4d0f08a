// The change-password form's rules: the hub's own checkers for the current and the new
// password, and the one rule only the form knows, that the new password is typed twice alike.
import { badInput } from '../../../hub/errors'
import { checkCurrentPassword, checkPassword } from '../../../hub/validation/fields'
import { collectFieldErrors, type FieldErrors } from '../forms/field-errors'

export interface PasswordChange {
  currentPassword: string
  password: string
  passwordAgain: string
}

export const EMPTY_PASSWORD_CHANGE: PasswordChange = {
  currentPassword: '',
  password: '',
  passwordAgain: '',
}

/** The broken rules by field; the field names are the hub's, plus `passwordAgain`. */
export function checkPasswordChange(values: PasswordChange): FieldErrors {
  return collectFieldErrors([
    () => checkCurrentPassword('currentPassword', values.currentPassword),
    () => checkPassword('password', values.password),
    () => {
      if (values.passwordAgain !== values.password) {
        throw badInput('passwordAgain', 'must be the same as the new password', 'MUST_MATCH', {
          other: 'password',
        })
      }
    },
  ])
}
