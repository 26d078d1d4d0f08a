// A real hub for tests: a fresh SQLite file with the real migrations, the whole app listening
// on 127.0.0.1 with port 0, and helpers that speak GraphQL to it over real HTTP.
import type { Clock } from '../../hub/clock/clock'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildHub, type Hub } from '../../hub/app'
import { loadConfig, type Config } from '../../hub/config'
import { openDatabase, type OpenDatabase } from '../../hub/db/open'

export const ADMIN_PASSWORD = 'admin-password'

export interface GqlResponse<T = Record<string, unknown>> {
  status: number
  data: T | null
  errors: { message: string; extensions: { code: number; field?: string } }[] | undefined
}

export interface TestHub {
  url: string
  hub: Hub
  database: OpenDatabase
  dbPath: string
  adminToken: string
  adminId: string
  gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string,
  ): Promise<GqlResponse<T>>
  login(username: string, password: string): Promise<string>
  /** Creates a user through the API as admin, logs them in, and returns both. */
  createUser(
    username: string,
    options?: { isAdmin?: boolean; blindIds?: string[]; password?: string },
  ): Promise<{ id: string; token: string }>
  /** Every row of every table, for asserting that a failed request changed nothing. */
  snapshot(): string
  close(): Promise<void>
}

/** GraphQL over real HTTP to the hub at `url`, as a browser sends it. */
export function graphqlClient(url: string): TestHub['gql'] {
  return async (query, variables, token) => {
    const res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token && { 'x-auth-token': token }) },
      body: JSON.stringify({ query, variables }),
    })
    const body = (await res.json()) as { data?: unknown; errors?: GqlResponse['errors'] }
    return { status: res.status, data: (body.data ?? null) as never, errors: body.errors }
  }
}

export interface StartOptions {
  config?: Partial<Config>
  /** A database file of the test's own (say, one from an older hub); by default a fresh one. */
  dbPath?: string
  /** The hub's clock: a TestClock for tests about logic (hub/clock/test-clock.ts). */
  clock?: Clock
  /** The wall clock alone, timers staying real. */
  now?: () => number
  /** How often the hub checks live sockets against the sessions table. */
  sessionCheckMs?: number
  /** The system's view of the clock; by default "cannot tell", as on this machine. */
  ntpSynchronized?: () => boolean | null
  clockCheckMs?: number
  /** How old an MQTT command may be (default 10 s). */
  mqttCommandMaxAgeMs?: number
  /** How often the PV inverter is read, when config.pv is set (default 10 s). */
  pvPollMs?: number
  /** How long a wind sensor may stay silent before its alarm (default 60 s). */
  weatherSilenceMs?: number
  /** Collects the hub's log lines (JSON, debug and up) for a test that reads its log. */
  logLines?: string[]
}

export async function startHub(options: StartOptions = {}): Promise<TestHub> {
  const dir = mkdtempSync(join(tmpdir(), 'lamella-test-'))
  const dbPath = options.dbPath ?? join(dir, 'lamella.db')
  const config: Config = {
    ...loadConfig({
      LAMELLA_DB: dbPath,
      LAMELLA_HOST: '127.0.0.1',
      LAMELLA_PORT: '0',
      TZ: 'Europe/Berlin',
    }),
    ...options.config,
  }
  const database = openDatabase(dbPath)
  const hub = await buildHub({
    config,
    database,
    ...(options.clock && { clock: options.clock }),
    ...(options.now && { now: options.now }),
    ...(options.sessionCheckMs && { sessionCheckMs: options.sessionCheckMs }),
    ntpSynchronized: options.ntpSynchronized ?? (() => null),
    ...(options.clockCheckMs && { clockCheckMs: options.clockCheckMs }),
    ...(options.mqttCommandMaxAgeMs && { mqttCommandMaxAgeMs: options.mqttCommandMaxAgeMs }),
    ...(options.pvPollMs && { pvPollMs: options.pvPollMs }),
    ...(options.weatherSilenceMs && { weatherSilenceMs: options.weatherSilenceMs }),
    ...(process.env.LAMELLA_TEST_LOG && { logger: { level: process.env.LAMELLA_TEST_LOG } }),
    ...(options.logLines && {
      logger: { level: 'debug', stream: { write: (line: string) => options.logLines!.push(line) } },
    }),
  })
  await hub.services.users.ensureFirstAdmin(ADMIN_PASSWORD, () => ADMIN_PASSWORD)
  await hub.app.listen({ host: '127.0.0.1', port: 0 })
  const address = hub.app.server.address()
  if (!address || typeof address === 'string') throw new Error('hub did not listen on a TCP port')
  const url = `http://127.0.0.1:${address.port}`

  const gql = graphqlClient(url)

  const login = async (username: string, password: string) => {
    const res = await gql<{ login: { token: string } }>(
      'query Login($u: String!, $p: String!) { login(username: $u, password: $p) { token expiresAt } }',
      { u: username, p: password },
    )
    if (!res.data) throw new Error(`login of ${username} failed: ${JSON.stringify(res.errors)}`)
    return res.data.login.token
  }

  const adminToken = await login('admin', ADMIN_PASSWORD)
  const adminId = hub.services.users.list().find((u) => u.username === 'admin')!.id

  const tables = (
    database.sqlite
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name",
      )
      .all() as { name: string }[]
  ).map((t) => t.name)

  return {
    url,
    hub,
    database,
    dbPath,
    adminToken,
    adminId,
    gql,
    login,
    async createUser(
      username,
      { isAdmin = false, blindIds = [], password = `${username}-password` } = {},
    ) {
      const res = await gql<{ userCreate: { id: string } }>(
        'mutation($input: UserInput!) { userCreate(input: $input) { id } }',
        { input: { username, password, isAdmin, blindIds } },
        adminToken,
      )
      if (!res.data) throw new Error(`userCreate ${username} failed: ${JSON.stringify(res.errors)}`)
      return { id: res.data.userCreate.id, token: await login(username, password) }
    },
    snapshot() {
      return JSON.stringify(
        tables.map((t) => [
          t,
          database.sqlite.prepare(`SELECT * FROM "${t}" ORDER BY rowid`).all(),
        ]),
      )
    },
    async close() {
      await hub.app.close()
      database.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export const BLIND_FIELDS = 'id name blindAddressUp blindAddressDown travelTimeMs isFavorite motion'

/** Creates a blind as admin and returns its id. */
export async function createBlind(
  t: TestHub,
  name: string,
  up: string,
  down: string,
  travelTimeMs?: number,
): Promise<string> {
  const res = await t.gql<{ blindCreate: { id: string } }>(
    'mutation($input: BlindInput!) { blindCreate(input: $input) { id } }',
    {
      input: {
        name,
        blindAddressUp: up,
        blindAddressDown: down,
        ...(travelTimeMs && { travelTimeMs }),
      },
    },
    t.adminToken,
  )
  if (!res.data) throw new Error(`blindCreate ${name} failed: ${JSON.stringify(res.errors)}`)
  return res.data.blindCreate.id
}
