// One room on the Blinds page: its name, Up / Stop / Down for all its blinds at once (one
// blindMove with every id), and its blinds' cards. Without rooms the page has one group and no
// heading.
import { useId, type ReactNode } from 'react'
import type { Blind } from '../../api/types'
import { MoveButtons } from '../../components/MoveButtons'
import { useT } from '../../i18n/I18nProvider'
import { blindsMessages as m } from './blinds.messages'
import type { RoomGroup } from './rooms'

interface Props {
  group: RoomGroup
  /** Whether the page has rooms at all; if not, this group is every blind, unheaded. */
  headed: boolean
  blockedBy: string | null
  card: (blind: Blind) => ReactNode
}

export function RoomSection({ group, headed, blockedBy, card }: Props) {
  const t = useT()
  const titleId = useId()
  if (!headed) {
    return (
      <ul className="blind-cards" aria-label={t(m.list)}>
        {group.blinds.map(card)}
      </ul>
    )
  }
  const room = group.room
  const title = room ?? t(m.withoutRoom)
  const groupLabel = room === null ? t(m.moveAllWithoutRoom) : t(m.moveAllInRoom, { room })
  const labels = {
    Up: room === null ? t(m.upAllWithoutRoom) : t(m.upAllInRoom, { room }),
    Stop: room === null ? t(m.stopAllWithoutRoom) : t(m.stopAllInRoom, { room }),
    Down: room === null ? t(m.downAllWithoutRoom) : t(m.downAllInRoom, { room }),
  }
  const count = group.blinds.length
  return (
    <section className="section room" aria-labelledby={titleId}>
      <div className="room-header">
        <div className="room-title">
          <h2 id={titleId}>{title}</h2>
          <span className="muted">{t(m.count, { count })}</span>
        </div>
        <MoveButtons
          ids={group.blinds.map((b) => b.id)}
          groupLabel={groupLabel}
          labelFor={(action) => labels[action]}
          blockedBy={blockedBy}
          withText
        />
      </div>
      <ul className="blind-cards" aria-labelledby={titleId}>
        {group.blinds.map(card)}
      </ul>
    </section>
  )
}
