// One client of the power-cut test: an admin who keeps changing a household of their own
// (blinds, automations, favourites, one regular user), and who remembers exactly what the hub
// acknowledged. Clients own disjoint names and relay addresses, so each can check its own part
// of the hub after a crash without knowing what the others did.
import {
  cloneState,
  type AutomationState,
  type BlindState,
  type HouseholdState,
  type SceneState,
} from './household-state'
import type { Random } from '../../firmware-protocol/seeded-random'

/** One request, and what it does to the state if the hub carries it out. */
export interface Write {
  what: string
  query: string
  variables: Record<string, unknown>
  /** The state after the write; `data` is null when the answer was lost (ids unknown). */
  apply(state: HouseholdState, data: Record<string, unknown> | null): HouseholdState
}

/** The emulator's relays: units 1-4 with 32 coils each, as 64 up/down pairs. */
const PAIRS = 64
const MAX_AUTOMATIONS = 8
const MAX_SCENES = 6
const PENDING_ID = 'not-acknowledged'
const WEEKLY = '0 3 * * 1'

/** A pair's relay addresses: unit 1-4, coils 2n and 2n+1. */
function pairAddresses(pair: number): [string, string] {
  const unit = 1 + Math.floor(pair / 16)
  const coil = (pair % 16) * 2
  return [`${unit}:${coil}`, `${unit}:${coil + 1}`]
}

export class HouseholdWriter {
  state: HouseholdState
  private serial = 0

  constructor(
    /** 0-based; names start with `c<index>-`, and relay pairs are dealt round-robin. */
    readonly index: number,
    private readonly clients: number,
    userId: string,
    username: string,
    /** The first relay pair this household may use: those below belong to someone else. */
    private readonly firstPair = 0,
  ) {
    this.state = {
      blinds: new Map(),
      automations: new Map(),
      user: { id: userId, username, blindIds: new Set() },
    }
  }

  get prefix(): string {
    return `c${this.index}-`
  }

  /** The next write, picked by `rng` among those that make sense in the current state. */
  nextWrite(rng: Random): Write {
    const s = this.state
    const blinds = [...s.blinds.values()]
    const automations = [...s.automations.values()]
    const used = new Set(automations.flatMap((a) => a.scenes.flatMap((sc) => sc.blindAddresses)))
    const deletable = blinds.filter((b) => !used.has(b.up) && !used.has(b.down))
    const freePairs = this.freePairs()
    const full = freePairs.length === 0
    const choices: [number, () => Write][] = []
    if (!full) choices.push([20, () => this.blindCreate(rng, rng.pick(freePairs))])
    if (blinds.length) choices.push([10, () => this.blindUpdate(rng, rng.pick(blinds))])
    if (deletable.length) choices.push([full ? 30 : 6, () => this.blindDelete(rng.pick(deletable))])
    if (automations.length < MAX_AUTOMATIONS) choices.push([15, () => this.automationCreate(rng)])
    if (automations.length) {
      choices.push([12, () => this.automationUpdate(rng, rng.pick(automations))])
      const many = automations.length >= MAX_AUTOMATIONS
      choices.push([many ? 20 : 5, () => this.automationDelete(rng.pick(automations))])
      choices.push([6, () => this.automationFavorite(rng.pick(automations))])
    }
    if (blinds.length) choices.push([10, () => this.blindFavorite(rng.pick(blinds))])
    choices.push([10, () => this.userUpdate(rng)])
    return rng.weighted(choices)()
  }

  private freePairs(): number[] {
    const taken = new Set([...this.state.blinds.values()].map((b) => b.up))
    const mine: number[] = []
    for (let p = this.firstPair + this.index; p < PAIRS; p += this.clients) {
      if (!taken.has(pairAddresses(p)[0])) mine.push(p)
    }
    return mine
  }

  private name(kind: string): string {
    return `${this.prefix}${kind}${this.serial++}`
  }

  private blindCreate(rng: Random, pair: number): Write {
    const [up, down] = pairAddresses(pair)
    const name = this.name('blind')
    const travelTimeMs = rng.int(1000, 300000)
    return {
      what: `blindCreate ${name}`,
      query: `mutation($input: BlindInput!) { blindCreate(input: $input) { id } }`,
      variables: { input: { name, blindAddressUp: up, blindAddressDown: down, travelTimeMs } },
      apply: (state, data) => {
        const next = cloneState(state)
        const id = data ? (data.blindCreate as { id: string }).id : PENDING_ID
        next.blinds.set(id, { id, name, up, down, travelTimeMs, favorite: false })
        return next
      },
    }
  }

  private blindUpdate(rng: Random, blind: BlindState): Write {
    const travelTimeMs = rng.int(1000, 300000)
    const name = rng.chance(0.3) ? this.name('blind') : blind.name
    return {
      what: `blindUpdate ${blind.name}`,
      query: `mutation($id: ID!, $input: BlindInput!) { blindUpdate(id: $id, input: $input) { id } }`,
      variables: {
        id: blind.id,
        input: { name, blindAddressUp: blind.up, blindAddressDown: blind.down, travelTimeMs },
      },
      apply: (state) => {
        const next = cloneState(state)
        Object.assign(next.blinds.get(blind.id)!, { name, travelTimeMs })
        return next
      },
    }
  }

