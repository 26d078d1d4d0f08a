// Throughput of `blindList` over GraphQL with 200 blinds, beside a plain Fastify JSON route that
// authenticates the same way and returns the same rows, in one run on the same hub.
// Goal (issue 2): GraphQL at least 0.6 of the plain route.
import autocannon from 'autocannon'
import { buildHub } from '../../hub/app'
import { loadConfig } from '../../hub/config'
import { openDatabase } from '../../hub/db/open'
import { fmt, seedDatabase } from './_support'

const DURATION_S = 8
/** What both routes return of each blind (a blind has more fields than these by now). */
const FIELDS = [
  'id',
  'name',
  'blindAddressUp',
  'blindAddressDown',
  'travelTimeMs',
  'isFavorite',
  'motion',
] as const
const CONNECTIONS = 10

const dbPath = seedDatabase(200, 0)
const database = openDatabase(dbPath)
const config = loadConfig({ LAMELLA_DB: dbPath, LAMELLA_LOG_LEVEL: 'silent' })
const { app, services } = await buildHub({ config, database })
await services.users.ensureFirstAdmin('bench-password', () => 'bench-password')

const sessions = (await import('../../hub/db/sessions')).SessionRepository
const sessionRepo = new sessions(database.db, Date.now)
app.get('/plain/blinds', async (request, reply) => {
  const token = request.headers['x-auth-token']
  const auth = typeof token === 'string' ? sessionRepo.authenticate(token) : null
  if (!auth) return reply.code(401).send({ error: 'not logged in' })
  const blinds = services.blinds.list(auth.user).map((b) => {
    const row: Record<string, unknown> = { ...b, ...services.positions.state(b.id) }
    return Object.fromEntries(FIELDS.map((field) => [field, row[field]]))
  })
  return { blindList: blinds }
})
await app.listen({ host: '127.0.0.1', port: 0 })
const port = (app.server.address() as { port: number }).port
const base = `http://127.0.0.1:${port}`

const login = await services.auth.login('admin', 'bench-password', '127.0.0.1')
const headers = { 'content-type': 'application/json', 'x-auth-token': login.token }
const query = JSON.stringify({
  operationName: 'BlindList',
  query: `query BlindList { blindList { ${FIELDS.join(' ')} } }`,
  variables: {},
})

// The two answers must carry the same rows, or the comparison means nothing.
const viaGraphql = (await (
  await fetch(`${base}/graphql`, { method: 'POST', headers, body: query })
).json()) as {
  data: { blindList: unknown[] }
}
const viaPlain = (await (await fetch(`${base}/plain/blinds`, { headers })).json()) as {
  blindList: unknown[]
}
if (
  JSON.stringify(viaGraphql.data.blindList) !== JSON.stringify(viaPlain.blindList) ||
  viaPlain.blindList.length !== 200
) {
  throw new Error('the GraphQL and plain routes do not return the same 200 blinds')
}

async function run(title: string, opts: autocannon.Options): Promise<autocannon.Result> {
  // Warm-up (JIT compilation of the query, V8 optimisation), then the measured run.
  await autocannon({ ...opts, duration: 2 })
  const result = await autocannon({ ...opts, duration: DURATION_S })
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${title}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  console.log(
    `${title.padEnd(28)} ${fmt(result.requests.average, 0)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
  )
  return result
}

console.log(`200 blinds, ${CONNECTIONS} connections, ${DURATION_S} s each, node ${process.version}`)
const plain = await run('plain Fastify JSON route', {
  url: `${base}/plain/blinds`,
  connections: CONNECTIONS,
  headers,
})
const gql = await run('GraphQL blindList', {
  url: `${base}/graphql`,
  method: 'POST',
  connections: CONNECTIONS,
  headers,
  body: query,
})
console.log(
  `GraphQL / plain = ${fmt(gql.requests.average / plain.requests.average, 2)} (goal >= 0.6)`,
)
await app.close()
database.close()
