// Bad credentials: tokens that are no live session, and logins that fail until the throttle
// steps in.
import {
  garbageToken,
  gqlBody,
  post,
  SNEAKY_CREATE,
  type HttpCase,
  type Victims,
} from './bad-request'
import type { Random } from '../../firmware-protocol/seeded-random'

export function badTokens(rng: Random, v: Victims): HttpCase[] {
  const cases: HttpCase[] = []
  // Tokens that are no session: always 401, for reads and writes alike.
  const tokens: [string, string][] = [
    ['empty', ''],
    ['a space', ' '],
    ['garbage of a token’s length', garbageToken(rng, 43)],
    ['garbage of 256 characters', garbageToken(rng, 256)],
    ['garbage of 257 characters', garbageToken(rng, 257)],
    ['garbage of 8,000 characters', garbageToken(rng, 8000)],
    ['the stored hash of a live token', v.adminTokenHash],
    [
      'a live token with one character changed',
      v.adminToken.slice(0, -1) + (v.adminToken.endsWith('A') ? 'B' : 'A'),
    ],
    ['a live token cut short', v.adminToken.slice(0, 42)],
    ['a live token as a Bearer header', `Bearer ${v.adminToken}`],
    ['SQL', "' OR 1=1 --"],
    ['percent-encoded NUL', '%00'],
    ['Latin-1', 'ÿþý'.repeat(10)],
    ...Object.entries(v.deadTokens).map(([what, token]): [string, string] => [
      `a ${what} token`,
      token,
    ]),
  ]
  for (const [what, token] of tokens) {
    for (const query of ['{ whoAmI { id } }', '{ blindList { id name } }', SNEAKY_CREATE]) {
      cases.push(
        post('bad token', `${what}: ${query.slice(0, 30)}`, gqlBody(query), token, { status: 401 }),
      )
    }
  }
  return cases
}

/** Logins that fail: five are weighed (slowly, as the hub must), the rest throttled with 429. */
export function loginCases(v: Victims): HttpCase[] {
  const login = (u: unknown, p: unknown) =>
    gqlBody('query($u: String!, $p: String!) { login(username: $u, password: $p) { token } }', {
      u,
      p,
    })
  const cases: [string, string, number][] = [
    ['an empty username', login('', 'x'), 400],
    ['a username over 32 characters', login('x'.repeat(33), 'password'), 400],
    ['a password over 256 characters', login('admin', 'x'.repeat(257)), 400],
    ['a number as username', login(1, 'password'), 400],
    ['a wrong password', login('admin', 'wrong-password'), 401],
    ['an unknown user', login('nobody', 'wrong-password'), 401],
    ['SQL as username', login("admin' --", 'wrong-password'), 401],
    ['a wrong password again', login('admin', 'wrong-password'), 401],
    ['a wrong password once more', login('admin', 'wrong-password'), 401],
    ['a sixth failure', login('admin', 'wrong-password'), 429],
    ['the right password, too late', login('admin', v.adminPassword), 429],
  ]
  return cases.map(([what, body, status]) => post('login', what, body, '', { status }))
}
