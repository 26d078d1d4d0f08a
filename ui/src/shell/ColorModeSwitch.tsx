// Light, dark or system: three buttons, the chosen one pressed. Every instance shares the one
// choice of theme/color-mode.tsx.
import type { ComponentType } from 'react'
import { useColorMode, type ColorMode } from '../theme/color-mode'
import { MoonIcon, SunIcon, SystemIcon } from './icons'

const MODE_CHOICES: { mode: ColorMode; label: string; Icon: ComponentType }[] = [
  { mode: 'light', label: 'Light', Icon: SunIcon },
  { mode: 'dark', label: 'Dark', Icon: MoonIcon },
  { mode: 'system', label: 'System', Icon: SystemIcon },
]

export function ColorModeSwitch() {
  const [mode, setMode] = useColorMode()
  return (
    <div className="segmented color-mode-switch" role="group" aria-label="Colour mode">
      {MODE_CHOICES.map(({ mode: choice, label, Icon }) => (
        <button
          key={choice}
          type="button"
          className="segmented-option"
          aria-pressed={mode === choice}
          aria-label={`${label} colour mode`}
          onClick={() => setMode(choice)}
        >
          <Icon />
          <span aria-hidden="true">{label}</span>
        </button>
      ))}
    </div>
  )
}
