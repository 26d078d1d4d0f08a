// The shipped hub (build/hub/cli.js) with the Matter bridge on, in a network namespace of the
// test's own (tests/helpers/matter-net), and matter.js's own controller on the other end of
// that namespace's veth pair: a real Matter peer, over UDP, with nothing on the real network.
import { spawn, type ChildProcess } from 'node:child_process'
import { HUB_NODE_FLAGS } from '../bench/_support'
import { CLI, environment } from './cli'
import { graphqlClient, type GqlResponse } from './hub'
import type { MatterNet } from './matter-net'

export const MATTER_ADMIN_PASSWORD = 'matter-admin-password'
const HTTP_PORT = 18080

export interface MatterHub {
  url: string
  /** The hub's process id (`ip netns exec` runs node in its own place). */
  pid: number
  /** Milliseconds from the spawn to the first answer of /healthz. */
  httpReadyMs: number
  /** Milliseconds from the spawn to the Matter bridge running (to httpReadyMs with it off). */
  readyMs: number
  token: string
  gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<GqlResponse<T>>
  /** The hub's log so far (JSON lines). */
  log(): string
  /** SIGTERM, and waits for the process to end; resolves with its exit code. */
  stop(): Promise<number | null>
}

/** Starts `lamella serve` in the namespace with Matter on; resolves once it answers. */
export async function startMatterHub(
  net: MatterNet,
  dbPath: string,
  vars: Record<string, string> = {},
): Promise<MatterHub> {
  const spawnedAt = performance.now()
  const child: ChildProcess = spawn(
    'ip',
    // With the flags it ships with, so Matter is tested as it runs on a Pi.
    ['netns', 'exec', net.namespace, process.execPath, ...HUB_NODE_FLAGS, CLI, 'serve'],
    {
      env: environment({
        LAMELLA_DB: dbPath,
        LAMELLA_HOST: net.hubAddress,
        LAMELLA_PORT: String(HTTP_PORT),
        LAMELLA_ADMIN_PASSWORD: MATTER_ADMIN_PASSWORD,
        LAMELLA_SERIAL: 'emulator',
        LAMELLA_MATTER: '1',
        LAMELLA_MATTER_INTERFACE: net.hubInterface,
        LAMELLA_LOG_LEVEL: 'info',
        TZ: 'UTC',
        ...vars,
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout!.on('data', (c: Buffer) => (output += c.toString('utf8')))
  child.stderr!.on('data', (c: Buffer) => (output += c.toString('utf8')))
  const ended = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const url = `http://${net.hubAddress}:${HTTP_PORT}`
  const gql = graphqlClient(url)

  // Generous: a loaded machine takes long to load matter.js; a hub that fails stops first.
  const deadline = Date.now() + 120_000
  const matterOff = vars.LAMELLA_MATTER === '0'
  let httpReadyMs: number | null = null
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the hub stopped:\n${output}`)
    if (httpReadyMs === null) {
      try {
        const res = await fetch(`${url}/healthz`)
        if (res.status === 200) httpReadyMs = performance.now() - spawnedAt
      } catch {
        // Not listening yet.
      }
    }
    // The bridge starts in the background once the hub listens.
    if (httpReadyMs !== null && (matterOff || output.includes('Matter bridge started'))) break
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`the hub did not start:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 25))
  }
  const readyMs = performance.now() - spawnedAt
  const login = await gql<{ login: { token: string } }>(
    'query($u: String!, $p: String!) { login(username: $u, password: $p) { token } }',
    { u: 'admin', p: MATTER_ADMIN_PASSWORD },
  )
  if (!login.data) throw new Error(`login failed: ${JSON.stringify(login.errors)}`)
  const token = login.data.login.token
  return {
    url,
    pid: child.pid!,
    httpReadyMs: httpReadyMs!,
    readyMs,
    token,
    gql: (query, variables) => gql(query, variables, token),
    log: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM')
      return ended
    },
  }
}
