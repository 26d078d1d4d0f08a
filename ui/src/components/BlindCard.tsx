// One blind as a card, the same on Home and on the Blinds page: its name as a heading, its
// picture and position in words, live while it travels (from the `blind:motion` pushes, no
// polling) with where it is going, a weather lock ("Locked: wind alarm"; the buttons stay, and
// the hub's refusal of a move away from safety shows as a toast), what sun-aware shading does
// with it ("Shading", "Paused by you until Thu 07:00"), the favourite star, Up / Stop / Down,
// and where to take it (PositionControls). Pages add details and actions through `meta` and `children`.
import { useT } from '../i18n/I18nProvider'
import type { Message } from '../i18n/messages'
import { blindCardMessages as m } from './components.messages'
import type { ReactNode } from 'react'
import type { Blind, Motion } from '../api/types'
import { useBlindMotion, type BlindMotion } from '../position/blind-motion'
import { BlindPicture } from '../position/BlindPicture'
import { PositionControls } from '../position/PositionControls'
import { ShadingStatus, useShadingText } from '../shading/ShadingStatus'
import { headingText, positionText, tiltText, timeLeftText } from '../position/position-words'
import { StarIcon } from '../shell/icons'
import { WeatherLockChip } from '../weather/WeatherLockChip'
import { useFavoriteToggle } from './blind-commands'
import { MoveButtons } from './MoveButtons'
import './blind-card.css'

const MOTION_LABEL: Record<Exclude<Motion, 'IDLE'>, Message> = {
  MOVING_UP: m.movingUp,
  MOVING_DOWN: m.movingDown,
}

const BLIND_ACTION = { Up: m.upBlind, Stop: m.stopBlind, Down: m.downBlind } as const

/** "Moving down", "to 25 % open · 12 s left"; "Reversing…" in the dead time before a reversal. */
export function MotionLine({ live }: { live: BlindMotion }) {
  const t = useT()
  if (live.reversing) {
    return (
      <p className="blind-motion">
        <span className="chip chip-moving">{t(m.reversing)}</span>
      </p>
    )
  }
  if (live.motion === 'IDLE') return null
  const details = [
    live.target !== null && headingText(live.target, t),
    live.msLeft !== null && timeLeftText(live.msLeft, t),
  ].filter(Boolean)
  return (
    <p className="blind-motion">
      <span className="chip chip-moving">{t(MOTION_LABEL[live.motion])}</span>
      {details.length > 0 && <span className="muted">{details.join(' · ')}</span>}
    </p>
  )
}

interface Props {
  blind: Blind
  /** The level of the card's heading (its name), one below the heading it stands under. */
  headingLevel?: 2 | 3
  /** Extra details under the state, such as that its travel times are only guessed. */
  meta?: ReactNode
  /** Extra actions after the move buttons, such as edit and delete. */
  children?: ReactNode
  /** While blinds cannot move (the bus is offline): the id of the text saying why. */
  moveBlockedBy?: string | null
  /** False on Home: the presets without the sliders keep the card short. */
  sliders?: boolean
}

export function BlindCard({
  blind,
  headingLevel = 3,
  meta,
  children,
  moveBlockedBy,
  sliders = true,
}: Props) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const t = useT()
  const toggleFavorite = useFavoriteToggle(blind)
  const live = useBlindMotion(blind)
  const shadingText = useShadingText(blind.shading).text
  const { name } = blind
  const venetian = blind.tiltTimeMs > 0
  const restingAt =
    live.target ??
    (live.motion === 'MOVING_UP' ? 100 : live.motion === 'MOVING_DOWN' ? 0 : blind.position)
  return (
    <li className="blind-card">
      <div className="blind-card-head">
        <BlindPicture
          position={live.position}
          tilt={live.tilt}
          venetian={venetian}
          moving={live.motion !== 'IDLE'}
        />
        <div className="blind-card-title">
          <Heading className="list-title blind-card-name">{name}</Heading>
          <p className="blind-state">
            {positionText(live.position === null ? null : Math.round(live.position), t)}
            {venetian && live.position !== null && (
              <>
                {' '}
                <span className="muted blind-slats">· {tiltText(live.tilt, t)}</span>
              </>
            )}
          </p>
          <MotionLine live={live} />
          {blind.weatherLock && (
            <p className="blind-weather">
              <WeatherLockChip lock={blind.weatherLock} />
            </p>
          )}
          {shadingText && (
            <p className="blind-shading">
              <ShadingStatus shading={blind.shading} />
            </p>
          )}
          {meta && <div className="list-meta">{meta}</div>}
        </div>
        <button
          type="button"
          className="icon-button favorite"
          aria-pressed={blind.isFavorite}
          aria-label={t(m.favourite, { name })}
          title={blind.isFavorite ? t(m.removeFavourite) : t(m.addFavourite)}
          onClick={() => void toggleFavorite()}
        >
          <StarIcon filled={blind.isFavorite} />
        </button>
      </div>
      <div className="blind-card-actions">
        <MoveButtons
          ids={[blind.id]}
          groupLabel={t(m.moveGroup, { name })}
          labelFor={(action) => t(BLIND_ACTION[action], { name })}
          motion={live.motion}
          blockedBy={moveBlockedBy}
        />
        {children}
      </div>
      <PositionControls
        blind={blind}
        restingAt={restingAt}
        going={live.motion !== 'IDLE'}
        blockedBy={moveBlockedBy}
        sliders={sliders}
      />
    </li>
  )
}
