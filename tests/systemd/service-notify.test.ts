// hub/service-notify.ts against a real notification socket: a small python3 receiver
// (notify-socket.py) stands in for systemd, and the real systemd-notify sends to it, as it does
// under lamella.service. Node cannot bind a unix datagram socket; python3 is on every machine
// that runs these tests, systemd-notify only where systemd is installed.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  createServiceNotifier,
  type NotifyRunner,
  type ServiceNotifierLog,
} from '../../hub/service-notify'
import { projectRoot } from '../../hub/paths'
import { describeWithPrograms } from '../helpers/system-tools'
import { quietPeriod } from '../helpers/quiet'

const RECEIVER = join(projectRoot, 'tests', 'systemd', 'notify-socket.py')

interface Receiver {
  path: string
  /** Everything received so far, datagrams run together. */
  text(): string
  waitFor(needle: string): Promise<void>
  close(): Promise<void>
}

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

async function startReceiver(): Promise<Receiver> {
  const dir = mkdtempSync(join(tmpdir(), 'lamella-notify-'))
  const path = join(dir, 'notify.sock')
  // Its standard input is a pipe from this process, so it ends with the test run.
  const socket: ChildProcess = spawn('python3', [RECEIVER, path], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  let received = ''
  socket.stdout?.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')))
  const exited = new Promise<void>((resolve) => socket.once('exit', () => resolve()))

  const until = async (done: () => boolean, what: string) => {
    const deadline = Date.now() + 5000
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
  await until(() => existsSync(path), 'the receiver to bind the socket')

  const receiver: Receiver = {
    path,
    text: () => received,
    waitFor: (needle) => until(() => received.includes(needle), `${needle} (got "${received}")`),
    async close() {
      if (socket.exitCode === null && socket.signalCode === null) socket.kill()
      await exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
  cleanups.push(receiver.close)
  return receiver
}

function recordingLog(): ServiceNotifierLog & { lines: string[] } {
  const lines: string[] = []
  return {
    lines,
    info: (_obj, msg) => lines.push(`info: ${msg}`),
    warn: (_obj, msg) => lines.push(`warn: ${msg}`),
  }
}

const environment = (vars: Record<string, string>): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  ...vars,
})

describeWithPrograms(['systemd-notify'], 'the notifier against a real notification socket', () => {
  it('tells the service manager it is ready, with a status line', async () => {
    const receiver = await startReceiver()
    const log = recordingLog()
    const notifier = createServiceNotifier({
      env: environment({ NOTIFY_SOCKET: receiver.path }),
      log,
    })
    expect(notifier.enabled).toBe(true)

    const ready = notifier.ready('listening on http://0.0.0.0:8080')
    await receiver.waitFor('STATUS=listening on http://0.0.0.0:8080')
    expect(receiver.text()).toContain('READY=1')
    await ready
    expect(log.lines).toEqual([])
  })

  it('pings the watchdog at half of WATCHDOG_USEC while the hub is healthy', async () => {
    const receiver = await startReceiver()
    const notifier = createServiceNotifier({
      env: environment({
        NOTIFY_SOCKET: receiver.path,
        WATCHDOG_USEC: '30000000',
        WATCHDOG_PID: String(process.pid),
      }),
      log: recordingLog(),
      healthy: () => true,
    })
    expect(notifier.watchdogIntervalMs).toBe(15_000)

    notifier.startWatchdog()
    await receiver.waitFor('WATCHDOG=1')
    notifier.stop()
  })

  it('withholds watchdog pings while the hub is unhealthy and resumes once it is healthy', async () => {
    const receiver = await startReceiver()
    const log = recordingLog()
    let databaseAnswers = false
    const notifier = createServiceNotifier({
      env: environment({ NOTIFY_SOCKET: receiver.path, WATCHDOG_USEC: '100000' }),
      log,
      healthy: () => {
        if (!databaseAnswers) throw new Error('SQLITE_IOERR')
        return true
      },
    })

    notifier.startWatchdog()
    await quietPeriod(300, 'no watchdog ping goes out while the hub is unhealthy')
    expect(receiver.text()).not.toContain('WATCHDOG=1')
    expect(log.lines).toEqual(['warn: the hub is unhealthy: watchdog pings withheld'])

    databaseAnswers = true
    await receiver.waitFor('WATCHDOG=1')
    expect(log.lines).toContain('info: the hub is healthy again: watchdog pings resumed')
    notifier.stop()
  })

  it('says STOPPING=1 when shutdown begins', async () => {
    const receiver = await startReceiver()
    const notifier = createServiceNotifier({
      env: environment({ NOTIFY_SOCKET: receiver.path }),
      log: recordingLog(),
    })
    const stopping = notifier.stopping()
    await receiver.waitFor('STOPPING=1')
    await stopping
  })
})

describe('the notifier outside systemd', () => {
  const counting = () => {
    const calls: string[][] = []
    const run: NotifyRunner = async (args) => {
      calls.push(args)
    }
    return { calls, run }
  }

  it('does nothing when NOTIFY_SOCKET is not set, as under `npm start`', async () => {
    const { calls, run } = counting()
    const notifier = createServiceNotifier({
      env: environment({ WATCHDOG_USEC: '100000' }),
      log: recordingLog(),
      run,
    })
    expect(notifier.enabled).toBe(false)
    expect(notifier.watchdogIntervalMs).toBeUndefined()
    await notifier.ready('listening')
    await notifier.stopping()
    notifier.startWatchdog()
    notifier.stop()
    expect(calls).toEqual([])
  })

  it('leaves a watchdog meant for another process alone', () => {
    const notifier = createServiceNotifier({
      env: environment({
        NOTIFY_SOCKET: '/run/systemd/notify',
        WATCHDOG_USEC: '30000000',
        WATCHDOG_PID: String(process.pid + 1),
      }),
      log: recordingLog(),
      run: counting().run,
    })
    expect(notifier.watchdogIntervalMs).toBeUndefined()
  })

  it('warns once when systemd-notify keeps failing, and says when it works again', async () => {
    const log = recordingLog()
    let works = false
    const notifier = createServiceNotifier({
      env: environment({ NOTIFY_SOCKET: '/run/systemd/notify' }),
      log,
      run: async () => {
        if (!works) throw new Error('spawn systemd-notify ENOENT')
      },
    })
    await notifier.ready()
    await notifier.stopping()
    expect(log.lines).toEqual(['warn: systemd-notify failed; systemd may not see the hub'])
    works = true
    await notifier.stopping()
    expect(log.lines).toEqual([
      'warn: systemd-notify failed; systemd may not see the hub',
      'info: systemd-notify works again',
    ])
  })
})
