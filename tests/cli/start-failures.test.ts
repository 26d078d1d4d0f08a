// `lamella serve` that cannot start, as the owner meets it on the Pi: the built command in a real
// process. Every setting that only fails when the hub uses it (a port another program holds, a
// host that does not resolve, a database path that is a folder or can never be made) stops the
// start with one line naming the variable (or the flag) and what it accepts, and exit code 2,
// after which systemd's RestartPreventExitStatus=2 stops retrying. And a start that failed
// leaves no first admin behind whose generated password nobody saw.
import { existsSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli, startCli } from '../helpers/cli'
import { temporaryFolders } from '../helpers/temporary-folders'

const temporaryFolder = temporaryFolders('lamella-start-')
const LOGIN = 'query($u: String!, $p: String!) { login(username: $u, password: $p) { token } }'

/** A port that another program (this test) listens on. */
let holder: Server
let heldPort: number
beforeAll(async () => {
  holder = createServer()
  await new Promise<void>((resolve) => holder.listen({ host: '127.0.0.1', port: 0 }, resolve))
  heldPort = (holder.address() as { port: number }).port
})
afterAll(async () => {
  await new Promise((resolve) => holder.close(resolve))
})

/**
 * A command that should refuse is killed after a minute (code null): only one that hangs gets
 * near that, however slow a loaded machine starts Node.
 */
const REFUSE_LIMIT_MS = 60_000

function serve(vars: Record<string, string>, flags: string[] = []) {
  const env = { LAMELLA_HOST: '127.0.0.1', ...vars }
  return runCli(['serve', ...flags], env, temporaryFolder(), '', REFUSE_LIMIT_MS)
}

describe('lamella serve that cannot start', { timeout: REFUSE_LIMIT_MS + 10_000 }, () => {
  it('stops on a port another program listens on with exit code 2 and one line naming LAMELLA_PORT, and creates no database', async () => {
    const dbPath = join(temporaryFolder(), 'lamella.db')
    const res = await serve({ LAMELLA_DB: dbPath, LAMELLA_PORT: String(heldPort) })
    expect(res).toEqual({
      code: 2,
      stdout: '',
      stderr: `lamella: config: LAMELLA_PORT must be a port no other program listens on (0: any free port) (got "${heldPort}": in use on 127.0.0.1)\n`,
    })
    expect(existsSync(dbPath)).toBe(false)
  })

  it('names the flag when --port gave the port that is in use', async () => {
    const dbPath = join(temporaryFolder(), 'lamella.db')
    const res = await serve({ LAMELLA_DB: dbPath, LAMELLA_PORT: '0' }, ['--port', String(heldPort)])
    expect(res.code).toBe(2)
    expect(res.stderr).toBe(
      `lamella: config: --port (LAMELLA_PORT) must be a port no other program listens on (0: any free port) (got "${heldPort}": in use on 127.0.0.1)\n`,
    )
  })

  it('stops on a host name that does not resolve with exit code 2 and one line naming LAMELLA_HOST', async () => {
    const dbPath = join(temporaryFolder(), 'lamella.db')
    const res = await serve({
      LAMELLA_DB: dbPath,
      LAMELLA_PORT: '0',
      LAMELLA_HOST: 'no-such-host.invalid',
    })
    expect(res).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'lamella: config: LAMELLA_HOST must be an IP address of this machine, or a host name that resolves to one (got "no-such-host.invalid": the name does not resolve)\n',
    })
    expect(existsSync(dbPath)).toBe(false)
  })

  it('stops on an address that is not this machine’s with exit code 2 and one line naming LAMELLA_HOST', async () => {
    // TEST-NET-1 (RFC 5737): never assigned to a machine.
    const res = await serve({
      LAMELLA_DB: join(temporaryFolder(), 'lamella.db'),
      LAMELLA_PORT: '0',
      LAMELLA_HOST: '192.0.2.1',
    })
    expect(res).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'lamella: config: LAMELLA_HOST must be an IP address of this machine, or 0.0.0.0 for all of them (got "192.0.2.1": not an address of this machine)\n',
    })
  })

  it('stops on a LAMELLA_DB that is a folder with exit code 2 and one line, and writes nothing beside it', async () => {
    const folder = temporaryFolder()
    const res = await serve({ LAMELLA_DB: folder, LAMELLA_PORT: '0' })
    expect(res).toEqual({
      code: 2,
      stdout: '',
      stderr: `lamella: config: LAMELLA_DB must be a file path, not a folder (got "${folder}": that is a folder)\n`,
    })
    expect(existsSync(`${folder}.lock`)).toBe(false)
  })

  it('stops on a LAMELLA_DB under /proc, whose folder can never be made, with exit code 2 instead of hanging', async () => {
    // A command still running after REFUSE_LIMIT_MS is killed (code null): it must end by itself.
    const res = await serve({ LAMELLA_DB: '/proc/lamella-test/lamella.db', LAMELLA_PORT: '0' })
    expect(res).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'lamella: config: LAMELLA_DB must be a file in a folder the hub can create and write (got "/proc/lamella-test/lamella.db": cannot create /proc/lamella-test, ENOENT: no such file or directory)\n',
    })
  })
  it('stops on a LAMELLA_DB in a folder where no file can be made with exit code 2 and one line', async () => {
    // /proc/self exists, but nobody, root included, creates a file in it.
    const res = await serve({ LAMELLA_DB: '/proc/self/lamella.db', LAMELLA_PORT: '0' })
    expect(res).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'lamella: config: LAMELLA_DB must be a file in a folder the hub can create and write (got "/proc/self/lamella.db": unable to open database file)\n',
    })
  })
})

