// Blinds by room, as a household thinks of them: rooms in name order, each room's blinds in
// name order, and the blinds without a room in a last group. Room names that differ only in
// case are one room, spelt as its first blind spells it.
import type { Blind } from '../../api/types'
import { byName } from './blind-order'

export interface RoomGroup {
  /** Null for the blinds without a room. */
  room: string | null
  blinds: Blind[]
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })

export function groupByRoom(blinds: readonly Blind[]): RoomGroup[] {
  const rooms = new Map<string, RoomGroup>()
  const without: Blind[] = []
  for (const blind of [...blinds].sort(byName)) {
    const room = blind.room?.trim()
    if (!room) {
      without.push(blind)
      continue
    }
    const key = room.toLocaleLowerCase()
    const group = rooms.get(key) ?? { room, blinds: [] }
    group.blinds.push(blind)
    rooms.set(key, group)
  }
  const groups = [...rooms.values()].sort((a, b) => collator.compare(a.room!, b.room!))
  return without.length > 0 ? [...groups, { room: null, blinds: without }] : groups
}

/** The rooms already named, for the blind dialog's suggestions. */
export function roomNames(blinds: readonly Blind[]): string[] {
  return groupByRoom(blinds).flatMap((g) => (g.room === null ? [] : [g.room]))
}
