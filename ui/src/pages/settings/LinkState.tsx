// A link's state as a dot and a word, for the read-only lines of the settings page.
import type { ReactNode } from 'react'

export type LinkStateKind = 'up' | 'down' | 'waiting'

export function LinkState({ state, children }: { state: LinkStateKind; children: ReactNode }) {
  return (
    <span className="settings-link-state">
      <span className={`settings-dot settings-dot-${state}`} aria-hidden="true" />
      <span>{children}</span>
    </span>
  )
}
