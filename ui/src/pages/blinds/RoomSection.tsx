// One room on the Blinds page: its name, Up / Stop / Down for all its blinds at once (one
// blindMove with every id), and its blinds' cards. Without rooms the page has one group and no
// heading.
import { useId, type ReactNode } from 'react'
import type { Blind } from '../../api/types'
import { MoveButtons } from '../../components/MoveButtons'
import type { RoomGroup } from './rooms'

interface Props {
  group: RoomGroup
  /** Whether the page has rooms at all; if not, this group is every blind, unheaded. */
  headed: boolean
  blockedBy: string | null
  card: (blind: Blind) => ReactNode
}

export function RoomSection({ group, headed, blockedBy, card }: Props) {
  const titleId = useId()
  if (!headed) {
    return (
      <ul className="blind-cards" aria-label="Blinds">
        {group.blinds.map(card)}
      </ul>
    )
  }
  const title = group.room ?? 'Without a room'
  const inRoom = group.room === null ? 'without a room' : `in ${group.room}`
  const count = group.blinds.length
  return (
    <section className="section room" aria-labelledby={titleId}>
      <div className="room-header">
        <div className="room-title">
          <h2 id={titleId}>{title}</h2>
          <span className="muted">{count === 1 ? '1 blind' : `${count} blinds`}</span>
        </div>
        <MoveButtons
          ids={group.blinds.map((b) => b.id)}
          groupLabel={`Move all blinds ${inRoom}`}
          labelFor={(action) => `${action} all blinds ${inRoom}`}
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
