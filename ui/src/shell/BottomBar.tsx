// Below 900 px: the fixed bottom bar of spec section 2, 58 px high, one icon per menu entry.
// A tap replaces the current history entry rather than pushing one.
import { useT } from '../i18n/I18nProvider'
import { menuMessages } from './shell.messages'
import type { MouseEvent } from 'react'
import { isActive, type MenuEntry } from './menu'

interface Props {
  entries: readonly MenuEntry[]
  location: string
  navigate: (path: string, options: { replace: boolean }) => void
}

export function BottomBar({ entries, location, navigate }: Props) {
  const t = useT()
  return (
    <nav className="bottom-bar" aria-label={t(menuMessages.mainMenu)}>
      {entries.map(({ path, label, shortLabel, icon: Icon }) => {
        const active = isActive(path, location)
        const go = (event: MouseEvent) => {
          event.preventDefault()
          navigate(path, { replace: true })
        }
        return (
          <a
            key={path}
            href={path}
            onClick={go}
            className={active ? 'active' : undefined}
            aria-current={active ? 'page' : undefined}
          >
            <Icon />
            <span>{t(shortLabel ?? label)}</span>
          </a>
        )
      })}
    </nav>
  )
}
