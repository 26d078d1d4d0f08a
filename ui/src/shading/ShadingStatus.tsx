// What shading does with a blind now, as a chip on its card and in its dialog: "Shading", or
// "Paused by you until Thu 07:00"; nothing while shading leaves it alone.
import type { ShadingState } from '../api/types'
import { SunIcon } from '../shell/icons'
import { useHubTimeZone } from '../time/HubTime'
import { shadingStateText } from './shading-words'
import './shading-status.css'

export function ShadingStatus({ shading }: { shading: ShadingState | null | undefined }) {
  const timeZone = useHubTimeZone()
  const text = shadingStateText(shading, timeZone)
  if (!text) return null
  return (
    <span className={`chip shading-chip${shading?.pausedUntil ? '' : ' shading-chip-active'}`}>
      <SunIcon />
      {text}
    </span>
  )
}
