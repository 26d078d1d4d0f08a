import { screen } from '@testing-library/react'

/** The error text tied to a control through aria-describedby (its hint aside), if any. */
export function fieldError(control: HTMLElement): string | null {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? []
  const error = ids
    .map((id) => document.getElementById(id))
    .find((el) => el?.classList.contains('field-error'))
  return error?.textContent ?? null
}

/** The error text at the field with this label, or '' when it has none. */
export const errorAt = (label: string): string => fieldError(screen.getByLabelText(label)) ?? ''
