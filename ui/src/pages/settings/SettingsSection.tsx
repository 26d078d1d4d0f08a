// One part of the settings page: a card with its heading, a line saying what it is for, and
// its settings. Every part of the house's settings (location, holiday mode, MQTT, PV, and
// later weather sensors and Matter) is one of these, so the page is a list of sections.
import { useId, type ReactNode } from 'react'

interface Props {
  title: string
  /** What the section is for, in one or two sentences. */
  description?: ReactNode
  /** A class for the section's own styles. */
  className?: string
  children: ReactNode
}

export function SettingsSection({ title, description, className, children }: Props) {
  const id = useId()
  return (
    <section
      className={`card settings-section${className ? ` ${className}` : ''}`}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {description && <p className="settings-description muted">{description}</p>}
      {children}
    </section>
  )
}
