// Where to take one blind: a 0-100 slider, the presets a household reaches for (closed, a
// quarter, half, three quarters, open, and its own "my" position when one is set) and, for a
// venetian blind, the slats. Each sends one blindSetPosition. While the blind moves, the
// slider stands at where it is going and says so ("Going to 30 % open"), so it never reads as
// a second position beside the card's.
import { blindCardMessages as m } from '../components/components.messages'
import { useT } from '../i18n/I18nProvider'
import { intlLocale } from '../i18n/intl-locale'
import { formatNumber, type Translate } from '../i18n/translate'
import type { Blind } from '../api/types'
import { useBlindCommands } from '../components/blind-commands'
import { CommitSlider } from './CommitSlider'
import { positionMessages } from './position.messages'
import { positionText, targetText } from './position-words'
import './position-controls.css'

const PRESETS = [0, 25, 50, 75, 100]

/** A preset's short text: "Closed", "25 %", "Open". */
function presetText(position: number, t: Translate): string {
  if (position === 0) return t(positionMessages.presetClosed)
  if (position === 100) return t(positionMessages.open)
  return `${formatNumber(intlLocale() ?? 'en', position)}\u00a0%`
}

interface Props {
  blind: Blind
  /** Where the slider's thumb rests: where the blind goes, or is. */
  restingAt: number | null
  /** The blind is moving: `restingAt` is its target. */
  going?: boolean
  /** While blinds cannot move: the id of the text saying why (see MoveButtons). */
  blockedBy?: string | null | undefined
  /** False for the presets alone, as on Home, where the daily taps are. */
  sliders?: boolean
}

export function PositionControls({
  blind,
  restingAt,
  going = false,
  blockedBy,
  sliders = true,
}: Props) {
  const { setPosition } = useBlindCommands()
  const t = useT()
  const { id, name, myPosition } = blind
  const blocked = {
    disabled: !!blockedBy,
    'aria-describedby': blockedBy ?? undefined,
  }
  const current = blind.motion === 'IDLE' ? blind.position : null
  return (
    <div className="position-controls">
      {sliders && (
        <CommitSlider
          label={t(m.position)}
          labelDetail={t(m.ofBlind, { name })}
          value={restingAt}
          unknownText={t(positionMessages.unknown)}
          valueText={(v) => (going ? targetText(v, t) : positionText(v, t))}
          onCommit={(position) => setPosition([id], { position })}
          disabled={blocked.disabled}
          describedBy={blocked['aria-describedby']}
        />
      )}
      <div className="position-presets" role="group" aria-label={t(m.presetsFor, { name })}>
        {PRESETS.map((position) => (
          <button
            key={position}
            type="button"
            className="preset-button"
            aria-label={t(m.presetAria, {
              name,
              position: position === 0 ? presetText(0, t) : positionText(position, t),
            })}
            data-current={current === position || undefined}
            onClick={() => void setPosition([id], { position })}
            {...blocked}
          >
            {presetText(position, t)}
          </button>
        ))}
        {myPosition !== null && (
          <button
            type="button"
            className="preset-button preset-my"
            aria-label={t(m.myPositionAria, { name, position: positionText(myPosition, t) })}
            title={t(m.myPositionTitle, { position: positionText(myPosition, t) })}
            data-current={current === myPosition || undefined}
            onClick={() => void setPosition([id], { position: myPosition })}
            {...blocked}
          >
            {t(m.myPosition)}
          </button>
        )}
      </div>
      {sliders && blind.tiltTimeMs > 0 && (
        <CommitSlider
          label={t(m.slats)}
          labelDetail={t(m.ofBlind, { name })}
          value={blind.tilt}
          unknownText={t(m.unknown)}
          // The label says "Slats"; the value says how far open, as the position's does.
          valueText={(v) => positionText(v, t)}
          onCommit={(tilt) => setPosition([id], { tilt })}
          disabled={blocked.disabled}
          describedBy={blocked['aria-describedby']}
        />
      )}
    </div>
  )
}
