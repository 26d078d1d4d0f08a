// The built `lamella serve` as a process of its own, on a database file the test keeps: after
// a kill or a stop, a new process starts on that same database, as systemd's Restart=always
// would do on a Pi.
import { spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { projectRoot } from '../../hub/paths'
import type { GqlResponse } from '../helpers/hub'

const CLI = join(projectRoot, 'build', 'hub', 'cli.js')
export const PROCESS_ADMIN_PASSWORD = 'process-admin-password'

export interface HubOnDatabaseOptions {
  serial: string
  /** The SQLite file; it outlives the process. */
  dbPath: string
  deadTimeMs?: number
}

export interface HubOnDatabase {
  url: string
  /** The first admin's token. */
  adminToken: string
  /** Every line the process printed, stdout and stderr. */
  lines: string[]
  gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string,
  ): Promise<GqlResponse<T>>
  /** Sends `signal`; resolves with the exit code (null after a kill) and how long it took. */
  signal(signal: NodeJS.Signals): Promise<{ code: number | null; ms: number }>
  /** Kills the process if it still runs; the database stays. */
  close(): Promise<void>
}

export async function startHubOnDatabase(options: HubOnDatabaseOptions): Promise<HubOnDatabase> {
  const child = spawn(process.execPath, [CLI, 'serve'], {
    cwd: dirname(options.dbPath),
    stdio: 'pipe',
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      LAMELLA_SERIAL: options.serial,
      LAMELLA_DB: options.dbPath,
      LAMELLA_PORT: '0',
      LAMELLA_HOST: '127.0.0.1',
      LAMELLA_ADMIN_PASSWORD: PROCESS_ADMIN_PASSWORD,
      LAMELLA_DEAD_TIME_MS: String(options.deadTimeMs ?? 1000),
      LAMELLA_PULSE: 'device',
      TZ: 'Europe/Berlin',
    },
  })
  const lines: string[] = []
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  )
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await exited
  }
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the hub did not listen within 15 s:\n${lines.join('\n')}`)),
      15_000,
    )
    const take = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        lines.push(line)
        const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)
        if (m) {
          clearTimeout(timer)
          resolve(m[1]!)
        }
      }
    }
    child.stdout.on('data', take)
    child.stderr.on('data', take)
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`the hub exited with ${code} before listening:\n${lines.join('\n')}`))
    })
  }).catch(async (err: unknown) => {
    await close()
    throw err
  })

  const gql: HubOnDatabase['gql'] = async (query, variables, token) => {
    const res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token && { 'x-auth-token': token }) },
      body: JSON.stringify({ query, variables }),
    })
    const body = (await res.json()) as { data?: unknown; errors?: GqlResponse['errors'] }
    return { status: res.status, data: (body.data ?? null) as never, errors: body.errors }
  }
  const login = await gql<{ login: { token: string } }>(
    'query($u: String!, $p: String!) { login(username: $u, password: $p) { token } }',
    { u: 'admin', p: PROCESS_ADMIN_PASSWORD },
  )
  if (!login.data) {
    await close()
    throw new Error(`admin login failed: ${JSON.stringify(login.errors)}`)
  }

  return {
    url,
    adminToken: login.data.login.token,
    lines,
    gql,
    async signal(signal) {
      const sent = performance.now()
      child.kill(signal)
      const code = await exited
      return { code, ms: performance.now() - sent }
    },
    close,
  }
}