/** Starts `serve`, waits until it listens, and returns its URL and every line it printed so far. */
async function startServe(dbPath: string) {
  const child = startCli(
    ['serve'],
    { LAMELLA_DB: dbPath, LAMELLA_PORT: '0', LAMELLA_HOST: '127.0.0.1' },
    temporaryFolder(),
  )
  const lines: Record<string, unknown>[] = []
  let partial = ''
  child.stdout.on('data', (c: Buffer) => {
    partial += c.toString('utf8')
    const complete = partial.split('\n')
    partial = complete.pop() ?? ''
    for (const line of complete) lines.push(JSON.parse(line) as Record<string, unknown>)
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  const url = await new Promise<string>((resolve, reject) => {
    const check = setInterval(() => {
      const listening = lines
        .map((l) => /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(String(l.msg)))
        .find(Boolean)
      if (listening) {
        clearInterval(check)
        resolve(listening[1]!)
      }
    }, 20)
    void exited.then((code) => {
      clearInterval(check)
      reject(new Error(`serve exited with ${code}: ${JSON.stringify(lines)}`))
    })
  })
  /** SIGTERM, then every line it printed. */
  const stop = async () => {
    child.kill('SIGTERM')
    await exited
    return lines
  }
  return { url, stop }
}

describe('the first admin after a start that failed', { timeout: 3 * REFUSE_LIMIT_MS }, () => {
  it('is created by the next start that listens, which prints the password once, and that password logs in', async () => {
    const dbPath = join(temporaryFolder(), 'data', 'lamella.db')

    const failed = await serve({ LAMELLA_DB: dbPath, LAMELLA_PORT: String(heldPort) })
    expect(failed.code).toBe(2)
    expect(`${failed.stdout}${failed.stderr}`).not.toContain('password')

    // The next start prints the generated password (all its lines are in once it has stopped).
    const second = await startServe(dbPath)
    const printed = (await second.stop()).filter((l) => typeof l.password === 'string')
    expect(printed).toHaveLength(1)
    const password = printed[0]!.password as string

    // And the printed password is the admin's.
    const third = await startServe(dbPath)
    try {
      const res = await fetch(`${third.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: LOGIN, variables: { u: 'admin', p: password } }),
      })
      const body = (await res.json()) as { data: { login: { token: string } } | null }
      expect(body.data?.login.token).toMatch(/\S/)
    } finally {
      await third.stop()
    }
  })
})
