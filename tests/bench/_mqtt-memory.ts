// For tests/bench/mqtt.ts: the resident memory of `lamella serve` from build/hub with MQTT off
// and with MQTT on, side by side. Each process gets its own empty database, 50 blinds created
// over GraphQL and a few moves of all of them on the emulated bus, then settles before its
// VmRSS is read. Off and on take turns, so a machine busy with something else hurts both alike.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { graphqlClient } from '../helpers/hub'
import { fmt, householdBlind, median, rssMiB, startHubProcess } from './_support'

const BLINDS = 50
const ROUNDS = 3
/** As startup-memory: time for start-up and move garbage to be collected. */
const SETTLE_MS = 3000
const MOVES = ['UP', 'STOP', 'DOWN', 'STOP', 'UP', 'STOP'] as const
const MOVE =
  'mutation Move($ids: [ID!]!, $d: Direction!) { blindMove(ids: $ids, direction: $d) { id } }'
const CREATE = 'mutation Create($input: BlindInput!) { blindCreate(input: $input) { id } }'
const LOGIN =
  'query Login($u: String!, $p: String!) { login(username: $u, password: $p) { token } }'
const MQTT_LINK = '{ hubStatus { mqtt { connected } } }'

type Memory = ReturnType<typeof rssMiB>

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** One hub process, its household and moves; its memory once settled. */
async function measure(env: Record<string, string>): Promise<Memory> {
  const folder = mkdtempSync(join(tmpdir(), 'lamella-bench-mqtt-'))
  const hub = await startHubProcess(join(folder, 'lamella.db'), env)
  try {
    const gql = graphqlClient(`http://127.0.0.1:${hub.port}`)
    const ask = async <T>(query: string, variables: Record<string, unknown>, token?: string) => {
      const res = await gql<T>(query, variables, token)
      if (!res.data) throw new Error(`failed: ${JSON.stringify(res.errors)}`)
      return res.data
    }
    const { login } = await ask<{ login: { token: string } }>(LOGIN, {
      u: 'admin',
      p: 'bench-password',
    })
    const ids: string[] = []
    for (let i = 0; i < BLINDS; i++) {
      const input = householdBlind(i, { travelTimeMs: 30000 })
      const created = await ask<{ blindCreate: { id: string } }>(CREATE, { input }, login.token)
      ids.push(created.blindCreate.id)
    }
    for (const d of MOVES) {
      await ask(MOVE, { ids, d }, login.token)
      // Long enough to travel a while (and, with MQTT, to publish positions on the way).
      await sleep(1500)
    }
    if (env.LAMELLA_MQTT_URL) {
      const status = await ask<{ hubStatus: { mqtt: { connected: boolean } | null } }>(
        MQTT_LINK,
        {},
        login.token,
      )
      if (!status.hubStatus.mqtt?.connected) throw new Error('the hub is not connected to MQTT')
    }
    await sleep(SETTLE_MS)
    return rssMiB(hub.child.pid!)
  } finally {
    await hub.stop()
    rmSync(folder, { recursive: true, force: true })
  }
}

const line = (m: Memory) =>
  `${fmt(m.total)} MiB (anonymous ${fmt(m.anon)}, file-backed ${fmt(m.file)})`

/** Prints each round and the medians: MQTT off, MQTT on, and the difference. */
export async function printProcessMemory(brokerUrl: string, brokerKind: string): Promise<void> {
  console.log(
    `hub process RSS (VmRSS) with ${BLINDS} blinds created over GraphQL, moves ${MOVES.join(', ')} of all of them, then ${SETTLE_MS / 1000} s idle; ${ROUNDS} rounds, MQTT off and on taking turns, broker: ${brokerKind}`,
  )
  const off: Memory[] = []
  const on: Memory[] = []
  for (let round = 1; round <= ROUNDS; round++) {
    off.push(await measure({}))
    on.push(await measure({ LAMELLA_MQTT_URL: brokerUrl, LAMELLA_HUB_ID: `bench-memory-${round}` }))
    const [o, n] = [off.at(-1)!, on.at(-1)!]
    console.log(
      `round ${round}: MQTT off ${line(o)} | MQTT on ${line(n)} | on - off ${fmt(n.total - o.total)} MiB`,
    )
  }
  const total = (ms: Memory[]) => median(ms.map((m) => m.total))
  const anon = (ms: Memory[]) => median(ms.map((m) => m.anon))
  console.log(
    `median: MQTT off ${fmt(total(off))} MiB, MQTT on ${fmt(total(on))} MiB, difference ${fmt(total(on) - total(off))} MiB (anonymous ${fmt(anon(on) - anon(off))} MiB)`,
  )
}
