// Bad requests at the HTTP level: broken JSON, other content types, bodies of the wrong shape,
// batches, huge strings and nesting under the 1 MiB limit, bodies over it, and methods and
// paths that are not POST /graphql.
import {
  BODY_LIMIT,
  gqlBody,
  JSON_HEADERS,
  mutate,
  post,
  SNEAKY_CREATE,
  validOperations,
  type HttpCase,
  type Victims,
} from './bad-request'
import type { Random } from '../../firmware-protocol/seeded-random'

export function badBodies(rng: Random, v: Victims): HttpCase[] {
  const cases: HttpCase[] = []
  const ops = validOperations(v)
  const anyRead = () => rng.pick(ops.filter((o) => o.token === v.adminToken))

  // Broken JSON, from truncation to stray characters.
  for (let i = 0; i < 40; i++) {
    const base = gqlBody(anyRead().query)
    const broken = rng.weighted([
      [3, () => base.slice(0, rng.int(0, base.length - 1))],
      [3, () => mutate(rng, base)],
      [1, () => base.replaceAll('"', "'")],
      [1, () => `${base}${rng.pick(['}', ']', ',', 'x', '{}', '\u0000'])}`],
      [1, () => `\ufeff${base}`],
      [1, () => base.replace('{', '{/* comment */')],
      [1, () => '{"query": "{ whoAmI { username } }", "query": 1}'],
      [1, () => '{"__proto__": {"query": "{ whoAmI { username } }"}}'],
      [1, () => '{"constructor": {"prototype": {"query": 1}}, "query": "{ whoAmI { id } }"}'],
    ] as const)()
    cases.push(post('malformed JSON', broken.slice(0, 120), broken, v.adminToken))
  }

  // Content types other than plain application/json, some of them JSON all the same.
  const contentTypes = [
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/graphql',
    'application/xml',
    'application/octet-stream',
    'text/html',
    'text/plain',
    'text/plain; charset=utf-8',
    'application/json; charset=utf-16',
    'application/JSON',
    'application/jsonx',
    'image/png',
    '*/*',
    'application/json, text/plain',
  ]
  for (const contentType of contentTypes) {
    const c = post('content type', contentType, gqlBody(anyRead().query), v.adminToken)
    c.headers['content-type'] = contentType
    cases.push(c)
  }
  const noType = post('content type', 'none at all', gqlBody('{ whoAmI { id } }'), v.adminToken)
  delete noType.headers['content-type']
  cases.push(noType)

  // Bodies that are JSON, but not an object with a query.
  for (const body of ['null', 'true', 'false', '0', '-1.5', '1e999', '"{ whoAmI { id } }"', '""']) {
    cases.push(post('not an object', body, body, v.adminToken, { status: 400 }))
  }
  for (const query of [42, true, null, { whoAmI: 'id' }, ['{ whoAmI { id } }'], '', ' \n\t ']) {
    const body = JSON.stringify({ query })
    cases.push(post('query not a string', body, body, v.adminToken, { status: 400 }))
  }
  for (const variables of [[1], 'x', 5, true]) {
    const body = gqlBody('{ whoAmI { id } }', variables)
    cases.push(post('variables not an object', body, body, v.adminToken, { status: 400 }))
  }

  // Batches, which the hub does not serve.
  for (let n = 0; n < 8; n++) {
    const batch = Array.from({ length: n }, () => ({ query: rng.pick(ops).query }))
    const body = JSON.stringify(batch)
    cases.push(post('batched', `${n} operations`, body, v.adminToken, { status: 400 }))
  }

  // Huge strings, under the body limit.
  const huge = (n: number) => 'x'.repeat(n)
  const hugeBodies: [string, string][] = [
    ['a 900 KB query', gqlBody(huge(900_000))],
    ['a 900 KB field name', gqlBody(`{ ${huge(900_000)} }`)],
    ['a 900 KB string argument', gqlBody(`{ blind(id: "${huge(900_000)}") { id } }`)],
    [
      'a 900 KB id variable',
      gqlBody('query($id: ID!) { blind(id: $id) { id } }', { id: huge(900_000) }),
    ],
    ['a 900 KB operation name', gqlBody('query A { whoAmI { id } }', undefined, huge(900_000))],
    [
      '50,000 aliases',
      gqlBody(`{ ${Array.from({ length: 50_000 }, (_, i) => `a${i}: __typename`).join(' ')} }`),
    ],
    [
      'JSON nested 100,000 deep',
      `{"query": "{ whoAmI { id } }", "variables": {"x": ${'['.repeat(100_000)}${']'.repeat(100_000)}}}`,
    ],
    [
      'a list of 100,000 ids',
      gqlBody('mutation($ids: [ID!]!) { automationDelete(ids: $ids) }', {
        ids: Array(100_000).fill(v.kitchenId),
      }),
    ],
    [
      'a 900 KB blind name',
      gqlBody('mutation($input: BlindInput!) { blindCreate(input: $input) { id } }', {
        input: { name: huge(900_000), blindAddressUp: '4:30', blindAddressDown: '4:31' },
      }),
    ],
  ]
  for (const [what, body] of hugeBodies) cases.push(post('huge', what, body, v.adminToken))

  // Over the 1 MiB limit: refused before anything is read.
  const oversized: [string, string, string][] = [
    [
      'padded variables',
      'application/json',
      gqlBody('{ whoAmI { id } }', { pad: huge(BODY_LIMIT) }),
    ],
    ['a query over 1 MiB', 'application/json', gqlBody(huge(BODY_LIMIT + 1))],
    ['a write over 1 MiB', 'application/json', gqlBody(SNEAKY_CREATE, { pad: huge(BODY_LIMIT) })],
    ['text/plain over 1 MiB', 'text/plain', huge(BODY_LIMIT + 10)],
    ['2 MiB of JSON', 'application/json', `[${'0,'.repeat(BODY_LIMIT)}0]`],
  ]
  for (const [what, contentType, body] of oversized) {
    const c = post('oversized', what, body, v.adminToken, { status: 413 })
    c.headers['content-type'] = contentType
    cases.push(c)
  }

  // Methods and paths that are not the API.
  for (const method of ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
    const query = method === 'GET' ? `?query=${encodeURIComponent('{ whoAmI { id } }')}` : ''
    cases.push({
      kind: 'method',
      what: `${method} /graphql`,
      method,
      path: `/graphql${query}`,
      headers: { 'x-auth-token': v.adminToken, ...(method !== 'GET' && JSON_HEADERS) },
      ...(method !== 'GET' && { body: gqlBody('{ whoAmI { id } }') }),
    })
  }
  for (const path of ['/graphql/', '/graphql/x', '/GRAPHQL', '/graphiql', '/api/graphql']) {
    cases.push(post('path', `POST ${path}`, gqlBody('{ whoAmI { id } }'), v.adminToken, { path }))
  }

  return cases
}
