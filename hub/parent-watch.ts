// `npx lamella ...` and `npm start` run the command under a shell that npm starts. Killing npm
// (its terminal closed, `kill` on its pid) ends npm and that shell but not this process,
// which would keep the hub's port or the emulator's device. Started by npm, the command
// therefore ends itself, as on SIGTERM, once the process that started it is gone.
import { readFileSync } from 'node:fs'

const CHECK_EVERY_MS = 500

/**
 * Whether the process that started this one has ended. process.ppid is read once at start, so
 * Linux's /proc tells the parent now (an orphan gets a new one); elsewhere, signal 0 asks
 * whether the first parent still runs.
 */
function parentGone(parent: number): boolean {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8')
    // "pid (name) state ppid ...": the name may hold spaces and parentheses.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
    return ppid !== parent
  } catch {
    try {
      process.kill(parent, 0)
      return false
    } catch (err) {
      return (err as NodeJS.ErrnoException).code !== 'EPERM'
    }
  }
}

/** Sends this process SIGTERM once its parent has ended; returns the function that stops watching. */
export function endWithNpm(env: NodeJS.ProcessEnv, checkEveryMs = CHECK_EVERY_MS): () => void {
  // npm sets npm_lifecycle_event for `npm start` ("start") and for npx ("npx").
  if (env.npm_lifecycle_event === undefined) return () => undefined
  const parent = process.ppid
  const timer = setInterval(() => {
    if (!parentGone(parent)) return
    clearInterval(timer)
    process.kill(process.pid, 'SIGTERM')
  }, checkEveryMs)
  timer.unref()
  return () => clearInterval(timer)
}
