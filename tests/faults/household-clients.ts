// The admins of the crash tests: each keeps changing a household of its own through the API
// (household-writer.ts), remembers what the hub acknowledged, and after a restart holds what
// the hub lists against that, allowing for the one write whose answer the crash cut off.
import type { HubProcess } from '../bus/hub-process'
import { differences, readHousehold, viewOf } from './household-state'
import { HouseholdWriter, type Write } from './household-writer'
import { seededRandom, type Random } from '../../firmware-protocol/seeded-random'

const USER_CREATE = 'mutation($input: UserInput!) { userCreate(input: $input) { id username } }'
const LOGIN = 'query($u: String!, $p: String!) { login(username: $u, password: $p) { token } }'
const WHO_AM_I = '{ whoAmI { username } }'

export interface Client {
  writer: HouseholdWriter
  rng: Random
  username: string
  token: string
  /** The write whose answer the kill cut off, if any: it may or may not have happened. */
  pending: Write | null
}

/** What the writing came to, over every crash. */
export interface Tally {
  acknowledged: number
  /** Writes in flight at a crash, and how many of them the restarted hub had carried out. */
  inFlight: number
  inFlightApplied: number
  sessionsChecked: number
  /** Acknowledged writes the restarted hub did not have. */
  losses: string[]
  /** Rows that neither an acknowledged write nor a lost answer accounts for. */
  unexplained: string[]
  /** Answers that were not a success while the hub ran. */
  failures: string[]
}

export const emptyTally = (): Tally => ({
  acknowledged: 0,
  inFlight: 0,
  inFlightApplied: 0,
  sessionsChecked: 0,
  losses: [],
  unexplained: [],
  failures: [],
})

/**
 * One admin per seed, each with a regular user of its own; its blinds take relay pairs from
 * `firstPair` on (those below belong to someone else).
 */
export async function setUpClients(
  hub: HubProcess,
  seeds: number[],
  firstPair = 0,
): Promise<Client[]> {
  return Promise.all(
    seeds.map(async (seed, k) => {
      const username = `writer${k}`
      const password = `writer-${k}-password`
      const asAdmin = (input: Record<string, unknown>) =>
        hub.gql<{ userCreate: { id: string; username: string } }>(
          USER_CREATE,
          { input },
          hub.adminToken,
        )
      const writer = await asAdmin({ username, password, isAdmin: true })
      const household = await asAdmin({ username: `u${k}-start`, password })
      const login = await hub.gql<{ login: { token: string } }>(LOGIN, { u: username, p: password })
      if (!writer.data || !household.data || !login.data)
        throw new Error(
          `setting up client ${k} failed: ${JSON.stringify([writer, household, login])}`,
        )
      const { id, username: householdName } = household.data.userCreate
      return {
        writer: new HouseholdWriter(k, seeds.length, id, householdName, firstPair),
        rng: seededRandom(seed),
        username,
        token: login.data.login.token,
        pending: null,
      }
    }),
  )
}

/**
 * Writes one change after another until `stopped()` or until the crash cuts a request off,
 * after `between()` each time when given (at once otherwise).
 */
export async function writeUntil(
  c: Client,
  live: HubProcess,
  stopped: () => boolean,
  tally: Tally,
  between?: () => Promise<void>,
): Promise<void> {
  while (!stopped()) {
    await between?.()
    const write = c.writer.nextWrite(c.rng)
    c.pending = write
    let res
    try {
      res = await live.gql(write.query, write.variables, c.token)
    } catch {
      return // the crash cut this request off: it stays pending
    }
    if (res.status !== 200 || res.errors || !res.data) {
      tally.failures.push(`${write.what}: ${res.status} ${JSON.stringify(res.errors)}`)
      return
    }
    c.writer.state = write.apply(c.writer.state, res.data)
    c.pending = null
    tally.acknowledged++
  }
}

/** Every session given still works on the restarted hub, as the user it belongs to. */
export async function checkSessions(
  hub: HubProcess,
  sessions: [username: string, token: string][],
  where: string,
  tally: Tally,
): Promise<void> {
  for (const [username, token] of sessions) {
    const me = await hub.gql<{ whoAmI: { username: string } }>(WHO_AM_I, {}, token)
    tally.sessionsChecked++
    if (me.data?.whoAmI.username !== username)
      tally.losses.push(`${where}: the session of ${username} is gone (${me.status})`)
  }
}

/**
 * Each client's household on the restarted hub against what it was told; then each goes on
 * from what the hub holds, with the ids of writes whose answer was lost.
 */
export async function checkHouseholds(
  hub: HubProcess,
  clients: Client[],
  where: string,
  tally: Tally,
): Promise<void> {
  for (const c of clients) {
    const found = await readHousehold(
      (q, v) => hub.gql(q, v, c.token),
      c.writer.prefix,
      c.writer.state.user.id,
    )
    const actual = viewOf(found)
    const acked = viewOf(c.writer.state)
    const withPending = c.pending && viewOf(c.pending.apply(c.writer.state, null))
    if (c.pending) tally.inFlight++
    if (actual !== acked && actual === withPending) tally.inFlightApplied++
    if (actual !== acked && actual !== withPending) {
      // Whichever account of the lost answer explains more, the rest is what went wrong.
      const accounts = [differences(acked, actual)]
      if (withPending) accounts.push(differences(withPending, actual))
      const best = accounts.sort((a, b) => a.length - b.length)[0]!
      for (const d of best) {
        const line = `${where}, client ${c.writer.index}: ${d}`
        ;(d.startsWith('unexpected') ? tally.unexplained : tally.losses).push(line)
      }
    }
    c.writer.state = found
    c.pending = null
  }
}
