// Tells systemd that the hub is ready, that it is stopping, and that it is still alive (the
// watchdog), as `Type=notify` and `WatchdogSec=` in systemd/lamella.service expect.
//
// The protocol is a unix datagram to $NOTIFY_SOCKET. Node's dgram speaks UDP only, and a
// native module for it would be one more thing to compile on a Pi, so each message is one run
// of systemd-notify. That child sends as its own pid, which systemd accepts with
// NotifyAccess=all; and it waits until systemd has taken the message (its barrier), so the
// message still counts when the child has exited by the time systemd reads it.
// Outside systemd (no NOTIFY_SOCKET) every call does nothing.
import { execFile } from 'node:child_process'

export interface ServiceNotifierLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
}

/** Runs systemd-notify with these arguments; resolves when it exits 0. */
export type NotifyRunner = (args: string[], env: NodeJS.ProcessEnv) => Promise<void>

export interface ServiceNotifierDeps {
  env: NodeJS.ProcessEnv
  log: ServiceNotifierLog
  /**
   * Whether the hub may tell the watchdog it is fine, e.g. the database answers `SELECT 1`.
   * While it says no (or throws), pings stop and systemd restarts the hub after WatchdogSec.
   */
  healthy?: () => boolean
  run?: NotifyRunner
  /** This process's pid, to check WATCHDOG_PID against. */
  pid?: number
}

export interface ServiceNotifier {
  /** Whether a service manager listens (NOTIFY_SOCKET is set). */
  readonly enabled: boolean
  /** How often startWatchdog() pings: half of WatchdogSec, or undefined without a watchdog. */
  readonly watchdogIntervalMs: number | undefined
  /** READY=1, with a line for `systemctl status`. Never rejects. */
  ready(status?: string): Promise<void>
  /** STOPPING=1: shutdown has begun. Never rejects. */
  stopping(): Promise<void>
  /** Pings the watchdog now and every watchdogIntervalMs while healthy(); no-op without one. */
  startWatchdog(): void
  /** Stops the pings. */
  stop(): void
}

// Generous: systemd-notify waits for systemd, which may be busy while a Pi boots.
const NOTIFY_TIMEOUT_MS = 10_000

export const runSystemdNotify: NotifyRunner = (args, env) =>
  new Promise((resolve, reject) => {
    execFile('systemd-notify', args, { env, timeout: NOTIFY_TIMEOUT_MS }, (err, _out, stderr) => {
      if (!err) return resolve()
      const detail = stderr.trim()
      reject(detail ? new Error(`${err.message.split('\n')[0]}: ${detail}`) : err)
    })
  })

/** The ping interval from WATCHDOG_USEC, if the watchdog is meant for this process. */
function watchdogInterval(env: NodeJS.ProcessEnv, pid: number): number | undefined {
  const usec = Number(env.WATCHDOG_USEC)
  if (!Number.isSafeInteger(usec) || usec <= 0) return undefined
  // systemd names the process it watches; a child that inherited the variables must not ping.
  if (env.WATCHDOG_PID !== undefined && env.WATCHDOG_PID !== String(pid)) return undefined
  return Math.max(1, Math.floor(usec / 2000))
}

export function createServiceNotifier(deps: ServiceNotifierDeps): ServiceNotifier {
  const { env, log } = deps
  const run = deps.run ?? runSystemdNotify
  const enabled = Boolean(env.NOTIFY_SOCKET)
  const watchdogIntervalMs = enabled ? watchdogInterval(env, deps.pid ?? process.pid) : undefined

  let failing = false
  let timer: NodeJS.Timeout | undefined
  let pingInFlight = false
  let withheld = false

  // One warning when sending starts failing and one line when it works again, not one per ping.
  const send = async (args: string[]): Promise<void> => {
    if (!enabled) return
    try {
      await run(args, env)
      if (failing) log.info({ args }, 'systemd-notify works again')
      failing = false
    } catch (err) {
      if (!failing) log.warn({ err, args }, 'systemd-notify failed; systemd may not see the hub')
      failing = true
    }
  }

  const isHealthy = (): boolean => {
    try {
      return deps.healthy?.() ?? true
    } catch {
      return false
    }
  }

  const ping = () => {
    // A ping still waiting for systemd is as good as a new one.
    if (pingInFlight) return
    if (!isHealthy()) {
      if (!withheld) log.warn({}, 'the hub is unhealthy: watchdog pings withheld')
      withheld = true
      return
    }
    if (withheld) log.info({}, 'the hub is healthy again: watchdog pings resumed')
    withheld = false
    pingInFlight = true
    void send(['WATCHDOG=1']).finally(() => {
      pingInFlight = false
    })
  }

  return {
    enabled,
    watchdogIntervalMs,
    ready: (status) => send(status ? ['--ready', `--status=${status}`] : ['--ready']),
    stopping: () => send(['STOPPING=1']),
    startWatchdog() {
      if (watchdogIntervalMs === undefined || timer) return
      ping()
      // A timer, so pings stop when the event loop stalls: that is what the watchdog is for.
      timer = setInterval(ping, watchdogIntervalMs)
      timer.unref()
    },
    stop() {
      clearInterval(timer)
      timer = undefined
    },
  }
}
