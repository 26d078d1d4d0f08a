// Labelled form controls that show a rule broken at the field itself, tied to the control
// with aria-describedby and aria-invalid.
import { useId } from 'react'
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react'

interface FieldProps {
  label: string
  error?: string | undefined
  hint?: ReactNode
}

interface ControlProps {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

/** The label, hint and error around one control, which `control` renders with their ids. */
function Field({
  label,
  error,
  hint,
  control,
}: FieldProps & { control: (p: ControlProps) => ReactNode }) {
  const id = useId()
  const described = [hint !== undefined && `${id}-hint`, error && `${id}-error`].filter(Boolean)
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {control({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': described.length > 0 ? described.join(' ') : undefined,
      })}
      {hint !== undefined && (
        <div className="field-hint" id={`${id}-hint`}>
          {hint}
        </div>
      )}
      {error && (
        <div className="field-error" id={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  )
}

export function TextField({
  label,
  error,
  hint,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} error={error} hint={hint} control={(p) => <input {...p} {...input} />} />
  )
}

export function SelectField({
  label,
  error,
  hint,
  children,
  ...select
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      control={(p) => (
        <select {...p} {...select}>
          {children}
        </select>
      )}
    />
  )
}

/** A checkbox; `asSwitch` draws it as an on/off switch (role switch) for a setting that acts. */
export function CheckboxField({
  label,
  error,
  hint,
  asSwitch = false,
  ...input
}: FieldProps & { asSwitch?: boolean } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId()
  const described = [hint !== undefined && `${id}-hint`, error && `${id}-error`].filter(Boolean)
  return (
    <div
      className={`field field-checkbox${asSwitch ? ' field-switch' : ''}${error ? ' field-invalid' : ''}`}
    >
      <input
        id={id}
        type="checkbox"
        role={asSwitch ? 'switch' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={described.length > 0 ? described.join(' ') : undefined}
        {...input}
      />
      <label htmlFor={id}>{label}</label>
      {hint !== undefined && (
        <div className="field-hint" id={`${id}-hint`}>
          {hint}
        </div>
      )}
      {error && (
        <div className="field-error" id={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  )
}
