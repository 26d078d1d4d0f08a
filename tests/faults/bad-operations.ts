// Bad operations in well-formed requests: too deep, unknown to the schema, variables of the
// wrong type, an admin's writes with one invalid value, and valid operations with characters
// dropped, doubled, inserted or swapped.
import {
  gqlBody,
  mutate,
  post,
  garbageToken,
  validOperations,
  type HttpCase,
  type Victims,
} from './bad-request'
import type { Random } from '../../firmware-protocol/seeded-random'

/** Values that GraphQL's String (and ID, but for whole numbers), Int and enum types refuse. */
const NOT_A_STRING = [42, 1.5, true, { a: 1 }, ['x'], -0]
const NOT_AN_INT = ['5', 1.5, 2 ** 53, -(2 ** 40), true, { n: 1 }, [1, 2], 'NaN', 1e300]
const NOT_AN_ENUM = ['up', 'SIDEWAYS', 1, true, '', 'UP ', { UP: true }]

export function badOperations(rng: Random, v: Victims): HttpCase[] {
  const cases: HttpCase[] = []
  const ops = validOperations(v)

  // Deeper than 10, by fragments, and a fragment cycle.
  for (let depth = 11; depth <= 40; depth += 3) {
    const fragments = depth - 2
    const query = `{ whoAmI { ${'... on User { '.repeat(fragments)}username${' }'.repeat(fragments)} } }`
    cases.push(post('too deep', `depth ${depth}`, gqlBody(query), v.adminToken, { status: 400 }))
  }
  const cycle = 'query { whoAmI { ...A } } fragment A on User { ...B } fragment B on User { ...A }'
  cases.push(post('too deep', 'fragment cycle', gqlBody(cycle), v.adminToken, { status: 400 }))

  // Operations the schema does not have, or cannot pick.
  for (let i = 0; i < 6; i++) {
    const field = `zz${garbageToken(rng, 8).replace(/[-]/g, '_')}`
    for (const query of [`{ ${field} }`, `mutation { ${field}(x: 1) { id } }`]) {
      cases.push(post('unknown operation', query, gqlBody(query), v.adminToken, { status: 400 }))
    }
  }
  const unknownOperations: [string, unknown][] = [
    ['subscription { blindList { id } }', undefined],
    ['query A { whoAmI { id } } query B { hubStatus { version } }', undefined],
    ['query A { whoAmI { id } }', 'B'],
    ['query A { whoAmI { id } }', 7],
    ['{ __schema { types { name } } }', undefined],
    ['{ __type(name: "Blind") { fields { name } } }', undefined],
    ['{ whoAmI { password passwordHash } }', undefined],
  ]
  for (const [query, operationName] of unknownOperations) {
    const body = gqlBody(query, undefined, operationName)
    cases.push(post('unknown operation', query, body, v.adminToken, { status: 400 }))
  }

  // Variables of the wrong type: refused before any resolver runs, or by the resolver.
  const typed: [string, string, Record<string, unknown[]>, string][] = [
    [
      'query($id: ID!) { blind(id: $id) { id } }',
      'id',
      { id: [...NOT_A_STRING.slice(1), null] },
      v.adminToken,
    ],
    ['query($n: Int) { automationRuns(limit: $n) { id } }', 'n', { n: NOT_AN_INT }, v.adminToken],
    [
      'mutation($ids: [ID!]!, $d: Direction!) { blindMove(ids: $ids, direction: $d) { id } }',
      'd',
      { d: NOT_AN_ENUM },
      v.userToken,
    ],
    [
      'mutation($input: BlindInput!) { blindCreate(input: $input) { id } }',
      'input',
      {
        input: [
          null,
          'x',
          [],
          { name: 1, blindAddressUp: '4:1', blindAddressDown: '4:2' },
          { name: 'x', blindAddressUp: '4:1' },
          { name: 'x', blindAddressUp: '4:1', blindAddressDown: '4:2', travelTimeMs: '9' },
          { name: 'x', blindAddressUp: '4:1', blindAddressDown: '4:2', extra: true },
        ],
      },
      v.adminToken,
    ],
  ]
  for (let i = 0; i < 30; i++) {
    const [query, name, wrong, token] = rng.pick(typed)
    const value = rng.pick(wrong[name]!)
    const variables = { ids: [v.kitchenId], d: 'UP', [name]: value }
    cases.push(
      post(
        'wrong variable type',
        `${name} = ${JSON.stringify(value)}`,
        gqlBody(query, variables),
        token,
      ),
    )
  }

  // The admin's own writes, each carrying one value that no rule accepts.
  const blind = {
    name: 'Fuzz',
    blindAddressUp: '4:30',
    blindAddressDown: '4:31',
    travelTimeMs: 5000,
  }
  const scene = { name: 's', type: 'DELAY', duration: 1000, blindAddresses: [] as string[] }
  const automation = { name: 'Fuzz', trigger: { type: 'MANUAL' }, scene: [scene] }
  const invalidWrites: [string, string, Record<string, unknown>][] = [
    ['blindCreate', 'BlindInput', { ...blind, name: '' }],
    ['blindCreate', 'BlindInput', { ...blind, name: '   ' }],
    ['blindCreate', 'BlindInput', { ...blind, name: 'x'.repeat(65) }],
    ['blindCreate', 'BlindInput', { ...blind, name: 'a\u0000b' }],
    ['blindCreate', 'BlindInput', { ...blind, name: 'Kitchen' }],
    ['blindCreate', 'BlindInput', { ...blind, blindAddressUp: '0:1' }],
    ['blindCreate', 'BlindInput', { ...blind, blindAddressUp: '248:1' }],
    ['blindCreate', 'BlindInput', { ...blind, blindAddressUp: '1:256' }],
    ['blindCreate', 'BlindInput', { ...blind, blindAddressUp: "1:1'; DROP TABLE blinds; --" }],
    ['blindCreate', 'BlindInput', { ...blind, blindAddressDown: blind.blindAddressUp }],
    ['blindCreate', 'BlindInput', { ...blind, blindAddressUp: '1:0' }],
    ['blindCreate', 'BlindInput', { ...blind, travelTimeMs: 999 }],
    ['blindCreate', 'BlindInput', { ...blind, travelTimeMs: 300001 }],
    ['automationCreate', 'AutomationInput', { ...automation, name: '' }],
    ['automationCreate', 'AutomationInput', { ...automation, scene: [] }],
    ['automationCreate', 'AutomationInput', { ...automation, scene: Array(101).fill(scene) }],
    [
      'automationCreate',
      'AutomationInput',
      { ...automation, trigger: { type: 'CRON', cron: '61 * * * *' } },
    ],
    [
      'automationCreate',
      'AutomationInput',
      { ...automation, trigger: { type: 'CRON', cron: 'a b c' } },
    ],
    ['automationCreate', 'AutomationInput', { ...automation, trigger: { type: 'CRON' } }],
    [
      'automationCreate',
      'AutomationInput',
      { ...automation, trigger: { type: 'SUN', sunEvent: 'SUNSET' } },
    ],
    [
      'automationCreate',
      'AutomationInput',
      { ...automation, trigger: { type: 'MANUAL', offsetMinutes: 5 } },
    ],
    ['automationCreate', 'AutomationInput', { ...automation, scene: [{ ...scene, duration: 99 }] }],
    [
      'automationCreate',
      'AutomationInput',
      { ...automation, scene: [{ ...scene, blindAddresses: ['1:0'] }] },
    ],
    [
      'automationCreate',
      'AutomationInput',
      { ...automation, scene: [{ ...scene, type: 'BLIND_CONTROL' }] },
    ],
    [
      'automationCreate',
      'AutomationInput',
      { ...automation, scene: [{ ...scene, type: 'BLIND_CONTROL', blindAddresses: ['4:9'] }] },
    ],
    ['userCreate', 'UserInput', { username: 'ab', password: 'long-enough' }],
    ['userCreate', 'UserInput', { username: 'Über', password: 'long-enough' }],
    ['userCreate', 'UserInput', { username: 'fuzz', password: 'short' }],
    ['userCreate', 'UserInput', { username: 'fuzz', password: 'x'.repeat(257) }],
    ['userCreate', 'UserInput', { username: 'admin', password: 'long-enough' }],
    ['userCreate', 'UserInput', { username: 'fuzz', password: 'long-enough', blindIds: ['nope'] }],
  ]
  for (const [field, type, input] of invalidWrites) {
    const query = `mutation($input: ${type}!) { ${field}(input: $input) { id } }`
    const what = `${field} ${JSON.stringify(input).slice(0, 80)}`
    cases.push(post('invalid input', what, gqlBody(query, { input }), v.adminToken))
  }

  // Valid operations with characters dropped, doubled, inserted or swapped.
  for (let i = 0; i < 120; i++) {
    const { query, token } = rng.pick(ops)
    const mutated = mutate(rng, query)
    cases.push(post('mutated query', mutated.slice(0, 120), gqlBody(mutated), token))
  }

  return cases
}
