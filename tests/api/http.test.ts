// What a client gets for a request that is wrong at the HTTP level: a GraphQL-shaped error
// with a numeric extensions.code, nothing of the hub's insides, and no change to the data
// (ARCHITECTURE.md sections 3 and 7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBlind, startHub, type TestHub } from '../helpers/hub'

const CREATE_BLIND =
  'mutation { blindCreate(input: { name: "Sneaky", blindAddressUp: "4:30", blindAddressDown: "4:31" }) { id } }'

interface RawResponse {
  status: number
  contentType: string | null
  text: string
  body: { data?: unknown; errors?: { message: string; extensions?: { code?: unknown } }[] } | null
}

/** Sends exactly the given body and headers, and keeps the response as it came. */
async function send(
  t: TestHub,
  init: { method?: string; body?: string; headers?: Record<string, string>; path?: string },
): Promise<RawResponse> {
  const res = await fetch(`${t.url}${init.path ?? '/graphql'}`, {
    method: init.method ?? 'POST',
    headers: { 'x-auth-token': t.adminToken, ...init.headers },
    ...(init.body !== undefined && { body: init.body }),
  })
  const text = await res.text()
  let body: RawResponse['body']
  try {
    body = JSON.parse(text) as RawResponse['body']
  } catch {
    body = null
  }
  return { status: res.status, contentType: res.headers.get('content-type'), text, body }
}

const json = (t: TestHub, body: string, path?: string) =>
  send(t, { body, headers: { 'content-type': 'application/json' }, ...(path && { path }) })

/** One clean error: `{ data: null, errors: [...] }`, every code the HTTP status, no internals. */
function expectCleanError(res: RawResponse, status: number, message: string | RegExp) {
  expect(res.status).toBe(status)
  expect(res.contentType).toMatch(/^application\/json/)
  expect(res.body).not.toBeNull()
  expect(Object.keys(res.body ?? {}).sort()).toEqual(['data', 'errors'])
  expect(res.body?.data).toBeNull()
  expect(res.body?.errors?.length).toBeGreaterThan(0)
  for (const error of res.body?.errors ?? []) {
    expect(typeof error.message).toBe('string')
    expect(error.extensions?.code).toBe(status)
  }
  expect(res.body?.errors?.[0]?.message).toMatch(message)
  expect(res.text).not.toMatch(
    /\n\s+at |stack|\.[cm]?[jt]s\b|node_modules|\/work\/|\/tmp\/|SQLITE|SELECT |INSERT |FST_|MER_ERR/i,
  )
}

