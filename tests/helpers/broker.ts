// A real MQTT broker for the tests, on 127.0.0.1: Mosquitto when it is on PATH (CI installs it),
// otherwise aedes in a process of its own. Either can be killed and started again
// on the same port, the way a broker restarts in a house. With LAMELLA_REQUIRE_TOOLS=1 a
// missing Mosquitto is a failure, so CI proves the tests against the broker people run.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, connect as connectTcp } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connect, type MqttClient } from 'mqtt'
import { projectRoot } from '../../hub/paths'
import { onPath, REQUIRE_TOOLS } from './system-tools'

export type BrokerKind = 'mosquitto' | 'aedes'

export interface TestBroker {
  kind: BrokerKind
  port: number
  url: string
  /** Kills the broker (SIGKILL for Mosquitto): every client loses its connection at once. */
  kill(): Promise<void>
  /** Starts it again on the same port, empty: nothing retained survives. */
  restart(): Promise<void>
  close(): Promise<void>
}

/** Which broker the tests of this machine run against. */
export function brokerKind(): BrokerKind {
  if (onPath('mosquitto')) return 'mosquitto'
  if (process.env[REQUIRE_TOOLS] === '1') {
    throw new Error(`mosquitto is not installed, and ${REQUIRE_TOOLS}=1 requires the real broker`)
  }
  return 'aedes'
}

/** A port nothing listens on now, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

async function accepting(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connectTcp(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (ok) return
    if (Date.now() > deadline) throw new Error(`no broker accepting on 127.0.0.1:${port}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

interface Control {
  start(): Promise<void>
  kill(): Promise<void>
  close(): Promise<void>
}

export interface BrokerOptions {
  /**
   * Nagle off on the broker's sockets (Mosquitto's `set_tcp_nodelay true`). Both brokers leave
   * it on by default, which can hold a message to a client for its delayed ACK (~40 ms).
   */
  noDelay?: boolean
}

function mosquitto(port: number, options: BrokerOptions): Control {
  const folder = mkdtempSync(join(tmpdir(), 'lamella-mosquitto-'))
  const conf = join(folder, 'mosquitto.conf')
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence false',
      ...(options.noDelay ? ['set_tcp_nodelay true'] : []),
      '',
    ].join('\n'),
  )
  let child: ChildProcess | null = null
  const start = async () => {
    child = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' })
    await accepting(port)
  }
  const kill = async () => {
    const c = child
    child = null
    if (!c || c.exitCode !== null) return
    const exited = new Promise((resolve) => c.once('exit', resolve))
    c.kill('SIGKILL')
    await exited
  }
  const close = async () => {
    await kill()
    rmSync(folder, { recursive: true, force: true })
  }
  return { start, kill, close }
}

/**
 * aedes in a process of its own, as a broker always is: a test that freezes its own event loop
 * (the hub's) must not freeze the broker with it, and a kill is a real SIGKILL.
 */
function aedesBroker(port: number, options: BrokerOptions): Control {
  const script = `
    import { createServer } from 'node:net'
    import { Aedes } from 'aedes'
    const broker = await Aedes.createBroker()
    const server = createServer((socket) => {
      ${options.noDelay ? 'socket.setNoDelay(true)' : ''}
      broker.handle(socket)
    })
    server.listen(${port}, '127.0.0.1')
  `
  let child: ChildProcess | null = null
  const start = async () => {
    child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: projectRoot,
      stdio: 'ignore',
    })
    await accepting(port)
  }
  const kill = async () => {
    const c = child
    child = null
    if (!c || c.exitCode !== null) return
    const exited = new Promise((resolve) => c.once('exit', resolve))
    c.kill('SIGKILL')
    await exited
  }
  return { start, kill, close: kill }
}

export async function startBroker(options: BrokerOptions = {}): Promise<TestBroker> {
  const kind = brokerKind()
  const port = await freePort()
  const control = kind === 'mosquitto' ? mosquitto(port, options) : await aedesBroker(port, options)
  await control.start()
  return {
    kind,
    port,
    url: `mqtt://127.0.0.1:${port}`,
    kill: () => control.kill(),
    restart: () => control.start(),
    close: () => control.close(),
  }
}

/** A plain mqtt.js client, as Home Assistant or a second hub would be. */
export async function brokerClient(url: string, clientId?: string): Promise<MqttClient> {
  const client = connect(url, {
    reconnectPeriod: 200,
    connectTimeout: 5000,
    ...(clientId && { clientId }),
  })
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve())
    client.once('error', reject)
  })
  return client
}

/** Every message on `filter` as it comes, with the newest per topic and a way to wait. */
export async function watchTopics(client: MqttClient, filter: string | string[]) {
  const latest = new Map<string, string>()
  const log: { topic: string; payload: string; retain: boolean; at: number }[] = []
  const waiters = new Set<() => void>()
  client.on('message', (topic, payload, packet) => {
    latest.set(topic, payload.toString())
    log.push({ topic, payload: payload.toString(), retain: packet.retain, at: Date.now() })
    waiters.forEach((w) => w())
  })
  await client.subscribeAsync(filter, { qos: 1 })

  /** Waits until `test` holds for what arrived so far. */
  const waitFor = async <T>(
    test: () => T | undefined | false,
    what: string,
    timeoutMs = 10_000,
  ): Promise<T> => {
    const hit = test()
    if (hit) return hit
    return new Promise<T>((resolve, reject) => {
      const check = () => {
        const result = test()
        if (!result) return
        cleanup()
        resolve(result)
      }
      const timer = setTimeout(() => {
        cleanup()
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`))
      }, timeoutMs)
      const cleanup = () => {
        clearTimeout(timer)
        waiters.delete(check)
      }
      waiters.add(check)
    })
  }
  const payloadOf = (topic: string) => latest.get(topic)
  /** Waits for `topic` to hold `payload` (or to pass a test). */
  const until = async (
    topic: string,
    want: string | ((payload: string) => boolean),
    timeoutMs?: number,
  ): Promise<string> => {
    const hit = await waitFor(
      () => {
        const p = latest.get(topic)
        if (p === undefined) return false
        // Wrapped: an empty payload (a deleted retained message) is a hit too.
        return (typeof want === 'string' ? p === want : want(p)) ? { p } : false
      },
      `${topic} to be ${typeof want === 'string' ? JSON.stringify(want) : 'as wanted'}`,
      timeoutMs,
    )
    return hit.p
  }
  return { latest, log, waitFor, until, payloadOf }
}
