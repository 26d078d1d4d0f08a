// What a form dialog keeps about its submit: the broken rules by field, the error about no
// single field, whether it is saving, and how often a submit was refused (FormDialog moves
// focus to the first field in error on each).
import { useState } from 'react'
import { errorMessage, fieldErrorFrom, type FieldErrors } from './field-errors'

/** `fields`: the fields the form shows, where the hub's answer about one is put. */
export function useFormSubmit(fields: readonly string[]) {
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState('')
  const [busy, setBusy] = useState(false)
  const [refusals, setRefusals] = useState(0)

  const refuse = (found: FieldErrors) => {
    setErrors(found)
    setRefusals((n) => n + 1)
  }

  /** A corrected field stops shouting; the others keep their message until the next submit. */
  const clearError = (field: string) =>
    setErrors((current) => {
      const next = { ...current }
      delete next[field]
      return next
    })

  /**
   * Refuses the submit, sending nothing, while the form's own check `found` broken rules;
   * otherwise runs `save`, and shows its rejection at the field it is about, or else above
   * the buttons.
   */
  const submit = async (found: FieldErrors, save: () => Promise<void>) => {
    setFormError('')
    if (Object.keys(found).length > 0) {
      refuse(found)
      return
    }
    setBusy(true)
    try {
      await save()
    } catch (err) {
      const atField = fieldErrorFrom(err)
      if (atField && Object.keys(atField).every((field) => fields.includes(field))) refuse(atField)
      else setFormError(errorMessage(err))
      setBusy(false)
    }
  }

  return { errors, clearError, submit, status: { busy, formError, refusals } }
}
