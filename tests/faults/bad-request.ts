// The shape of the fuzz test's bad requests, what they are aimed at, and the ways of making
// them: valid operations to spoil, character-level mutations, token-shaped garbage.
//
// Everything that could succeed is harmless by construction: reads go as the admin, writes go
// as a user with no blinds (so a write that survives the fuzzing is refused with 403), and the
// admin's own writes carry a value that is invalid whatever else happens to it.
import type { Random } from '../../firmware-protocol/seeded-random'

export interface HttpCase {
  /** What kind of bad request it is, for the report. */
  kind: string
  what: string
  method: string
  path: string
  headers: Record<string, string>
  body?: string
  /** The one status it must get, where there is only one right answer. */
  status?: number
}

export interface Victims {
  adminToken: string
  adminPassword: string
  /** A user without blinds: every write of theirs here is refused. */
  userToken: string
  kitchenId: string
  automationId: string
  /** The admin's user id: a user the user without blinds may not change. */
  adminId: string
  /** Tokens that were sessions once: logged out, expired, of a deleted user. */
  deadTokens: Record<string, string>
  /** What the database stores for the admin's token: never a token itself. */
  adminTokenHash: string
}

export const JSON_HEADERS = { 'content-type': 'application/json' }
/** A write that must never happen: it is sent as the user without blinds, or invalid. */
export const SNEAKY_CREATE =
  'mutation { blindCreate(input: { name: "Fuzz", blindAddressUp: "4:30", blindAddressDown: "4:31" }) { id } }'
export const BODY_LIMIT = 1024 * 1024

export const post = (
  kind: string,
  what: string,
  body: string,
  token: string,
  extra: Partial<HttpCase> = {},
): HttpCase => ({
  kind,
  what,
  method: 'POST',
  path: '/graphql',
  headers: { ...JSON_HEADERS, 'x-auth-token': token },
  body,
  ...extra,
})

export const gqlBody = (query: unknown, variables?: unknown, operationName?: unknown) =>
  JSON.stringify({ query, variables, operationName })

/** Valid operations: reads as the admin, writes as the user without blinds. */
export function validOperations(v: Victims): { query: string; token: string }[] {
  const reads = [
    '{ whoAmI { id username isAdmin userBlindList { isMyFavorite blind { id name } } } }',
    '{ blindList { id name blindAddressUp blindAddressDown travelTimeMs isFavorite motion } }',
    `{ blind(id: "${v.kitchenId}") { id name motion } }`,
    '{ automationList { id name isFavorite trigger { type cron enabled } scene { index type duration blindAddresses } nextRunAt lastRun { status } } }',
    `{ automation(id: "${v.automationId}") { id name scene { name } } }`,
    `{ user(id: "${v.adminId}") { id username isAdmin } }`,
    '{ userList { id username } }',
    `{ automationRuns(automationId: "${v.automationId}", limit: 5) { id status } }`,
    '{ hubStatus { version uptimeSeconds now timeZone clockSynchronized bus { online path error } } }',
    'query Named { whoAmI { username } hubStatus { version } }',
  ].map((query) => ({ query, token: v.adminToken }))
  const writes = [
    SNEAKY_CREATE,
    `mutation { blindUpdate(id: "${v.kitchenId}", input: { name: "Fuzz", blindAddressUp: "1:0", blindAddressDown: "1:1" }) { id } }`,
    `mutation { blindDelete(ids: ["${v.kitchenId}"]) }`,
    `mutation { blindMove(ids: ["${v.kitchenId}"], direction: UP) { id } }`,
    `mutation { setFavoriteBlind(id: "${v.kitchenId}") }`,
    `mutation { automationDelete(ids: ["${v.automationId}"]) }`,
    `mutation { automationRun(id: "${v.automationId}") { id } }`,
    `mutation { setFavoriteAutomation(id: "${v.automationId}") }`,
    'mutation { automationCreate(input: { name: "Fuzz", trigger: { type: MANUAL }, scene: [{ name: "a", type: BLIND_CONTROL, duration: 1000, blindAddresses: ["1:0"] }] }) { id } }',
    'mutation { userCreate(input: { username: "fuzz", password: "fuzz-password" }) { id } }',
    `mutation { userDelete(ids: ["${v.adminId}"]) }`,
    `mutation { userUpdate(id: "${v.adminId}", input: { isAdmin: false }) { id } }`,
  ].map((query) => ({ query, token: v.userToken }))
  return [...reads, ...writes]
}

const ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('')
const ODD_CHARACTERS = [
  '\u0000',
  '\u0007',
  '\n',
  '\t',
  '\u00a0',
  '\u202e',
  '\ud83d\ude00',
  '\ufffd',
]

function randomCharacter(rng: Random): string {
  return rng.chance(0.85) ? ASCII[rng.int(0, ASCII.length - 1)]! : rng.pick(ODD_CHARACTERS)
}

/** Drops, doubles, inserts or swaps one to three characters. */
export function mutate(rng: Random, text: string): string {
  let s = text
  for (let n = rng.int(1, 3); n > 0; n--) {
    const i = rng.int(0, Math.max(0, s.length - 1))
    const how = rng.pick(['drop', 'double', 'insert', 'swap'] as const)
    if (how === 'drop') s = s.slice(0, i) + s.slice(i + 1)
    else if (how === 'double') s = s.slice(0, i) + s.slice(i, i + 1) + s.slice(i)
    else if (how === 'insert') s = s.slice(0, i) + randomCharacter(rng) + s.slice(i)
    else s = s.slice(0, i) + s.slice(i + 1, i + 2) + s.slice(i, i + 1) + s.slice(i + 2)
  }
  return s
}

/** A token-shaped string: url-safe base64 of `length` characters. */
export function garbageToken(rng: Random, length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
  return Array.from({ length }, () => alphabet[rng.int(0, 63)]).join('')
}
