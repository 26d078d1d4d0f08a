// The `lamella` command as the owner runs it on the Pi: the shipped bundle in a real process,
// on a database in a temporary folder (ARCHITECTURE.md section 2, STYLE.md 1).
import Database from 'better-sqlite3'
import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { buildHub, type Hub } from '../../hub/app'
import { loadConfig } from '../../hub/config'
import { openDatabase, type OpenDatabase } from '../../hub/db/open'
import { waitFor } from '../bus/polling'
import { runCli, startCli, type Finished } from '../helpers/cli'
import { temporaryFolders } from '../helpers/temporary-folders'

const LOGIN = 'query($u: String!, $p: String!) { login(username: $u, password: $p) { token } }'
const WHO_AM_I = '{ whoAmI { username isAdmin } }'

const temporaryFolder = temporaryFolders('lamella-cli-')
const start = startCli

/** Runs the command to its end, with `input` on stdin. */
function run(args: string[], vars: Record<string, string>, input = ''): Promise<Finished> {
  return runCli(args, vars, temporaryFolder(), input)
}

async function gql<T>(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
) {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { 'x-auth-token': token }) },
    body: JSON.stringify({ query, variables }),
  })
  return {
    status: res.status,
    body: (await res.json()) as { data: T | null; errors?: { message: string }[] },
  }
}

async function login(url: string, username: string, password: string) {
  return gql<{ login: { token: string } }>(url, LOGIN, { u: username, p: password })
}

