import { screen } from '@testing-library/react'

/** The message shown at a labelled field (what its aria-describedby names), hint aside. */
export function errorAt(label: string): string {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby')?.split(' ') ?? []
  const errorId = ids.find((id) => id.endsWith('-error'))
  return (errorId && document.getElementById(errorId)?.textContent) || ''
}
