// Light, dark or system: three buttons, the chosen one pressed. Every instance shares the one
// choice of theme/color-mode.tsx.
import { useT } from '../i18n/I18nProvider'
import type { Message } from '../i18n/messages'
import { shellMessages as m } from './shell.messages'
import type { ComponentType } from 'react'
import { useColorMode, type ColorMode } from '../theme/color-mode'
import { MoonIcon, SunIcon, SystemIcon } from './icons'

const MODE_CHOICES: { mode: ColorMode; label: Message; long: Message; Icon: ComponentType }[] = [
  { mode: 'light', label: m.light, long: m.lightMode, Icon: SunIcon },
  { mode: 'dark', label: m.dark, long: m.darkMode, Icon: MoonIcon },
  { mode: 'system', label: m.system, long: m.systemMode, Icon: SystemIcon },
]

export function ColorModeSwitch() {
  const [mode, setMode] = useColorMode()
  const t = useT()
  return (
    <div className="segmented color-mode-switch" role="group" aria-label={t(m.colourMode)}>
      {MODE_CHOICES.map(({ mode: choice, label, long, Icon }) => (
        <button
          key={choice}
          type="button"
          className="segmented-option"
          aria-pressed={mode === choice}
          aria-label={t(long)}
          onClick={() => setMode(choice)}
        >
          <Icon />
          <span aria-hidden="true">{t(label)}</span>
        </button>
      ))}
    </div>
  )
}