describe('lamella user', () => {
  let dbPath: string
  let database: OpenDatabase
  let hub: Hub
  let url: string

  /** The users and sessions tables as they are in the file. */
  const accounts = () =>
    JSON.stringify([
      database.sqlite.prepare('SELECT * FROM users ORDER BY username').all(),
      database.sqlite.prepare('SELECT * FROM sessions ORDER BY token_hash').all(),
    ])

  beforeAll(async () => {
    dbPath = join(temporaryFolder(), 'lamella.db')
    // A hub on the same file, as when the owner mends an account while the hub runs.
    database = openDatabase(dbPath)
    hub = await buildHub({
      config: loadConfig({ LAMELLA_DB: dbPath, LAMELLA_HOST: '127.0.0.1', TZ: 'UTC' }),
      database,
    })
    await hub.app.listen({ host: '127.0.0.1', port: 0 })
    const address = hub.app.server.address()
    if (!address || typeof address === 'string') throw new Error('hub did not listen on a TCP port')
    url = `http://127.0.0.1:${address.port}`

    const [alice, bob] = await Promise.all([
      run(['user', 'add', 'alice', '--admin'], { LAMELLA_DB: dbPath }, 'alice-password-1\n'),
      run(['user', 'add', 'bob'], { LAMELLA_DB: dbPath }, 'bob-password-1\n'),
    ])
    expect(alice).toEqual({ code: 0, stdout: 'created admin alice\n', stderr: '' })
    expect(bob).toEqual({ code: 0, stdout: 'created user bob\n', stderr: '' })
  })
  afterAll(async () => {
    await hub.app.close()
    database.close()
  })

  it('creates an admin with `user add NAME --admin` and the password from stdin, who can then log in', async () => {
    const res = await login(url, 'alice', 'alice-password-1')
    expect(res.status).toBe(200)
    const me = await gql<{ whoAmI: { username: string; isAdmin: boolean } }>(
      url,
      WHO_AM_I,
      {},
      res.body.data?.login.token,
    )
    expect(me.body.data).toEqual({ whoAmI: { username: 'alice', isAdmin: true } })
    const row = database.sqlite
      .prepare('SELECT password_hash FROM users WHERE username = ?')
      .get('alice') as {
      password_hash: string
    }
    expect(row.password_hash).toMatch(/^scrypt\$17\$8\$1\$/)
  })

  it('creates a regular user without --admin', () => {
    expect(
      database.sqlite.prepare('SELECT is_admin FROM users WHERE username = ?').get('bob'),
    ).toEqual({ is_admin: 0 })
  })

  it('sets a password with `user passwd NAME` and ends that user’s sessions, and only theirs', async () => {
    const [alice, bob] = await Promise.all([
      login(url, 'alice', 'alice-password-1'),
      login(url, 'bob', 'bob-password-1'),
    ])
    const aliceToken = alice.body.data?.login.token
    const bobToken = bob.body.data?.login.token

    const res = await run(['user', 'passwd', 'alice'], { LAMELLA_DB: dbPath }, 'alice-password-2\n')
    expect(res).toEqual({
      code: 0,
      stdout: 'password of alice changed; their sessions have ended\n',
      stderr: '',
    })

    expect((await gql(url, WHO_AM_I, {}, aliceToken)).status).toBe(401)
    expect((await gql(url, WHO_AM_I, {}, bobToken)).status).toBe(200)
    const [old, fresh] = await Promise.all([
      login(url, 'alice', 'alice-password-1'),
      login(url, 'alice', 'alice-password-2'),
    ])
    expect(old.status).toBe(401)
    expect(fresh.status).toBe(200)
  })

  it.each([
    ['too short', 'al', 'username must be 3 to 32 characters (got 2)'],
    ['too long', 'a'.repeat(33), 'username must be 3 to 32 characters (got 33)'],
    [
      'with a space',
      'car ol',
      'username may only contain lower-case letters a-z, digits 0-9, dot, underscore and hyphen',
    ],
    [
      'with a slash',
      'car/ol',
      'username may only contain lower-case letters a-z, digits 0-9, dot, underscore and hyphen',
    ],
  ])('refuses a username that is %s, names the rule and writes nothing', async (_, name, rule) => {
    const before = accounts()
    const res = await run(['user', 'add', name], { LAMELLA_DB: dbPath }, 'carol-password-1\n')
    expect(res).toEqual({ code: 1, stdout: '', stderr: `lamella: ${rule}\n` })
    expect(accounts()).toBe(before)
  })

  it('refuses a username that is taken and writes nothing', async () => {
    const before = accounts()
    const res = await run(['user', 'add', 'bob'], { LAMELLA_DB: dbPath }, 'bob-password-9\n')
    expect(res).toEqual({ code: 1, stdout: '', stderr: 'lamella: username bob is already taken\n' })
    expect(accounts()).toBe(before)
  })

  it.each([
    ['short', 'password must be 8 to 256 characters long (got 5)'],
    ['', 'password must not be empty'],
  ])(
    'refuses the password "%s" for a new user, names the rule and writes nothing',
    async (password, rule) => {
      const before = accounts()
      const res = await run(['user', 'add', 'carol'], { LAMELLA_DB: dbPath }, `${password}\n`)
      expect(res).toEqual({ code: 1, stdout: '', stderr: `lamella: ${rule}\n` })
      expect(accounts()).toBe(before)
    },
  )

  it('refuses a short new password in `user passwd` and keeps the old one and the sessions', async () => {
    const bob = await login(url, 'bob', 'bob-password-1')
    const before = accounts()
    const res = await run(['user', 'passwd', 'bob'], { LAMELLA_DB: dbPath }, 'bob\n')
    expect(res).toEqual({
      code: 1,
      stdout: '',
      stderr: 'lamella: password must be 8 to 256 characters long (got 3)\n',
    })
    expect(accounts()).toBe(before)
    expect((await gql(url, WHO_AM_I, {}, bob.body.data?.login.token)).status).toBe(200)
  })

  it('refuses `user passwd` for a user that does not exist', async () => {
    const before = accounts()
    const res = await run(['user', 'passwd', 'nobody'], { LAMELLA_DB: dbPath }, 'nobody-password\n')
    expect(res).toEqual({ code: 1, stdout: '', stderr: 'lamella: user nobody does not exist\n' })
    expect(accounts()).toBe(before)
  })

  it.each([
    ['no name', ['user', 'add']],
    ['an unknown action', ['user', 'remove', 'bob']],
    ['an unknown flag', ['user', 'add', 'dave', '--root']],
  ])('exits with 2 and the usage for %s', async (_, args) => {
    const before = accounts()
    const res = await run(args, { LAMELLA_DB: dbPath }, 'dave-password-1\n')
    expect(res.code).toBe(2)
    expect(res.stdout).toBe('')
    expect(res.stderr).toMatch(/^lamella: .+\n\nUsage:\n/)
    expect(accounts()).toBe(before)
  })
})

