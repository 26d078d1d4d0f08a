// Up, Stop and Down as one group, for a blind, a room or the whole house. One press is one
// blindMove with every id, so a room's blinds start together.
import { useT } from '../i18n/I18nProvider'
import { blindCardMessages as m } from './components.messages'
import type { ComponentType } from 'react'
import type { Direction, Motion } from '../api/types'
import { DownIcon, StopIcon, UpIcon } from '../shell/icons'
import { useBlindCommands } from './blind-commands'

export type Action = 'Up' | 'Stop' | 'Down'

const WORD = { Up: m.up, Stop: m.stop, Down: m.down } as const

const BUTTONS: { action: Action; direction: Direction; icon: ComponentType }[] = [
  { action: 'Up', direction: 'UP', icon: UpIcon },
  { action: 'Stop', direction: 'STOP', icon: StopIcon },
  { action: 'Down', direction: 'DOWN', icon: DownIcon },
]

interface Props {
  ids: string[]
  /** The group's name for screen readers, such as "Move Kitchen". */
  groupLabel: string
  /** Each button's name, such as "Up Kitchen" or "Down all blinds in Kitchen". */
  labelFor: (action: Action) => string
  /** The way the blind travels now, marked on its button. */
  motion?: Motion
  /**
   * While blinds cannot move (the bus is offline): the id of the text saying why. The buttons
   * are then disabled and described by it, as a press could only fail.
   */
  blockedBy?: string | null
  /** Shows the words beside the icons (room and house buttons, where there is room). */
  withText?: boolean
}

export function MoveButtons({ ids, groupLabel, labelFor, motion, blockedBy, withText }: Props) {
  const { move } = useBlindCommands()
  const t = useT()
  return (
    <div className="move-buttons" role="group" aria-label={groupLabel}>
      {BUTTONS.map(({ action, direction, icon: Icon }) => (
        <button
          key={action}
          type="button"
          className="icon-button"
          aria-label={labelFor(action)}
          title={blockedBy ? t(m.notWhileOffline, { action: t(WORD[action]) }) : t(WORD[action])}
          disabled={!!blockedBy}
          aria-describedby={blockedBy ?? undefined}
          data-active={
            (direction === 'UP' && motion === 'MOVING_UP') ||
            (direction === 'DOWN' && motion === 'MOVING_DOWN') ||
            undefined
          }
          onClick={() => void move(ids, direction)}
        >
          <Icon />
          {withText && <span className="move-text">{t(WORD[action])}</span>}
        </button>
      ))}
    </div>
  )
}