describe('bad requests to /graphql', () => {
  let t: TestHub
  let before: string

  beforeAll(async () => {
    t = await startHub()
    await createBlind(t, 'Kitchen', '1:0', '1:1')
    before = t.snapshot()
  })
  afterAll(() => {
    // Not one of the requests below changed a row.
    expect(t.snapshot()).toBe(before)
    return t.close()
  })

  it('refuses a body that is not valid JSON with 400', async () => {
    const res = await json(t, `{"query": "${CREATE_BLIND.replaceAll('"', '\\"')}"`)
    expectCleanError(res, 400, /not valid JSON/)
    expect(t.snapshot()).toBe(before)
  })

  it('refuses an empty JSON body with 400', async () => {
    expectCleanError(await json(t, ''), 400, /empty/)
  })

  it('refuses a JSON array, because batched queries are not served', async () => {
    const res = await json(
      t,
      JSON.stringify([{ query: CREATE_BLIND }, { query: '{ blindList { id } }' }]),
    )
    expectCleanError(res, 400, 'batched queries are not supported: send one operation per request')
    expect(t.snapshot()).toBe(before)
  })

  it.each([
    ['no query', {}],
    ['a null query', { query: null }],
    ['an empty query', { query: '   ' }],
    ['a number as query', { query: 42 }],
    ['an object as query', { query: { blindCreate: {} } }],
    ['an array as query', { query: [CREATE_BLIND] }],
  ])('refuses a body with %s with 400', async (_, body) => {
    expectCleanError(await json(t, JSON.stringify(body)), 400, 'query must be a non-empty string')
  })

  it.each([
    ['null', 'null'],
    ['a string', '"{ blindList { id } }"'],
    ['a number', '7'],
  ])('refuses %s as the whole body with 400', async (_, body) => {
    expectCleanError(
      await json(t, body),
      400,
      'the request body must be a JSON object with a query',
    )
  })

  it.each([
    ['an array', [1]],
    ['a string', '{"name":"x"}'],
    ['a number', 5],
  ])('refuses variables that are %s with 400', async (_, variables) => {
    const query = 'mutation($input: BlindInput!) { blindCreate(input: $input) { id } }'
    const res = await json(t, JSON.stringify({ query, variables }))
    expectCleanError(res, 400, 'variables must be a JSON object')
    expect(t.snapshot()).toBe(before)
  })

  it('refuses an operationName that is not a string with 400', async () => {
    const res = await json(t, JSON.stringify({ query: CREATE_BLIND, operationName: 3 }))
    expectCleanError(res, 400, 'operationName must be a string')
  })

  it('refuses a query with a syntax error with 400 and says where it is', async () => {
    const res = await json(
      t,
      JSON.stringify({ query: 'mutation { blindCreate(input: { name: "x" ' }),
    )
    expectCleanError(res, 400, /^Syntax Error: /)
    expect(res.body?.errors?.[0]).toHaveProperty('locations')
  })

  it('refuses a query for an unknown field with 400 and runs none of it', async () => {
    const query = CREATE_BLIND.replace('{ id }', '{ id } nope')
    const res = await json(t, JSON.stringify({ query }))
    expectCleanError(res, 400, 'Cannot query field "nope" on type "Mutation".')
    expect(t.snapshot()).toBe(before)
  })

  it('refuses a missing required variable with 400', async () => {
    const query = 'mutation($input: BlindInput!) { blindCreate(input: $input) { id } }'
    expectCleanError(
      await json(t, JSON.stringify({ query, variables: {} })),
      400,
      /"\$input" of required type "BlindInput!" was not provided/,
    )
  })

  it('answers a query ten levels deep but refuses one level deeper with 400', async () => {
    // whoAmI is level 1, each inline fragment one more, the leaf field the last.
    const nested = (fragments: number) =>
      `{ whoAmI { ${'... on User { '.repeat(fragments)}username${' }'.repeat(fragments)} } }`
    const ten = await json(t, JSON.stringify({ query: nested(8) }))
    expect(ten.status).toBe(200)
    expect(ten.body).toEqual({ data: { whoAmI: { username: 'admin' } } })

    const eleven = await json(t, JSON.stringify({ query: nested(9) }))
    expectCleanError(eleven, 400, /query depth \(11\) exceeds the query depth limit of 10/)
  })

  it('refuses a body over 1 MiB with 413 and runs none of it', async () => {
    const body = JSON.stringify({
      query: CREATE_BLIND,
      variables: { padding: 'x'.repeat(1024 * 1024) },
    })
    expectCleanError(await json(t, body), 413, 'Request body is too large')
    expect(t.snapshot()).toBe(before)
  })

  it('answers a body just under 1 MiB', async () => {
    const query = '{ whoAmI { username } }'
    const padding = 'x'.repeat(1024 * 1024 - 200)
    const res = await json(t, JSON.stringify({ query, variables: { padding } }))
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ data: { whoAmI: { username: 'admin' } } })
  })

  it('does not serve queries over GET', async () => {
    const res = await send(t, {
      method: 'GET',
      path: `/graphql?query=${encodeURIComponent('{ blindList { id name } }')}`,
    })
    expectCleanError(res, 404, /^Not found: GET \/graphql/)
    expect(res.text).not.toContain('Kitchen')
    expect(res.text).not.toContain('blindList')
  })

  it('does not run a mutation sent over GET', async () => {
    const res = await send(t, {
      method: 'GET',
      path: `/graphql?query=${encodeURIComponent(CREATE_BLIND)}`,
    })
    expectCleanError(res, 404, /^Not found/)
    expect(t.snapshot()).toBe(before)
  })

  it('answers other methods on /graphql with a clean 404', async () => {
    const res = await send(t, {
      method: 'PUT',
      body: JSON.stringify({ query: CREATE_BLIND }),
      headers: { 'content-type': 'application/json' },
    })
    expectCleanError(res, 404, /^Not found: PUT \/graphql/)
    expect(t.snapshot()).toBe(before)
  })

  it('refuses a form-encoded body with 415', async () => {
    const res = await send(t, {
      body: `query=${encodeURIComponent(CREATE_BLIND)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expectCleanError(res, 415, /Unsupported Media Type/)
    expect(t.snapshot()).toBe(before)
  })

  it('does not read a text/plain body as JSON', async () => {
    const res = await send(t, {
      body: JSON.stringify({ query: CREATE_BLIND }),
      headers: { 'content-type': 'text/plain' },
    })
    expectCleanError(res, 400, 'the request body must be a JSON object with a query')
    expect(t.snapshot()).toBe(before)
  })

  it('refuses schema introspection outside development with 400', async () => {
    const schema = await json(t, JSON.stringify({ query: '{ __schema { types { name } } }' }))
    expectCleanError(schema, 400, /introspection has been disabled/)
    expect(schema.text).not.toContain('BlindInput')
    const type = await json(
      t,
      JSON.stringify({ query: '{ __type(name: "Blind") { fields { name } } }' }),
    )
    expectCleanError(type, 400, /introspection has been disabled/)
    expect(type.text).not.toContain('travelTimeMs')
  })

  it('answers an anonymous request for a protected field with HTTP 401 and code 401', async () => {
    const res = await send(t, {
      body: JSON.stringify({ query: '{ blindList { id name } }' }),
      headers: { 'content-type': 'application/json', 'x-auth-token': '' },
    })
    expect(res.status).toBe(401)
    expect(res.body?.data).toBeNull()
    expect(res.body?.errors).toEqual([
      expect.objectContaining({
        message: 'Not logged in or session expired',
        extensions: { code: 401, reason: 'UNAUTHENTICATED' },
      }),
    ])
    expect(res.text).not.toContain('Kitchen')
  })

  it('answers a protected mutation with an unknown token with HTTP 401 and changes nothing', async () => {
    const res = await send(t, {
      body: JSON.stringify({ query: CREATE_BLIND }),
      headers: { 'content-type': 'application/json', 'x-auth-token': 'not-a-token' },
    })
    expect(res.status).toBe(401)
    expect(res.body?.errors?.map((e) => e.extensions?.code)).toEqual([401])
    expect(t.snapshot()).toBe(before)
  })
})

describe('introspection in development', () => {
  let t: TestHub
  beforeAll(async () => {
    t = await startHub({ config: { development: true } })
  })
  afterAll(() => t.close())

  it('answers schema introspection when the hub runs in development', async () => {
    const res = await json(
      t,
      JSON.stringify({ query: '{ __type(name: "Blind") { fields { name } } }' }),
    )
    expect(res.status).toBe(200)
    const fields = (res.body?.data as { __type: { fields: { name: string }[] } }).__type.fields.map(
      (f) => f.name,
    )
    expect(fields).toEqual([
      'id',
      'name',
      'blindAddressUp',
      'blindAddressDown',
      'travelTimeMs',
      'travelTimeUpMs',
      'travelTimeDownMs',
      'motorStartDelayMs',
      'tiltTimeMs',
      'room',
      'myPosition',
      'position',
      'tilt',
      'target',
      'travelTimeKnown',
      'facadeAzimuth',
      'fovLeft',
      'fovRight',
      'minElevation',
      'shadePosition',
      'shadeTilt',
      'shadingEnabled',
      'shadingMinBrightness',
      'shadingReturnPosition',
      'shadingResumeAt',
      'shading',
      'windLimit',
      'rainProtect',
      'frostProtect',
      'safetyPosition',
      'weatherLock',
      'endsAt',
      'isFavorite',
      'motion',
      'usedBy',
    ])
  })
})