describe('lamella serve with bad config', () => {
  it.concurrent.for<{ setting: string; vars: Record<string, string>; line: string }>([
    {
      setting: 'LAMELLA_PORT=abc',
      vars: { LAMELLA_PORT: 'abc' },
      line: 'LAMELLA_PORT must be an integer from 0 to 65535 (got "abc")',
    },
    {
      setting: 'LAMELLA_PORT=65536',
      vars: { LAMELLA_PORT: '65536' },
      line: 'LAMELLA_PORT must be an integer from 0 to 65535 (got "65536")',
    },
    {
      setting: 'LAMELLA_SERIAL=ttyUSB0',
      vars: { LAMELLA_SERIAL: 'ttyUSB0' },
      line: 'LAMELLA_SERIAL must be an absolute device path such as /dev/ttyUSB0, or emulator (got "ttyUSB0")',
    },
    {
      setting: 'LAMELLA_LAT without LAMELLA_LON',
      vars: { LAMELLA_LAT: '52.52' },
      line: 'LAMELLA_LON must be set together with LAMELLA_LAT, a number from -180 to 180 (got "")',
    },
    {
      setting: 'TZ=Mars/Base',
      vars: { TZ: 'Mars/Base' },
      line: 'TZ must be an IANA time zone such as Europe/Berlin (got "Mars/Base")',
    },
    {
      setting: 'LAMELLA_PULSE=x',
      vars: { LAMELLA_PULSE: 'x' },
      line: 'LAMELLA_PULSE must be one of device, hub (got "x")',
    },
    {
      setting: 'LAMELLA_BAUD=1234',
      vars: { LAMELLA_BAUD: '1234' },
      line: 'LAMELLA_BAUD must be one of 1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200 (got "1234")',
    },
    {
      setting: 'LAMELLA_MQTT_URL=http://… with a password',
      vars: { LAMELLA_MQTT_URL: 'http://hub:s3cret@broker.lan:1883' },
      line: 'LAMELLA_MQTT_URL must be an mqtt:// or mqtts:// URL with a host, such as mqtt://homeassistant.local:1883 (got "http://***@broker.lan:1883")',
    },
    {
      setting: 'LAMELLA_HUB_ID=Upstairs',
      vars: { LAMELLA_MQTT_URL: 'mqtt://127.0.0.1:1', LAMELLA_HUB_ID: 'Upstairs' },
      line: 'LAMELLA_HUB_ID must be lower-case letters, digits, - and _, 1 to 63 long (got "Upstairs")',
    },
    {
      setting: 'a 7-character LAMELLA_ADMIN_PASSWORD',
      vars: { LAMELLA_ADMIN_PASSWORD: 'hunter2' },
      line: 'LAMELLA_ADMIN_PASSWORD must be 8 to 256 characters long',
    },
  ])(
    'stops on $setting with exit code 2 and one line naming the variable and what it accepts',
    async ({ vars, line }, { expect }) => {
      const dbPath = join(temporaryFolder(), 'lamella.db')
      const res = await run(['serve'], { LAMELLA_DB: dbPath, LAMELLA_HOST: '127.0.0.1', ...vars })
      expect(res).toEqual({ code: 2, stdout: '', stderr: `lamella: config: ${line}\n` })
      expect(existsSync(dbPath)).toBe(false)
    },
  )

  it('stops an unknown flag of serve with exit code 2 and one line naming it', async () => {
    const dbPath = join(temporaryFolder(), 'lamella.db')
    const res = await run(['serve', '--colour', 'blue'], { LAMELLA_DB: dbPath })
    expect(res.code).toBe(2)
    expect(res.stdout).toBe('')
    expect(res.stderr).toMatch(/^lamella: config: .*'--colour'.*\n$/)
    expect(res.stderr.trimEnd().split('\n')).toHaveLength(1)
    expect(existsSync(dbPath)).toBe(false)
  })
})

