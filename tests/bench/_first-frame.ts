// Shared by the first-frame benchmarks: the whole hub (buildHub) with the real GraphQL API over
// HTTP on 127.0.0.1, and the relay-board emulator with the wire timing of 9600 baud behind a
// link that notes each frame and when its first byte is written; and the figures they print.
import {
  RelayBoardEmulator,
  type RelayBoardEmulatorOptions,
} from '../../firmware-protocol/emulator'
import { buildHub } from '../../hub/app'
import { EmulatorLink } from '../../hub/bus/link-emulator'
import { loadConfig, type Config } from '../../hub/config'
import { openDatabase } from '../../hub/db/open'
import { fmt } from './_support'

export interface WrittenFrame {
  /** performance.now() when the frame's first byte was handed to the wire. */
  at: number
  bytes: Uint8Array
}

/** The emulator link, noting each frame and when its first byte is handed to the wire. */
export class TimestampingLink extends EmulatorLink {
  readonly written: WrittenFrame[] = []
  private readonly writeListeners = new Set<(frame: WrittenFrame) => void>()

  override async write(bytes: Uint8Array): Promise<void> {
    const frame = { at: performance.now(), bytes: Uint8Array.from(bytes) }
    this.written.push(frame)
    for (const l of this.writeListeners) l(frame)
    return super.write(bytes)
  }

  /** Each frame as it is written. Returns an unsubscribe. */
  onWrite(listener: (frame: WrittenFrame) => void): () => void {
    this.writeListeners.add(listener)
    return () => this.writeListeners.delete(listener)
  }
}

/** The hub with the bench's config, and any settings of a bench's own (say, `mqtt`). */
export async function timedHub(
  dbPath: string,
  overrides: Partial<Config> = {},
  board: RelayBoardEmulatorOptions = {},
) {
  const database = openDatabase(dbPath)
  const config: Config = {
    ...loadConfig({
      LAMELLA_DB: dbPath,
      LAMELLA_LOG_LEVEL: 'silent',
      LAMELLA_BAUD: '9600',
      LAMELLA_PULSE: 'device',
    }),
    ...overrides,
  }
  const link = new TimestampingLink(new RelayBoardEmulator({ baud: 9600, ...board }))
  const { app, services, events } = await buildHub({ config, database, busLink: link })
  await services.users.ensureFirstAdmin('bench-password', () => 'bench-password')
  await app.listen({ host: '127.0.0.1', port: 0 })
  const port = (app.server.address() as { port: number }).port
  const login = await services.auth.login('admin', 'bench-password', '127.0.0.1')
  const headers = { 'content-type': 'application/json', 'x-auth-token': login.token }
  // The safe state at start (every relay off) goes out first; let it finish.
  await new Promise((r) => setTimeout(r, 200))
  const admin = services.users.list().find((u) => u.username === 'admin')!
  const blinds = services.blinds.list({ id: admin.id, isAdmin: true })

  /** One request; ms to its first frame and ms to the HTTP answer. */
  const timed = async (query: string, variables: Record<string, unknown>) => {
    const framesBefore = link.written.length
    const started = performance.now()
    const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query, variables }),
    })
    const answered = performance.now() - started
    const body = (await res.json()) as { errors?: unknown }
    if (res.status !== 200 || body.errors) throw new Error(`failed: ${JSON.stringify(body)}`)
    const first = link.written[framesBefore]
    if (first === undefined) throw new Error('no frame written')
    return { firstFrame: first.at - started, answered }
  }
  const close = async () => {
    await app.close()
    database.close()
  }
  return { blinds, link, services, events, timed, close, admin, port, headers }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

/** Prints p50, p99 and max of `samples` (ms), the p99 with its goal when there is one. */
export function printPercentiles(label: string, samples: number[], goalMs?: number): void {
  const sorted = [...samples].sort((a, b) => a - b)
  const goal = goalMs === undefined ? '' : ` (goal < ${goalMs} ms)`
  console.log(`${label}, p50: ${fmt(percentile(sorted, 50), 2)} ms`)
  console.log(`${label}, p99: ${fmt(percentile(sorted, 99), 2)} ms${goal}`)
  console.log(`${label}, max: ${fmt(sorted.at(-1)!, 2)} ms`)
}

/** Prints p50, p99 and max of the first frames, and p50 and p99 of the answers. */
export function printFirstFrames(firstFrames: number[], answers: number[]): void {
  printPercentiles('request to first frame written', firstFrames, 10)
  answers.sort((a, b) => a - b)
  console.log(`request to HTTP answer, p50: ${fmt(percentile(answers, 50), 2)} ms`)
  console.log(`request to HTTP answer, p99: ${fmt(percentile(answers, 99), 2)} ms`)
}
