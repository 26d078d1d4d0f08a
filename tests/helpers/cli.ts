// The built `lamella` command in real processes, for the CLI tests, with an environment with nothing of this shell's LAMELLA_*, TZ or NODE_ENV.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { join } from 'node:path'
import { projectRoot } from '../../hub/paths'

export const CLI = join(projectRoot, 'build', 'hub', 'cli.js')

/** How long a command may run before it is killed (a `serve` that should have refused). */
const RUN_LIMIT_MS = 15_000

export interface Finished {
  /** null when the command was killed. */
  code: number | null
  stdout: string
  stderr: string
}

/** Only what the command needs: a PATH, and the given variables. */
export const environment = (vars: Record<string, string>): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  ...vars,
})

/** Starts `lamella ARGS` in `cwd`, with pipes on stdin, stdout and stderr. */
export function startCli(
  args: string[],
  vars: Record<string, string>,
  cwd: string,
): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [CLI, ...args], { cwd, env: environment(vars), stdio: 'pipe' })
}

/**
 * Runs `lamella ARGS` to its end with `input` on stdin; killed after `limitMs` (code null), 15 s
 * unless given.
 */
export function runCli(
  args: string[],
  vars: Record<string, string>,
  cwd: string,
  input = '',
  limitMs = RUN_LIMIT_MS,
): Promise<Finished> {
  const child = startCli(args, vars, cwd)
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')))
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')))
  child.stdin.end(input)
  const timer = setTimeout(() => child.kill('SIGKILL'), limitMs)
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
}
