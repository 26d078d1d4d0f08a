// The hub as the owner runs it: the built `lamella serve` in a process of its own, on a fresh
// database, with its bus on a wire of the test's. Signals and crashes are then real.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { projectRoot } from '../../hub/paths'
import type { RelayBoardEmulatorOptions } from '../../firmware-protocol/emulator'
import { graphqlClient, type GqlResponse } from '../helpers/hub'
import { startBoard, startWire, type Board, type Wire } from '../helpers/pty'

const CLI = join(projectRoot, 'build', 'hub', 'cli.js')
export const PROCESS_ADMIN_PASSWORD = 'process-admin-password'

export interface HubProcess {
  url: string
  /** The hub's process id, e.g. to read its memory from /proc. */
  pid: number
  /** The first admin's token. */
  adminToken: string
  /** Every line the process printed, stdout and stderr. */
  lines: string[]
  gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string,
  ): Promise<GqlResponse<T>>
  /** Whether the process is still running. */
  readonly running: boolean
  /** Sends `signal`; resolves with the exit code (null after a kill) and how long it took. */
  signal(signal: NodeJS.Signals): Promise<{ code: number | null; ms: number }>
  /** Kills the process if it still runs; removes its database unless the test gave one. */
  close(): Promise<void>
}

export interface HubProcessOptions {
  serial: string
  deadTimeMs?: number
  pulse?: 'device' | 'hub'
  /**
   * A database file the test keeps, so a new process can start on it after a kill, as
   * systemd's Restart=always would; without it, a fresh one removed on close.
   */
  dbPath?: string
  /** Flags for node before the script, e.g. the ones the hub ships with. */
  nodeArgs?: string[]
  /** More environment for the hub, e.g. LAMELLA_CLOCK. */
  env?: Record<string, string>
}

export async function startHubProcess(options: HubProcessOptions): Promise<HubProcess> {
  const ownDir = options.dbPath ? null : mkdtempSync(join(tmpdir(), 'lamella-process-'))
  const dbPath = options.dbPath ?? join(ownDir!, 'lamella.db')
  const removeOwnDir = () => ownDir && rmSync(ownDir, { recursive: true, force: true })
  const args = [...(options.nodeArgs ?? []), CLI, 'serve']
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, args, {
    cwd: dirname(dbPath),
    stdio: 'pipe',
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      LAMELLA_SERIAL: options.serial,
      LAMELLA_DB: dbPath,
      LAMELLA_PORT: '0',
      LAMELLA_HOST: '127.0.0.1',
      LAMELLA_ADMIN_PASSWORD: PROCESS_ADMIN_PASSWORD,
      LAMELLA_DEAD_TIME_MS: String(options.deadTimeMs ?? 1000),
      LAMELLA_PULSE: options.pulse ?? 'device',
      TZ: 'Europe/Berlin',
      ...options.env,
    },
  })
  const lines: string[] = []
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  )
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
    child.kill('SIGKILL')
    await exited
    removeOwnDir()
    throw err
  })

  const gql: HubProcess['gql'] = graphqlClient(url)
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await exited
    removeOwnDir()
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
    pid: child.pid!,
    adminToken: login.data.login.token,
    lines,
    gql,
    get running() {
      return child.exitCode === null && child.signalCode === null
    },
    async signal(signal) {
      const sent = performance.now()
      child.kill(signal)
      const code = await exited
      return { code, ms: performance.now() - sent }
    },
    close,
  }
}

/** A hub process on a pseudo-terminal wire, with the emulated board in the test's process. */
export interface ProcessRig {
  wire: Wire
  board: Board
  hub: HubProcess
}

export async function startProcessRig(
  hubOptions: Omit<HubProcessOptions, 'serial'>,
  boardOptions: RelayBoardEmulatorOptions = {},
): Promise<ProcessRig> {
  const wire = await startWire()
  let board: Board | undefined
  try {
    board = await startBoard(wire, boardOptions)
    const hub = await startHubProcess({ serial: wire.hubPath, ...hubOptions })
    return { wire, board, hub }
  } catch (err) {
    await board?.close()
    await wire.close()
    throw err
  }
}

/** The hub first (its relays go off while the board still listens), then board and wire. */
export async function closeProcessRig(rig: ProcessRig | undefined): Promise<void> {
  await rig?.hub.close()
  await rig?.board.close()
  await rig?.wire.close()
}

/** Creates a blind through the hub's API as its admin; 1 s of travel unless given. */
export async function createBlindIn(
  hub: HubProcess,
  name: string,
  up: string,
  down: string,
  travelTimeMs = 1000,
): Promise<string> {
  const res = await hub.gql<{ blindCreate: { id: string } }>(
    'mutation($input: BlindInput!) { blindCreate(input: $input) { id } }',
    { input: { name, blindAddressUp: up, blindAddressDown: down, travelTimeMs } },
    hub.adminToken,
  )
  if (!res.data) throw new Error(`blindCreate ${name} failed: ${JSON.stringify(res.errors)}`)
  return res.data.blindCreate.id
}
