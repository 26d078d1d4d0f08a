// Idle resident memory of the hub beside an empty Node-RED 4 started in the same run (issue 23:
// at most 0.7x Node-RED, and at most 120 MB with MQTT, PV, shading and weather on), and the
// hub's V8 flags chosen by measurement: the same household under each candidate set of flags.
//
// The household: 20 blinds on the built-in board (created over GraphQL), a few moves of all of
// them. "Everything on" adds an MQTT broker (tests/helpers/broker.ts), the SunSpec inverter
// emulator for PV, the house's location with shading on for 4 blinds, and the built-in board's
// weather unit with an anemometer read every second and wind limits on those 4 blinds. Each
// process settles for SETTLE_MS before its VmRSS is read; the runs take turns, so a machine busy
// with something else hurts each alike.
//
// Node-RED comes from LAMELLA_NODE_RED (a folder with node_modules/node-red) or build/node-red,
// installed there from the npm registry on the first run.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { projectRoot } from '../../hub/paths'
import { startInverter } from '../faults/inverter-process'
import { freePort, startBroker } from '../helpers/broker'
import { graphqlClient } from '../helpers/hub'
import { fmt, householdBlind, HUB_NODE_FLAGS, median, rssMiB, startHubProcess } from './_support'

const ROUNDS = 3
const BLINDS = 20
const SHADED = 4
const SETTLE_MS = 10_000
/** The interpreter alone: the flags shipped until the whole workload chose again (node-flags.ts). */
const JIT_OFF = [
  '--max-semi-space-size=1',
  '--single-threaded',
  '--no-opt',
  '--no-maglev',
  '--no-sparkplug',
]
const CANDIDATE_FLAGS: readonly (readonly string[])[] = [
  [],
  ['--max-semi-space-size=2'],
  ['--max-semi-space-size=1'],
  ['--max-semi-space-size=1', '--optimize-for-size'],
  ['--max-semi-space-size=1', '--single-threaded-gc'],
  JIT_OFF,
  // No optimising compilers: much less memory, but every hot path interpreted, and no
  // WebAssembly, so no fetch(): matter.js stops with "WebAssembly is not defined" once loaded.
  // Measured, not shipped.
  [...JIT_OFF, '--lite-mode'],
  HUB_NODE_FLAGS,
].filter((f, i, all) => all.findIndex((o) => o.join(' ') === f.join(' ')) === i)

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function nodeRedFolder(): string {
  const folder = process.env.LAMELLA_NODE_RED ?? join(projectRoot, 'build/node-red')
  if (!existsSync(join(folder, 'node_modules/node-red/red.js'))) {
    console.log(`installing Node-RED 4 into ${folder} (once)`)
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefix', folder, 'node-red@4'], {
      stdio: 'ignore',
    })
  }
  return folder
}

async function waitForHttp(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited`)
    const ok = await fetch(url).then(
      (r) => r.status > 0,
      () => false,
    )
    if (ok) return
    await sleep(100)
  }
  throw new Error(`${url} did not answer`)
}

/** An empty Node-RED 4 (its own user folder, no flows), settled; its VmRSS. */
async function nodeRed(folder: string): Promise<number> {
  const userDir = mkdtempSync(join(tmpdir(), 'lamella-bench-node-red-'))
  const port = await freePort()
  const red = join(folder, 'node_modules/node-red/red.js')
  const child = spawn(process.execPath, [red, '--userDir', userDir, '--port', String(port)], {
    stdio: 'ignore',
  })
  try {
    await waitForHttp(`http://127.0.0.1:${port}/`, child)
    await sleep(SETTLE_MS)
    return rssMiB(child.pid!).total
  } finally {
    await new Promise((r) => {
      child.once('exit', r)
      child.kill('SIGTERM')
    })
    rmSync(userDir, { recursive: true, force: true })
  }
}

interface Extras {
  env: Record<string, string>
  stop(): Promise<void>
}

/** The broker and the inverter emulator a hub with everything on talks to. */
async function everythingOn(): Promise<Extras> {
  const broker = await startBroker()
  const location = { lat: 48.14, lon: 11.58 }
  const inverter = await startInverter(location)
  return {
    env: {
      LAMELLA_MQTT_URL: broker.url,
      LAMELLA_PV: inverter.url,
      LAMELLA_LAT: String(location.lat),
      LAMELLA_LON: String(location.lon),
      LAMELLA_WEATHER: 'calm',
    },
    async stop() {
      await inverter.close()
      await broker.close()
    },
  }
}

