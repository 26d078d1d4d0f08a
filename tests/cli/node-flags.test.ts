// The hub's node flags come from one place, package.json's lamella.nodeFlags (issue 31): the
// hub that `npm start` starts and the one `lamella serve` starts both run with them.
import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectRoot } from '../../hub/paths'
import { waitFor } from '../bus/polling'
import { environment } from '../helpers/cli'
import { temporaryFolders } from '../helpers/temporary-folders'

const temporaryFolder = temporaryFolders('lamella-flags-')
const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
  lamella: { nodeFlags: string[] }
  scripts: { start: string }
}
const FLAGS = pkg.lamella.nodeFlags

/** A process's command line, as the kernel has it. */
const commandLine = (pid: number) =>
  readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)

/** The processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid
      } catch {
        return false // gone meanwhile
      }
    })
    .map(Number)
}

/** Starts `command` (argv) as the hub on a free port; resolves once it listens. */
async function serving(command: string[]): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(command[0]!, command.slice(1), {
    cwd: projectRoot,
    env: environment({
      LAMELLA_DB: join(temporaryFolder(), 'lamella.db'),
      LAMELLA_HOST: '127.0.0.1',
      LAMELLA_PORT: '0',
      LAMELLA_ADMIN_PASSWORD: 'flags-password',
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (c: Buffer) => (output += c.toString('utf8')))
  child.stderr!.on('data', (c: Buffer) => (output += c.toString('utf8')))
  await waitFor(
    'the hub listening',
    () => output.includes('listening at http://127.0.0.1:'),
    20_000,
  )
  return { child, output: () => output }
}

async function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  )
  child.kill('SIGTERM')
  return exited
}

describe("the hub's node flags", () => {
  it('are a list of plain flags, as scripts/node-flags.mjs prints them for a shell', async () => {
    expect(FLAGS.length).toBeGreaterThan(0)
    for (const flag of FLAGS) expect(flag).toMatch(/^--[a-z0-9=-]+$/)
    const printed = spawn(process.execPath, [join(projectRoot, 'scripts/node-flags.mjs')])
    let out = ''
    printed.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')))
    await new Promise((resolve) => printed.once('close', resolve))
    expect(out).toBe(`${FLAGS.join(' ')}\n`)
  })

  it("run npm start's hub, which node runs itself (exec: no shell left beside it)", async () => {
    // The script's command after the build, as npm runs it: through sh.
    const run = pkg.scripts.start.split(' && ').at(-1)!
    expect(run).toMatch(/^exec node /)
    const { child } = await serving(['sh', '-c', run])
    try {
      const argv = commandLine(child.pid!)
      expect(argv.slice(1, 1 + FLAGS.length)).toEqual(FLAGS)
      expect(argv.slice(-2)).toEqual(['build/hub/cli.js', 'serve'])
    } finally {
      expect(await stop(child)).toBe(0)
    }
  })

  it('run the hub that `lamella serve` starts, which stops when the command is stopped', async () => {
    const { child } = await serving([
      process.execPath,
      join(projectRoot, 'bin/lamella.js'),
      'serve',
    ])
    const [hub] = childrenOf(child.pid!)
    expect(hub).toBeDefined()
    const argv = commandLine(hub!)
    expect(argv.slice(1, 1 + FLAGS.length)).toEqual(FLAGS)
    expect(argv.slice(-2)).toEqual([join(projectRoot, 'build/hub/cli.js'), 'serve'])
    expect(await stop(child)).toBe(0)
    await waitFor('the hub gone with the command', () => {
      try {
        readFileSync(`/proc/${hub}/stat`)
        return false
      } catch {
        return true
      }
    })
  })
})