describe('lamella serve', () => {
  interface Server {
    child: ChildProcessWithoutNullStreams
    url: string
    lines: string[]
    stderr: () => string
    exit: Promise<number | null>
  }
  const running: ChildProcessWithoutNullStreams[] = []

  /** Starts `serve` and waits for Fastify's "Server listening at" line. */
  async function serve(vars: Record<string, string>): Promise<Server> {
    const child = start(
      ['serve'],
      { LAMELLA_PORT: '0', LAMELLA_HOST: '127.0.0.1', ...vars },
      temporaryFolder(),
    )
    running.push(child)
    child.stdin.end()
    const lines: string[] = []
    let stderr = ''
    let partial = ''
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')))
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no listening line in 20 s:\n${lines.join('\n')}\n${stderr}`)),
        20_000,
      )
      child.stdout.on('data', (c: Buffer) => {
        partial += c.toString('utf8')
        const complete = partial.split('\n')
        partial = complete.pop() ?? ''
        for (const line of complete) {
          lines.push(line)
          const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)
          if (m) {
            clearTimeout(timer)
            resolve(m[1]!)
          }
        }
      })
      void exit.then((code) =>
        reject(new Error(`serve exited with ${code}:\n${lines.join('\n')}\n${stderr}`)),
      )
    })
    return { child, url, lines, stderr: () => stderr, exit }
  }

  async function stop(server: Server): Promise<number | null> {
    server.child.kill('SIGTERM')
    return server.exit
  }

  const parsed = (server: Server) =>
    server.lines.map((l) => JSON.parse(l) as Record<string, unknown>)

  afterEach(() => {
    for (const child of running.splice(0))
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  })

  let dbPath: string
  let generated: string
  beforeAll(() => {
    dbPath = join(temporaryFolder(), 'data', 'lamella.db')
  })

  it('creates the first admin with a generated password, logs it exactly once, and that password logs in', async () => {
    const server = await serve({ LAMELLA_DB: dbPath })
    // The admin is made once the hub listens: its line follows the listening line.
    await waitFor('the password line', () => parsed(server).some((l) => 'password' in l))
    const withPassword = parsed(server).filter((l) => 'password' in l)
    expect(withPassword).toHaveLength(1)
    expect(withPassword[0]).toMatchObject({
      level: 40,
      module: 'main',
      username: 'admin',
      msg: 'created the first admin with a generated password; log in and change it',
    })
    generated = withPassword[0]!.password as string
    expect(generated).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{20}$/)

    const res = await login(server.url, 'admin', generated)
    expect(res.status).toBe(200)
    const me = await gql(server.url, WHO_AM_I, {}, res.body.data?.login.token)
    expect(me.body.data).toEqual({ whoAmI: { username: 'admin', isAdmin: true } })

    expect(await stop(server)).toBe(0)
    expect(server.stderr()).toBe('')
    // Every line is JSON, and the password is in the one line only, logins included.
    expect(parsed(server).length).toBe(server.lines.length)
    expect(server.lines.filter((l) => l.includes(generated))).toHaveLength(1)
    expect(parsed(server).some((l) => l.msg === 'shutting down' && l.signal === 'SIGTERM')).toBe(
      true,
    )
  })

  it('prints no password when it starts again on the same database', async () => {
    const server = await serve({ LAMELLA_DB: dbPath, LAMELLA_ADMIN_PASSWORD: 'ignored-password' })
    expect(parsed(server).filter((l) => 'password' in l)).toEqual([])
    expect(server.lines.filter((l) => l.includes('first admin'))).toEqual([])
    // The admin made on the first start keeps their password.
    const [kept, ignored] = await Promise.all([
      login(server.url, 'admin', generated),
      login(server.url, 'admin', 'ignored-password'),
    ])
    expect(kept.status).toBe(200)
    expect(ignored.status).toBe(401)
    expect(await stop(server)).toBe(0)
    expect(server.lines.join('\n')).not.toContain(generated)
  })

  it('gives the first admin the password in LAMELLA_ADMIN_PASSWORD and never logs it', async () => {
    const server = await serve({
      LAMELLA_DB: join(temporaryFolder(), 'lamella.db'),
      LAMELLA_ADMIN_PASSWORD: 'chosen-admin-password',
    })
    await waitFor('the first admin line', () => parsed(server).some((l) => l.username === 'admin'))
    expect(parsed(server)).toContainEqual(
      expect.objectContaining({
        username: 'admin',
        msg: 'created the first admin with LAMELLA_ADMIN_PASSWORD',
      }),
    )
    expect((await login(server.url, 'admin', 'chosen-admin-password')).status).toBe(200)
    // A login wrongly sent over GET carries the password in the URL: refused, and not logged.
    const query = '{ login(username: "admin", password: "chosen-admin-password") { token } }'
    const viaGet = await fetch(`${server.url}/graphql?query=${encodeURIComponent(query)}`)
    expect(viaGet.status).toBe(404)
    expect(await stop(server)).toBe(0)
    expect(
      server.lines.some((l) => l.includes('"url":"/graphql"') && l.includes('"method":"GET"')),
    ).toBe(true)
    expect(server.lines.join('\n')).not.toContain('chosen-admin-password')
    expect(server.lines.join('\n')).not.toContain(encodeURIComponent('chosen-admin-password'))
    expect(parsed(server).filter((l) => 'password' in l)).toEqual([])
  })
})

describe('lamella user on a new database', () => {
  it('creates the file and its folder with every migration applied', async () => {
    const dbPath = join(temporaryFolder(), 'not', 'yet', 'lamella.db')
    const res = await run(
      ['user', 'add', 'erin', '--admin'],
      { LAMELLA_DB: dbPath },
      'erin-password-1\n',
    )
    expect(res.code).toBe(0)
    const sqlite = new Database(dbPath, { readonly: true })
    try {
      const tables = (
        sqlite
          .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
          .all() as { name: string }[]
      ).map((r) => r.name)
      expect(tables).toEqual(expect.arrayContaining(['users', 'sessions', 'blinds', 'automations']))
      expect(sqlite.prepare('SELECT username, is_admin FROM users').all()).toEqual([
        { username: 'erin', is_admin: 1 },
      ])
    } finally {
      sqlite.close()
    }
  })
})
