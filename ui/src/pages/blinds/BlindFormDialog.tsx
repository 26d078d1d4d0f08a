// Adding or changing a blind (admins). The hub's rules are checked before anything is sent;
// what only the hub can know (a name or address already taken) comes back as a field error
// and is shown at that field.
import { useState } from 'react'
import { useSWRConfig } from 'swr'
import { staleAfterChangeOf } from '../../api/cache-keys'
import { mutations } from '../../api/operations'
import type { Blind } from '../../api/types'
import { ADDRESS_MAX_LENGTH, NAME_MAX } from '../../../../hub/validation/fields'
import { TextField } from '../../components/fields'
import { FormDialog } from '../../components/FormDialog'
import { useFormSubmit } from '../../forms/form-submit'
import { useToast } from '../../shell/toast'
import {
  MAX_SECONDS,
  MIN_SECONDS,
  blindFormValues,
  blindInputFrom,
  checkBlindForm,
  type BlindFormValues,
} from './blind-form'

const FIELDS = ['name', 'blindAddressUp', 'blindAddressDown', 'travelTimeMs'] as const

interface Props {
  /** The blind to change, or null to add one. */
  blind: Blind | null
  onClose: () => void
}

export function BlindFormDialog({ blind, onClose }: Props) {
  const { mutate } = useSWRConfig()
  const toast = useToast()
  const [values, setValues] = useState<BlindFormValues>(() => blindFormValues(blind))
  const { errors, clearError, submit, status } = useFormSubmit(FIELDS)

  const set = (field: keyof BlindFormValues, errorField: string) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    clearError(errorField)
  }

  const save = async () => {
    const input = blindInputFrom(values)
    const saved = blind
      ? await mutations.blindUpdate(blind.id, input)
      : await mutations.blindCreate(input)
    void mutate(staleAfterChangeOf('blind'))
    toast(`Blind ${saved.name} saved`)
    onClose()
  }

  return (
    <FormDialog
      title={blind ? `Edit ${blind.name}` : 'Add blind'}
      onClose={onClose}
      onSubmit={() => void submit(checkBlindForm(values), save)}
      {...status}
    >
      <TextField
        label="Name"
        value={values.name}
        maxLength={NAME_MAX}
        onChange={(e) => set('name', 'name')(e.target.value)}
        error={errors.name}
        placeholder="Living room left"
        autoComplete="off"
      />
      <div className="form-row">
        <TextField
          label="Up address"
          value={values.blindAddressUp}
          maxLength={ADDRESS_MAX_LENGTH}
          onChange={(e) => set('blindAddressUp', 'blindAddressUp')(e.target.value)}
          error={errors.blindAddressUp}
          hint="UNIT:COIL, e.g. 1:0"
          placeholder="1:0"
          autoComplete="off"
          spellCheck={false}
        />
        <TextField
          label="Down address"
          value={values.blindAddressDown}
          maxLength={ADDRESS_MAX_LENGTH}
          onChange={(e) => set('blindAddressDown', 'blindAddressDown')(e.target.value)}
          error={errors.blindAddressDown}
          hint="UNIT:COIL, e.g. 1:1"
          placeholder="1:1"
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <TextField
        label="Travel time (seconds)"
        value={values.travelTimeSeconds}
        onChange={(e) => set('travelTimeSeconds', 'travelTimeMs')(e.target.value)}
        error={errors.travelTimeMs}
        hint={`${MIN_SECONDS}–${MAX_SECONDS}\u00a0s: how long the blind takes from one end to the other.`}
        inputMode="decimal"
        autoComplete="off"
      />
    </FormDialog>
  )
}
