// Where to take one blind: a 0-100 slider, the presets a household reaches for (closed, a
// quarter, half, three quarters, open, and its own "my" position when one is set) and, for a
// venetian blind, the slats. Each sends one blindSetPosition. While the blind moves, the
// slider stands at where it is going and says so ("Going to 30 % open"), so it never reads as
// a second position beside the card's.
import type { Blind } from '../api/types'
import { useBlindCommands } from '../components/blind-commands'
import { CommitSlider } from './CommitSlider'
import { positionText, targetText } from './position-words'
import './position-controls.css'

const PRESETS: { position: number; text: string }[] = [
  { position: 0, text: 'Closed' },
  { position: 25, text: '25\u00a0%' },
  { position: 50, text: '50\u00a0%' },
  { position: 75, text: '75\u00a0%' },
  { position: 100, text: 'Open' },
]

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
          label="Position"
          labelDetail={`of ${name}`}
          value={restingAt}
          unknownText="Position unknown"
          valueText={going ? targetText : positionText}
          onCommit={(position) => setPosition([id], { position })}
          disabled={blocked.disabled}
          describedBy={blocked['aria-describedby']}
        />
      )}
      <div className="position-presets" role="group" aria-label={`Presets for ${name}`}>
        {PRESETS.map(({ position, text }) => (
          <button
            key={position}
            type="button"
            className="preset-button"
            aria-label={`${name}: ${positionText(position)}`}
            data-current={current === position || undefined}
            onClick={() => void setPosition([id], { position })}
            {...blocked}
          >
            {text}
          </button>
        ))}
        {myPosition !== null && (
          <button
            type="button"
            className="preset-button preset-my"
            aria-label={`${name}: my position, ${positionText(myPosition)}`}
            title={`My position: ${positionText(myPosition)}`}
            data-current={current === myPosition || undefined}
            onClick={() => void setPosition([id], { position: myPosition })}
            {...blocked}
          >
            My
          </button>
        )}
      </div>
      {sliders && blind.tiltTimeMs > 0 && (
        <CommitSlider
          label="Slats"
          labelDetail={`of ${name}`}
          value={blind.tilt}
          unknownText="Unknown"
          // The label says "Slats"; the value says how far open, as the position's does.
          valueText={positionText}
          onCommit={(tilt) => setPosition([id], { tilt })}
          disabled={blocked.disabled}
          describedBy={blocked['aria-describedby']}
        />
      )}
    </div>
  )
}
