// The colour mode switch and the logout button, in the side menu on wide screens and in the
// top bar on phones.
import type { ComponentType } from 'react'
import { useSession } from '../session/session'
import { useColorMode, type ColorMode } from '../theme/color-mode'
import { LogoutIcon, MoonIcon, SunIcon, SystemIcon } from './icons'

const MODE_CHOICES: { mode: ColorMode; label: string; Icon: ComponentType }[] = [
  { mode: 'light', label: 'Light', Icon: SunIcon },
  { mode: 'dark', label: 'Dark', Icon: MoonIcon },
  { mode: 'system', label: 'System', Icon: SystemIcon },
]

export function ColorModeSwitch() {
  const [mode, setMode] = useColorMode()
  return (
    <div className="segmented" role="group" aria-label="Colour mode">
      {MODE_CHOICES.map(({ mode: choice, label, Icon }) => (
        <button
          key={choice}
          type="button"
          className="icon-button"
          aria-pressed={mode === choice}
          aria-label={`${label} colour mode`}
          title={`${label} colour mode`}
          onClick={() => setMode(choice)}
        >
          <Icon />
        </button>
      ))}
    </div>
  )
}

export function LogoutButton({ compact = false }: { compact?: boolean }) {
  const { logout } = useSession()
  return (
    <button
      type="button"
      className={compact ? 'icon-button' : 'button button-quiet'}
      onClick={() => void logout()}
      aria-label="Log out"
      title="Log out"
    >
      <LogoutIcon />
      {!compact && <span>Log out</span>}
    </button>
  )
}
