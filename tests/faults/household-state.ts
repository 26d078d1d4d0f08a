// What one client of the power-cut test holds in the hub, three ways: as it remembers it, as
// the hub lists it, and as a view without ids that the two must agree on after a crash.
import type { GqlResponse } from '../helpers/hub'

export interface BlindState {
  id: string
  name: string
  up: string
  down: string
  travelTimeMs: number
  favorite: boolean
}

export interface SceneState {
  name: string
  type: 'BLIND_CONTROL' | 'DELAY'
  duration: number
  blindAddresses: string[]
}

export interface AutomationState {
  id: string
  name: string
  cron: string | null
  scenes: SceneState[]
  favorite: boolean
}

/** What one client's part of the hub holds: everything it wrote and was told was written. */
export interface HouseholdState {
  blinds: Map<string, BlindState>
  automations: Map<string, AutomationState>
  user: { id: string; username: string; blindIds: Set<string> }
}

const BLIND_FIELDS = 'id name blindAddressUp blindAddressDown travelTimeMs isFavorite'
const AUTOMATION_FIELDS =
  'id name isFavorite trigger { type cron enabled } scene { name type index duration blindAddresses }'
const READ_BLINDS = `{ blindList { ${BLIND_FIELDS} } }`
const READ_AUTOMATIONS = `{ automationList { ${AUTOMATION_FIELDS} } }`
const READ_USER = 'query($id: ID!) { user(id: $id) { id username userBlindList { blind { id } } } }'

export function cloneState(s: HouseholdState): HouseholdState {
  return {
    blinds: new Map([...s.blinds].map(([id, b]) => [id, { ...b }])),
    automations: new Map(
      [...s.automations].map(([id, a]) => [
        id,
        { ...a, scenes: a.scenes.map((sc) => ({ ...sc, blindAddresses: [...sc.blindAddresses] })) },
      ]),
    ),
    user: { ...s.user, blindIds: new Set(s.user.blindIds) },
  }
}

/**
 * The state without ids, in a fixed order: what must match after a restart. A write whose
 * answer was lost made ids the client never learnt, so names stand for them.
 */
export function viewOf(s: HouseholdState): string {
  const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name)
  const blindName = (id: string) => s.blinds.get(id)?.name ?? `missing blind ${id}`
  return JSON.stringify({
    blinds: [...s.blinds.values()].map(({ id: _, ...rest }) => rest).sort(byName),
    automations: [...s.automations.values()].map(({ id: _, ...rest }) => rest).sort(byName),
    user: { username: s.user.username, blinds: [...s.user.blindIds].map(blindName).sort() },
  })
}

/** The blinds of `view` that differ from those of `expected`, and the same for automations. */
export function differences(expected: string, actual: string): string[] {
  type View = {
    blinds: { name: string }[]
    automations: { name: string }[]
    user: unknown
  }
  const e = JSON.parse(expected) as View
  const a = JSON.parse(actual) as View
  const out: string[] = []
  for (const kind of ['blinds', 'automations'] as const) {
    const got = new Map(a[kind].map((x) => [x.name, JSON.stringify(x)]))
    const want = new Map(e[kind].map((x) => [x.name, JSON.stringify(x)]))
    for (const [name, item] of want) {
      if (!got.has(name)) out.push(`lost ${kind} ${name}`)
      else if (got.get(name) !== item) out.push(`changed ${kind} ${item} -> ${got.get(name)}`)
    }
    for (const name of got.keys()) if (!want.has(name)) out.push(`unexpected ${kind} ${name}`)
  }
  if (JSON.stringify(e.user) !== JSON.stringify(a.user))
    out.push(`user ${JSON.stringify(e.user)} -> ${JSON.stringify(a.user)}`)
  return out
}

/**
 * Reads one client's part of the hub back, with ids: the blinds and automations whose names
 * start with `prefix`, and its regular user. `gql` asks with that client's token, so the
 * favourites are its own.
 */
export async function readHousehold(
  gql: <T>(query: string, variables?: Record<string, unknown>) => Promise<GqlResponse<T>>,
  prefix: string,
  userId: string,
): Promise<HouseholdState> {
  type ListedBlind = {
    id: string
    name: string
    blindAddressUp: string
    blindAddressDown: string
    travelTimeMs: number
    isFavorite: boolean
  }
  type ListedAutomation = {
    id: string
    name: string
    isFavorite: boolean
    trigger: { type: string; cron: string | null; enabled: boolean }
    scene: (SceneState & { index: number })[]
  }
  const [blinds, automations, user] = await Promise.all([
    gql<{ blindList: ListedBlind[] }>(READ_BLINDS),
    gql<{ automationList: ListedAutomation[] }>(READ_AUTOMATIONS),
    gql<{ user: { id: string; username: string; userBlindList: { blind: { id: string } }[] } }>(
      READ_USER,
      { id: userId },
    ),
  ])
  for (const res of [blinds, automations, user]) {
    if (res.status !== 200 || res.errors || !res.data)
      throw new Error(`reading back failed: ${res.status} ${JSON.stringify(res.errors)}`)
  }
  const state: HouseholdState = {
    blinds: new Map(),
    automations: new Map(),
    user: {
      id: user.data!.user.id,
      username: user.data!.user.username,
      blindIds: new Set(user.data!.user.userBlindList.map((ub) => ub.blind.id)),
    },
  }
  for (const b of blinds.data!.blindList.filter((b) => b.name.startsWith(prefix))) {
    state.blinds.set(b.id, {
      id: b.id,
      name: b.name,
      up: b.blindAddressUp,
      down: b.blindAddressDown,
      travelTimeMs: b.travelTimeMs,
      favorite: b.isFavorite,
    })
  }
  for (const a of automations.data!.automationList.filter((a) => a.name.startsWith(prefix))) {
    // Scenes as stored: in index order, and each index its place in that order.
    const scenes = a.scene.map(({ index, ...scene }, position) =>
      index === position ? scene : { ...scene, name: `${scene.name} at index ${index}` },
    )
    state.automations.set(a.id, {
      id: a.id,
      name: a.name,
      cron: a.trigger.type === 'CRON' ? a.trigger.cron : null,
      scenes,
      favorite: a.isFavorite,
    })
  }
  return state
}
