// Changing one's own password, from the account menu: the current password (the hub checks
// it, and counts a wrong one as a failed login) and the new one twice. The hub keeps this
// session and signs out every other.
import { useT } from '../i18n/I18nProvider'
import { shellMessages as m } from './shell.messages'
import { useState } from 'react'
import { mutations } from '../api/operations'
import { TextField } from '../components/fields'
import { FormDialog } from '../components/FormDialog'
import { useFormSubmit } from '../forms/form-submit'
import { PASSWORD_MIN } from '../../../hub/validation/fields'
import { checkPasswordChange, EMPTY_PASSWORD_CHANGE, type PasswordChange } from './password-change'
import { useToast } from './toast'

const FIELDS = ['currentPassword', 'password', 'passwordAgain'] as const

interface Props {
  userId: string
  onClose: () => void
}

export function ChangePasswordDialog({ userId, onClose }: Props) {
  const toast = useToast()
  const t = useT()
  const [values, setValues] = useState<PasswordChange>(EMPTY_PASSWORD_CHANGE)
  const { errors, clearError, submit, status } = useFormSubmit(FIELDS)

  const change = (field: keyof PasswordChange, value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    clearError(field)
  }

  const save = async () => {
    await mutations.userUpdate(userId, {
      password: values.password,
      currentPassword: values.currentPassword,
    })
    toast(t(m.passwordChanged))
    onClose()
  }

  return (
    <FormDialog
      title={t(m.changePassword)}
      onClose={onClose}
      onSubmit={() => void submit(checkPasswordChange(values), save)}
      {...status}
    >
      <TextField
        label={t(m.currentPassword)}
        type="password"
        autoComplete="current-password"
        value={values.currentPassword}
        onChange={(e) => change('currentPassword', e.target.value)}
        error={errors.currentPassword}
      />
      <TextField
        label={t(m.newPassword)}
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={(e) => change('password', e.target.value)}
        error={errors.password}
        hint={t(m.newPasswordHint, { min: PASSWORD_MIN })}
      />
      <TextField
        label={t(m.newPasswordAgain)}
        type="password"
        autoComplete="new-password"
        value={values.passwordAgain}
        onChange={(e) => change('passwordAgain', e.target.value)}
        error={errors.passwordAgain}
      />
    </FormDialog>
  )
}
