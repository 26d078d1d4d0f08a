// A part of a form folded away under its summary (a <details>): the summary is a button for
// the keyboard and screen readers alike, and every field inside stays labelled and reachable
// once it is open. It opens by itself while one of its fields holds a broken rule, so a refused
// Save can put focus on that field.
import { useState, type ReactNode } from 'react'

interface Props {
  summary: ReactNode
  /** True while a field inside must be seen: a broken rule there. */
  forceOpen?: boolean
  children: ReactNode
}

export function Disclosure({ summary, forceOpen = false, children }: Props) {
  const [open, setOpen] = useState(false)
  return (
    <details
      className="disclosure"
      open={open || forceOpen}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="disclosure-summary">
        {/* One flowing line of text beside the chevron, however many parts the summary has. */}
        <span className="disclosure-label">{summary}</span>
      </summary>
      <div className="disclosure-body">{children}</div>
    </details>
  )
}