/** One hub process with its household; its memory once settled. */
async function hub(env: Record<string, string>, flags: readonly string[], on: boolean) {
  const folder = mkdtempSync(join(tmpdir(), 'lamella-bench-rss-'))
  const hub = await startHubProcess(join(folder, 'lamella.db'), env, flags)
  try {
    const gql = graphqlClient(`http://127.0.0.1:${hub.port}`)
    const ask = async <T>(query: string, variables: Record<string, unknown>, token?: string) => {
      const res = await gql<T>(query, variables, token)
      if (!res.data) throw new Error(`failed: ${JSON.stringify(res.errors)}`)
      return res.data
    }
    const { login } = await ask<{ login: { token: string } }>(
      'query($u: String!, $p: String!) { login(username: $u, password: $p) { token } }',
      { u: 'admin', p: 'bench-password' },
    )
    const t = login.token
    const ids: string[] = []
    for (let i = 0; i < BLINDS; i++) {
      const shaded = on && i < SHADED
      const input = householdBlind(i, {
        travelTimeUpMs: 20_000,
        travelTimeDownMs: 20_000,
        ...(shaded && {
          facadeAzimuth: 180,
          shadePosition: 30,
          shadingEnabled: true,
          windLimit: 12,
        }),
      })
      const created = await ask<{ blindCreate: { id: string } }>(
        'mutation($input: BlindInput!) { blindCreate(input: $input) { id } }',
        { input },
        t,
      )
      ids.push(created.blindCreate.id)
    }
    if (on) {
      await ask(
        'mutation($input: WeatherSensorInput!) { weatherSensorCreate(input: $input) { id } }',
        {
          input: {
            name: 'Anemometer',
            kind: 'WIND',
            unit: 10,
            function: 3,
            register: 0,
            scale: 0.1,
            pollMs: 1000,
          },
        },
        t,
      )
    }
    for (const d of ['UP', 'STOP', 'DOWN', 'STOP']) {
      await ask(
        'mutation($ids: [ID!]!, $d: Direction!) { blindMove(ids: $ids, direction: $d) { id } }',
        { ids, d },
        t,
      )
      await sleep(1500)
    }
    if (on) {
      const { hubStatus, pv } = await ask<{
        hubStatus: { mqtt: { connected: boolean } | null }
        pv: { online: boolean; error: string | null }
      }>('{ hubStatus { mqtt { connected } } pv { online error } }', {}, t)
      if (!hubStatus.mqtt?.connected) throw new Error('the hub is not connected to MQTT')
      if (!pv.online) throw new Error(`PV is offline: ${pv.error}`)
    }
    await sleep(SETTLE_MS)
    return rssMiB(hub.child.pid!).total
  } finally {
    await hub.stop()
    rmSync(folder, { recursive: true, force: true })
  }
}

const folder = nodeRedFolder()
const red: number[] = []
const off: number[] = []
const offJitOff: number[] = []
const on = new Map<string, number[]>(CANDIDATE_FLAGS.map((f) => [f.join(' '), []]))
const extras = await everythingOn()
try {
  for (let round = 0; round < ROUNDS; round++) {
    red.push(await nodeRed(folder))
    off.push(await hub({}, HUB_NODE_FLAGS, false))
    offJitOff.push(await hub({}, JIT_OFF, false))
    for (const flags of CANDIDATE_FLAGS)
      on.get(flags.join(' '))!.push(await hub(extras.env, flags, true))
  }
} finally {
  await extras.stop()
}

const nr = median(red)
console.log(`idle RSS after ${SETTLE_MS / 1000} s, median of ${ROUNDS}, node ${process.version}`)
console.log(`empty Node-RED 4: ${fmt(nr)} MiB`)
console.log(
  `hub, everything off (${BLINDS} blinds), shipped flags ${HUB_NODE_FLAGS.join(' ')}: ${fmt(median(off))} MiB = ${fmt(median(off) / nr, 2)}x Node-RED (goal <= 0.7x)`,
)
console.log(
  `hub, everything off, flags ${JIT_OFF.join(' ')}: ${fmt(median(offJitOff))} MiB = ${fmt(median(offJitOff) / nr, 2)}x Node-RED`,
)
for (const [flags, xs] of on) {
  console.log(
    `hub, MQTT + PV + shading + weather on, flags "${flags || 'none'}": ${fmt(median(xs))} MiB = ${fmt(median(xs) / nr, 2)}x Node-RED (goal <= 120 MB)`,
  )
}
