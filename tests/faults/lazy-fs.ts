// The power-cut filesystem (lazy-fs.py beside this file) as a test uses it: mounted over a card
// folder, cut, mounted again on what the card kept, and always unmounted at the end. It needs
// /dev/fuse, fuse3's fusermount3 and Debian's python3-fuse for /usr/bin/python3 (pyenv's
// python3, first on PATH here, has no FUSE binding); lazyFsMissing() says what is not there.
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { projectRoot } from '../../hub/paths'
import { runAsHardware } from '../helpers/hardware-priority'
import { missingPrograms } from '../helpers/system-tools'

const SCRIPT = join(projectRoot, 'tests', 'faults', 'lazy-fs.py')
/** Debian's Python, where apt puts python3-fuse. */
const PYTHON = '/usr/bin/python3'
const MOUNT_TIMEOUT_MS = 10_000

const run = promisify(execFile)

/** What the filesystem needs and this machine lacks, as a skip names it; [] when all is there. */
export function lazyFsMissing(): string[] {
  const missing: string[] = []
  if (!existsSync('/dev/fuse')) missing.push('/dev/fuse missing')
  const programs = missingPrograms(['fusermount3'])
  if (programs.length > 0) missing.push(`${programs.join(' and ')} not installed`)
  const binding = spawnSync(PYTHON, ['-c', 'import fuse'], { stdio: 'ignore' })
  if (binding.status !== 0) missing.push(`python3-fuse not installed for ${PYTHON}`)
  return missing
}

export interface LazyFs {
  /** The mounted folder: where programs read and write. */
  readonly path: string
  /** The card: what a cut leaves. */
  readonly card: string
  /**
   * The power cut: the filesystem process dies with every unsynced write, the mount goes, and
   * a fresh one serves what the card holds. Whoever wrote to it must be dead already.
   */
  cut(): Promise<void>
  /** Unmounts (as a cut does) and removes both folders. */
  close(): Promise<void>
}

/** Mounts a fresh, empty card at `dir`/mnt (the card itself is `dir`/card). */
export async function mountLazyFs(dir: string): Promise<LazyFs> {
  const card = join(dir, 'card')
  const path = join(dir, 'mnt')
  mkdirSync(card, { recursive: true })
  mkdirSync(path, { recursive: true })
  let daemon: { child: ChildProcess; exited: Promise<void> } | null = null

  const mount = async () => {
    // Its standard input is a pipe from this process: if the test run dies, it unmounts.
    const child = spawn(PYTHON, [SCRIPT, path, '-f', '-o', `backing=${card},big_writes`], {
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    // The card is hardware too: the hub's fsyncs must not wait on this machine's other work.
    runAsHardware(child.pid)
    const exited = new Promise<void>((resolve) => {
      child.once('exit', () => resolve())
      child.once('error', () => resolve())
    })
    daemon = { child, exited }
    let said = ''
    child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString('utf8')))
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`lazy-fs.py did not mount within ${MOUNT_TIMEOUT_MS} ms: ${said}`)),
        MOUNT_TIMEOUT_MS,
      )
      child.stdout.on('data', (chunk: Buffer) => {
        if (!chunk.toString('utf8').includes('mounted')) return
        clearTimeout(timer)
        resolve()
      })
      void exited.then(() => {
        clearTimeout(timer)
        reject(new Error(`lazy-fs.py exited before mounting: ${said}`))
      })
    })
  }

  const unmount = async () => {
    const d = daemon
    daemon = null
    if (d) {
      d.child.kill('SIGKILL')
      await d.exited
    }
    if (!mounted(path)) return
    // Nothing should still hold the mount; if something does, detach it anyway.
    await run('fusermount3', ['-u', path]).catch(() => run('fusermount3', ['-uz', path]))
  }

  await mount()
  return {
    path,
    card,
    cut: async () => {
      await unmount()
      await mount()
    },
    close: async () => {
      await unmount()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Whether a filesystem is mounted at `path` (an absolute path without a trailing slash). */
function mounted(path: string): boolean {
  // mountinfo's fifth field is the mount point, with spaces and the like as octal escapes.
  const escaped = path.replace(
    /[ \t\n\\]/g,
    (c) => `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}`,
  )
  return readFileSync('/proc/self/mountinfo', 'utf8')
    .split('\n')
    .some((line) => line.split(' ')[4] === escaped)
}
