// The requests of the load test: the mix of reads, moves and writes that a household's
// browsers send, with one deliberate mistake among them.
import { ADMINS, BLINDS, USERS, type Household, type UserName } from './load-household'
import type { Random } from '../../firmware-protocol/seeded-random'
import { timedRequest, type Outcome } from './timed-request'

const MOVE =
  'mutation($ids: [ID!]!, $d: Direction!) { blindMove(ids: $ids, direction: $d) { id motion } }'
const UPDATE =
  'mutation($id: ID!, $input: BlindInput!) { blindUpdate(id: $id, input: $input) { id } }'

/**
 * One request of the mix, picked by `rng`. `changed` hears of each acknowledged write to a
 * blind, with the users whose sockets should be told of it.
 */
export function nextRequest(
  h: Household,
  rng: Random,
  changed: (blindId: string, users: UserName[]) => void,
): Promise<Outcome> {
  const user = rng.pick(USERS)
  const token = h.tokens[user]
  const ask = (kind: string, query: string, variables: Record<string, unknown> = {}) =>
    timedRequest(h.hub.url, kind, query, variables, token)
  // Requests move only their own blinds: the automations' blinds are the automations' alone.
  const movable = h.visibleTo(user).filter((id) => h.hands.includes(id))
  const kind = rng.weighted([
    [25, 'blindList'],
    [15, 'automationList'],
    [10, 'hubStatus'],
    [5, 'automationRuns'],
    [5, 'whoAmI'],
    [20, 'blindMove'],
    [8, 'favorite'],
    [7, 'blindUpdate'],
    [5, 'forbiddenMove'],
  ] as const)
  switch (kind) {
    case 'blindList':
      return ask(kind, '{ blindList { id name isFavorite motion } }')
    case 'automationList':
      return ask(
        kind,
        '{ automationList { id name nextRunAt lastRun { status } scene { index blindAddresses } } }',
      )
    case 'hubStatus':
      return ask(kind, '{ hubStatus { version uptimeSeconds bus { online } } }')
    case 'automationRuns':
      return ask(kind, '{ automationRuns(limit: 20) { id status } }')
    case 'whoAmI':
      return ask(kind, '{ whoAmI { username isAdmin } }')
    case 'blindMove':
      return ask(kind, MOVE, { ids: [rng.pick(movable)], d: rng.pick(['UP', 'DOWN', 'STOP']) })
    case 'favorite': {
      const id = rng.pick(movable)
      const op = rng.chance(0.5) ? 'setFavoriteBlind' : 'unsetFavoriteBlind'
      return ask(kind, `mutation($id: ID!) { ${op}(id: $id) }`, { id }).then((res) => {
        // A favourite is the user's own: only their sockets hear of it.
        if (res.ok) changed(id, [user])
        return res
      })
    }
    case 'blindUpdate': {
      const [name, up, down] = rng.pick(BLINDS.filter(([n]) => n.startsWith('hand')))
      const id = h.blinds[name]!
      const travelTimeMs = rng.int(1000, 5000)
      const input = { name, blindAddressUp: up, blindAddressDown: down, travelTimeMs }
      const admin = h.tokens[rng.pick(ADMINS)]
      return timedRequest(h.hub.url, kind, UPDATE, { id, input }, admin).then((res) => {
        if (res.ok) changed(id, h.audienceOf(id))
        return res
      })
    }
    case 'forbiddenMove':
      // On purpose: bob moves a blind that is not his.
      return timedRequest(
        h.hub.url,
        kind,
        MOVE,
        { ids: [h.blinds.hand4], d: 'UP' },
        h.tokens.bob,
        403,
      )
  }
}
