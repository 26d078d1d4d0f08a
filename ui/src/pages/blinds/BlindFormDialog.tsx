// Adding or changing a blind (admins). The hub's rules are checked before anything is sent;
// what only the hub can know (a name or address already taken) comes back as a field error
// and is shown at that field.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useSWRConfig } from 'swr'
import { staleAfterChangeOf } from '../../api/cache-keys'
import { mutations } from '../../api/operations'
import type { Blind } from '../../api/types'
import { Dialog } from '../../components/Dialog'
import { TextField } from '../../components/fields'
import { errorMessage, fieldErrorFrom, type FieldErrors } from '../../forms/field-errors'
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
  const formId = useId()
  const form = useRef<HTMLFormElement>(null)
  const { mutate } = useSWRConfig()
  const toast = useToast()
  const [values, setValues] = useState<BlindFormValues>(() => blindFormValues(blind))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState('')
  const [busy, setBusy] = useState(false)
  // Bumped on each refused submit, so focus moves to the first field in error every time.
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (attempt > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [attempt])

  const set = (field: keyof BlindFormValues, errorField: string) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    // A corrected field stops shouting; the others keep their message until the next submit.
    setErrors((current) => {
      const next = { ...current }
      delete next[errorField]
      return next
    })
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setFormError('')
    const found = checkBlindForm(values)
    if (Object.keys(found).length > 0) {
      setErrors(found)
      setAttempt((n) => n + 1)
      return
    }
    setBusy(true)
    try {
      const input = blindInputFrom(values)
      const saved = blind
        ? await mutations.blindUpdate(blind.id, input)
        : await mutations.blindCreate(input)
      void mutate(staleAfterChangeOf('blind'))
      toast(`Blind ${saved.name} saved`)
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

  return (
    <Dialog
      title={blind ? `Edit ${blind.name}` : 'Add blind'}
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
          label="Name"
          value={values.name}
          onChange={(e) => set('name', 'name')(e.target.value)}
          error={errors.name}
          placeholder="Living room left"
          autoComplete="off"
        />
        <div className="form-row">
          <TextField
            label="Up address"
            value={values.blindAddressUp}
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
        <p role="alert" className="form-error">
          {formError}
        </p>
      </form>
    </Dialog>
  )
}
