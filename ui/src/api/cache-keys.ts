// Which cached queries a push from the hub makes stale. `data:changed` names an entity; every
// query that can show that entity, or whose visibility depends on it, is revalidated, so two
// open browsers stay in step (ARCHITECTURE.md section 4).
import type { ChangedEntity } from '../../../hub/realtime/events'
import type { QueryKey } from './operations'

type Operation = QueryKey[0]

const STALE_AFTER: Record<ChangedEntity, readonly Operation[]> = {
  // Blind names show in users' assignments; a regular user's automations depend on their blinds.
  // Shading's moves of a blind come with its changes.
  blind: [
    'shadingMoves',
    'blindList',
    'blind',
    'blindUsage',
    'whoAmI',
    'userList',
    'user',
    'automationList',
    'automation',
  ],
  // Which automations use a blind changes with the automations.
  automation: ['automationList', 'automation', 'automationRuns', 'blindUsage'],
  // Roles and assignments decide what a user sees everywhere.
  user: [
    'whoAmI',
    'userList',
    'user',
    'blindList',
    'blind',
    'blindUsage',
    'automationList',
    'automation',
    'automationRuns',
  ],
  // Holiday mode: Home's card, and automations' next runs, which pause and resume with it.
  holiday: ['holiday', 'automationList', 'automation'],
  // The house's location: the blind dialog's line, whether SUN triggers may be chosen
  // (hubStatus.locationConfigured), and automations' next runs, which move with it.
  location: ['houseLocation', 'hubStatus', 'automationList', 'automation'],
}

/** A matcher for SWR's `mutate(matcher)`: the keys `entity`'s change makes stale. */
export function staleAfterChangeOf(entity: ChangedEntity): (key: unknown) => boolean {
  const operations = STALE_AFTER[entity]
  return (key) => Array.isArray(key) && operations.includes(key[0] as Operation)
}

/** The keys an automation's run changes: its list entry, its page and its history. */
export function staleAfterRunOf(automationId: string): (key: unknown) => boolean {
  return (key) =>
    Array.isArray(key) &&
    (key[0] === 'automationList' ||
      ((key[0] === 'automation' || key[0] === 'automationRuns') && key[1] === automationId))
}
