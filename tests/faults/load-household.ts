// The household of the load test: blinds on every emulated unit, four users (two admins and two
// with blinds of their own), their 50 sockets, and three automations that fire every 5 seconds.
import type { HubProcess } from '../bus/hub-process'
import { listen, type Listener } from '../bus/socket-listener'
import { timedRequest } from './timed-request'

/** Sockets per user: 50 in all. */
export const SOCKETS = { admin: 15, ann: 10, bob: 13, cat: 12 }
export type UserName = keyof typeof SOCKETS
export const USERS = Object.keys(SOCKETS) as UserName[]
export const ADMINS: UserName[] = ['admin', 'ann']
export const EVERY_FIVE_SECONDS = '*/5 * * * * *'

/** Name, up and down: the automations' blinds on units 1-2, the requests' on units 3-4. */
export const BLINDS: [string, string, string][] = [
  ['auto0', '1:0', '1:1'],
  ['auto1', '1:2', '1:3'],
  ['auto2', '2:0', '2:1'],
  ['hand0', '3:0', '3:1'],
  ['hand1', '3:2', '3:3'],
  ['hand2', '3:4', '3:5'],
  ['hand3', '4:0', '4:1'],
  ['hand4', '4:2', '4:3'],
]
const ASSIGNED: Record<'bob' | 'cat', string[]> = {
  bob: ['auto0', 'hand0', 'hand1'],
  cat: ['auto1', 'hand2', 'hand3'],
}

export interface Household {
  hub: HubProcess
  tokens: Record<UserName, string>
  /** Blind ids by name: `auto0-2` driven by the automations, `hand0-4` moved by requests. */
  blinds: Record<string, string>
  /** The ids of the blinds that requests move and change. */
  hands: string[]
  automations: { id: string; createdAfter: number; audience: UserName[] }[]
  sockets: { user: UserName; listener: Listener }[]
  /** The blind ids a user may see. */
  visibleTo(user: UserName): string[]
  /** The users who may see a blind. */
  audienceOf(blindId: string): UserName[]
  /** A request that must succeed, for setting things up. */
  must<T>(query: string, variables: Record<string, unknown>, token: string): Promise<T>
}

export async function setUpHousehold(hub: HubProcess): Promise<Household> {
  const must: Household['must'] = async (query, variables, token) => {
    const res = await timedRequest(hub.url, 'setup', query, variables, token)
    if (!res.ok) throw new Error(`setup request failed: ${res.detail}\n${query}`)
    return res.data as never
  }

  const blinds: Record<string, string> = {}
  for (const [name, up, down] of BLINDS) {
    const data = await must<{ blindCreate: { id: string } }>(
      'mutation($input: BlindInput!) { blindCreate(input: $input) { id } }',
      { input: { name, blindAddressUp: up, blindAddressDown: down, travelTimeMs: 1000 } },
      hub.adminToken,
    )
    blinds[name] = data.blindCreate.id
  }
  const assigned = {
    bob: ASSIGNED.bob.map((n) => blinds[n]!),
    cat: ASSIGNED.cat.map((n) => blinds[n]!),
  }
  const visibleTo = (user: UserName) =>
    user === 'bob' || user === 'cat' ? assigned[user] : Object.values(blinds)
  const audienceOf = (blindId: string) => USERS.filter((u) => visibleTo(u).includes(blindId))

  const tokens = { admin: hub.adminToken } as Record<UserName, string>
  const users: [UserName, boolean, string[]][] = [
    ['ann', true, []],
    ['bob', false, assigned.bob],
    ['cat', false, assigned.cat],
  ]
  await Promise.all(
    users.map(async ([username, isAdmin, blindIds]) => {
      const password = `${username}-password`
      await must(
        'mutation($input: UserInput!) { userCreate(input: $input) { id } }',
        { input: { username, password, isAdmin, blindIds } },
        hub.adminToken,
      )
      const login = await must<{ login: { token: string } }>(
        'query($u: String!, $p: String!) { login(username: $u, password: $p) { token } }',
        { u: username, p: password },
        '',
      )
      tokens[username] = login.login.token
    }),
  )

  const sockets = await Promise.all(
    USERS.flatMap((user) =>
      Array.from({ length: SOCKETS[user] }, async () => ({
        user,
        listener: await listen(hub.url, tokens[user]),
      })),
    ),
  )

  // Created once every socket listens, so each socket can hear every run. Up, a pause, down:
  // about 2 s with the dead time, well inside each 5 s slot.
  const automations: Household['automations'] = []
  for (const [i, [blindName, up, down]] of BLINDS.slice(0, 3).entries()) {
    const createdAfter = Date.now()
    const data = await must<{ automationCreate: { id: string } }>(
      'mutation($input: AutomationInput!) { automationCreate(input: $input) { id } }',
      {
        input: {
          name: `Every five seconds ${i}`,
          trigger: { type: 'CRON', cron: EVERY_FIVE_SECONDS },
          scene: [
            { name: 'up', type: 'BLIND_CONTROL', duration: 800, blindAddresses: [up] },
            { name: 'pause', type: 'DELAY', duration: 400 },
            { name: 'down', type: 'BLIND_CONTROL', duration: 800, blindAddresses: [down] },
          ],
        },
      },
      hub.adminToken,
    )
    const audience = audienceOf(blinds[blindName]!)
    automations.push({ id: data.automationCreate.id, createdAfter, audience })
  }

  const hands = BLINDS.filter(([n]) => n.startsWith('hand')).map(([n]) => blinds[n]!)
  return { hub, tokens, blinds, hands, automations, sockets, visibleTo, audienceOf, must }
}

/** Stops the automations firing; a run under way goes on to its end. */
export async function stopAutomations(household: Household): Promise<void> {
  for (const a of household.automations) {
    await household.must(
      'mutation($id: ID!, $input: AutomationInput!) { automationUpdate(id: $id, input: $input) { id } }',
      {
        id: a.id,
        input: {
          name: `Stopped ${a.id}`,
          trigger: { type: 'CRON', cron: EVERY_FIVE_SECONDS, enabled: false },
          scene: [{ name: 'pause', type: 'DELAY', duration: 100 }],
        },
      },
      household.hub.adminToken,
    )
  }
}
