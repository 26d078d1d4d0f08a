// What shading does with a blind now, as a chip on its card and in its dialog: "Shading", or
// "Paused by you until Thu 07:00"; nothing while shading leaves it alone. A pause goes from the
// chip when it ends, even before the hub's next answer (a pause ends without a move or a push).
import type { ShadingState } from '../api/types'
import { useI18n } from '../i18n/I18nProvider'
import { SunIcon } from '../shell/icons'
import { useHubTimeZone } from '../time/HubTime'
import { useNow } from '../time/use-now'
import { pausedUntil, shadingStateText } from './shading-words'
import './shading-status.css'

/** The chip's words, and whether they tell of a pause, as of now (drawn again every minute). */
export function useShadingText(shading: ShadingState | null | undefined) {
  const timeZone = useHubTimeZone()
  const { t, locale } = useI18n()
  useNow(60_000)
  const now = Date.now()
  return {
    text: shadingStateText(shading, timeZone, now, t, locale ?? 'en-GB'),
    paused: pausedUntil(shading, now) !== null,
  }
}

export function ShadingStatus({ shading }: { shading: ShadingState | null | undefined }) {
  const { text, paused } = useShadingText(shading)
  if (!text) return null
  return (
    <span className={`chip shading-chip${paused ? '' : ' shading-chip-active'}`}>
      <SunIcon />
      <span className="shading-chip-text">{text}</span>
    </span>
  )
}