  private blindDelete(blind: BlindState): Write {
    return {
      what: `blindDelete ${blind.name}`,
      query: 'mutation($ids: [ID!]!) { blindDelete(ids: $ids) }',
      variables: { ids: [blind.id] },
      apply: (state) => {
        const next = cloneState(state)
        next.blinds.delete(blind.id)
        next.user.blindIds.delete(blind.id)
        return next
      },
    }
  }

  private scenes(rng: Random): SceneState[] {
    const blinds = [...this.state.blinds.values()]
    return Array.from({ length: rng.int(1, MAX_SCENES) }, (_, i) => {
      if (blinds.length > 0 && rng.chance(0.6)) {
        const picked = rng.subset(blinds).slice(0, 3)
        const targets = picked.length > 0 ? picked : [rng.pick(blinds)]
        return {
          name: `step ${i}`,
          type: 'BLIND_CONTROL' as const,
          duration: rng.int(100, 300000),
          blindAddresses: targets.map((b) => (rng.chance(0.5) ? b.up : b.down)),
        }
      }
      const duration = rng.int(100, 86400000)
      return { name: `wait ${i}`, type: 'DELAY' as const, duration, blindAddresses: [] }
    })
  }

  private automationInput(rng: Random, name: string) {
    const cron = rng.chance(0.5) ? WEEKLY : null
    const scenes = this.scenes(rng)
    const input = {
      name,
      trigger: cron ? { type: 'CRON', cron } : { type: 'MANUAL' },
      scene: scenes,
    }
    return { input, cron, scenes }
  }

  private automationCreate(rng: Random): Write {
    const name = this.name('automation')
    const { input, cron, scenes } = this.automationInput(rng, name)
    return {
      what: `automationCreate ${name}`,
      query: `mutation($input: AutomationInput!) { automationCreate(input: $input) { id scene { id } } }`,
      variables: { input },
      apply: (state, data) => {
        const next = cloneState(state)
        const id = data ? (data.automationCreate as { id: string }).id : PENDING_ID
        next.automations.set(id, { id, name, cron, scenes, favorite: false })
        return next
      },
    }
  }

  private automationUpdate(rng: Random, automation: AutomationState): Write {
    const name = rng.chance(0.3) ? this.name('automation') : automation.name
    const { input, cron, scenes } = this.automationInput(rng, name)
    return {
      what: `automationUpdate ${automation.name}`,
      query:
        'mutation($id: ID!, $input: AutomationInput!) { automationUpdate(id: $id, input: $input) { id } }',
      variables: { id: automation.id, input },
      apply: (state) => {
        const next = cloneState(state)
        Object.assign(next.automations.get(automation.id)!, { name, cron, scenes })
        return next
      },
    }
  }

  private automationDelete(automation: AutomationState): Write {
    return {
      what: `automationDelete ${automation.name}`,
      query: 'mutation($ids: [ID!]!) { automationDelete(ids: $ids) }',
      variables: { ids: [automation.id] },
      apply: (state) => {
        const next = cloneState(state)
        next.automations.delete(automation.id)
        return next
      },
    }
  }

  private automationFavorite(automation: AutomationState): Write {
    const op = automation.favorite ? 'unsetFavoriteAutomation' : 'setFavoriteAutomation'
    return {
      what: `${op} ${automation.name}`,
      query: `mutation($id: ID!) { ${op}(id: $id) }`,
      variables: { id: automation.id },
      apply: (state) => {
        const next = cloneState(state)
        next.automations.get(automation.id)!.favorite = !automation.favorite
        return next
      },
    }
  }

  private blindFavorite(blind: BlindState): Write {
    const op = blind.favorite ? 'unsetFavoriteBlind' : 'setFavoriteBlind'
    return {
      what: `${op} ${blind.name}`,
      query: `mutation($id: ID!) { ${op}(id: $id) }`,
      variables: { id: blind.id },
      apply: (state) => {
        const next = cloneState(state)
        next.blinds.get(blind.id)!.favorite = !blind.favorite
        return next
      },
    }
  }

  private userUpdate(rng: Random): Write {
    const { id, username: before } = this.state.user
    const username = rng.chance(0.4) ? `u${this.index}-${this.serial++}` : before
    const blindIds = rng.subset([...this.state.blinds.keys()])
    return {
      what: `userUpdate ${before}`,
      query:
        'mutation($id: ID!, $input: UserUpdateInput!) { userUpdate(id: $id, input: $input) { id } }',
      variables: { id, input: { username, blindIds } },
      apply: (state) => {
        const next = cloneState(state)
        next.user = { id, username, blindIds: new Set(blindIds) }
        return next
      },
    }
  }
}
