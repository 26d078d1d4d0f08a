// The `lamella` command as a new user first meets it: --help, -h and --version for it and for
// each of its commands, a usage that lists every flag, errors that name the flag typed, and an
// emulator started with npx that goes away when npx is killed.
import { spawn } from 'node:child_process'
import { connect } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { CONFIG_FLAGS, SETTING_LIST } from '../../hub/config'
import { hubVersion, projectRoot } from '../../hub/paths'
import { waitFor } from '../bus/polling'
import { runCli } from '../helpers/cli'
import { temporaryFolders } from '../helpers/temporary-folders'

const temporaryFolder = temporaryFolders('lamella-help-')
/** Generous: Node starts slowly on a loaded 2-core machine, and a killed command fails anyway. */
const LIMIT_MS = 60_000
const run = (args: string[], vars: Record<string, string> = {}) =>
  runCli(args, vars, temporaryFolder(), '', LIMIT_MS)

const COMMANDS = ['serve', 'user', 'backup', 'restore', 'emulator']

describe('lamella --help', { timeout: 2 * LIMIT_MS + 10_000 }, () => {
  it.each([['--help'], ['-h'], ['help']])(
    'prints every command with `lamella %s`, and exits 0',
    async (word) => {
      const res = await run([word])
      expect(res.code).toBe(0)
      expect(res.stderr).toBe('')
      for (const line of [
        'lamella [serve]',
        'lamella user add NAME',
        'lamella user passwd NAME',
        'lamella backup FILE',
        'lamella restore FILE',
        'lamella emulator --port PATH',
        'lamella emulator --sunspec HOST:PORT',
        'lamella --version',
      ]) {
        expect(res.stdout).toContain(line)
      }
    },
  )

  it.each(COMMANDS)(
    'prints the usage of `%s` with --help and with -h, and exits 0 without doing anything',
    async (command) => {
      for (const flag of ['--help', '-h']) {
        const res = await run([command, flag])
        expect(res, flag).toMatchObject({ code: 0, stderr: '' })
        expect(res.stdout).toMatch(/^Usage:\n/)
        expect(res.stdout).toContain(command === 'serve' ? 'lamella [serve]' : `lamella ${command}`)
        // Nothing ran: no hub listening, no emulator.
        expect(res.stdout).not.toMatch(/Server listening|SunSpec inverter on/)
      }
    },
  )

  it('lists every flag of serve with its variable in `serve --help`, --clock among them', async () => {
    const res = await run(['serve', '--help'])
    expect(res.code).toBe(0)
    expect(CONFIG_FLAGS).toContain('clock')
    for (const setting of SETTING_LIST) {
      const row = res.stdout.split('\n').find((l) => l.trim().startsWith(`--${setting.flag} `))
      expect(row, `--${setting.flag}`).toContain(setting.env)
    }
  })
})

describe('lamella --version', { timeout: 2 * LIMIT_MS + 10_000 }, () => {
  it.each([[[]], ...COMMANDS.map((c) => [[c]])])(
    'prints the version after %j and exits 0',
    async (before) => {
      const res = await run([...before, '--version'])
      expect(res).toEqual({ code: 0, stdout: `lamella ${hubVersion}\n`, stderr: '' })
    },
  )
})

describe('a bad flag', { timeout: 2 * LIMIT_MS + 10_000 }, () => {
  it('names the flag and its variable when a flag of serve has a bad value', async () => {
    const res = await run(['serve', '--clock', 'never'])
    expect(res).toEqual({
      code: 2,
      stdout: '',
      stderr: 'lamella: config: --clock (LAMELLA_CLOCK) must be one of auto, trust (got "never")\n',
    })
  })

  it('names the variable alone when the variable has the bad value', async () => {
    const res = await run(['serve'], { LAMELLA_CLOCK: 'never' })
    expect(res.stderr).toBe(
      'lamella: config: LAMELLA_CLOCK must be one of auto, trust (got "never")\n',
    )
  })

  it('names the flag of the emulator that has a bad value, in one line with exit code 2', async () => {
    const res = await run(['emulator', '--port', '/dev/null', '--baud', '1234'])
    expect(res.code).toBe(2)
    expect(res.stderr).toBe(
      'lamella: config: --baud (LAMELLA_BAUD) must be one of 1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200 (got "1234")\n',
    )
  })

  it('shows both forms of the emulator when `lamella emulator` has no arguments', async () => {
    const res = await run(['emulator'])
    expect(res.code).toBe(2)
    expect(res.stdout).toBe('')
    expect(res.stderr).toMatch(
      /^lamella: which emulator\? Give --port PATH or --sunspec HOST:PORT\n/,
    )
    expect(res.stderr).toContain('lamella emulator --port PATH')
    expect(res.stderr).toContain('lamella emulator --sunspec HOST:PORT')
  })
})

describe('npx lamella emulator', { timeout: 2 * LIMIT_MS }, () => {
  const started: number[] = []
  afterEach(() => {
    for (const pid of started.splice(0)) {
      try {
        process.kill(pid, 'SIGKILL')
      } catch {
        // already gone
      }
    }
  })

  /** Whether something accepts connections on the port. */
  const listening = (port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port })
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })

  it('gives its port back when npx is killed', async () => {
    const npx = spawn(
      'npx',
      [
        '--offline',
        'lamella',
        'emulator',
        '--sunspec',
        '127.0.0.1:0',
        '--start',
        '2026-06-21T10:00:00Z',
      ],
      {
        cwd: projectRoot,
        stdio: 'pipe',
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          // npm's own cache and settings in a folder of the test's, and no registry at all.
          HOME: temporaryFolder(),
          npm_config_update_notifier: 'false',
        },
      },
    )
    started.push(npx.pid!)
    let stderr = ''
    const port = await new Promise<number>((resolve, reject) => {
      npx.stderr.on('data', (c: Buffer) => {
        stderr += c.toString('utf8')
        const m = / on 127\.0\.0\.1:(\d+),/.exec(stderr)
        if (m) resolve(Number(m[1]))
      })
      npx.once('exit', (code) => reject(new Error(`npx exited with ${code}: ${stderr}`)))
    })
    expect(await listening(port)).toBe(true)

    npx.kill('SIGTERM')
    await waitFor(
      'the emulator to close its port',
      async () => !(await listening(port)),
      30_000,
      100,
    )
  })
})
