// The Matter bridge's cost and speed (issue 21), with 20 blinds, in a private network made for
// the purpose (tests/helpers/matter-net: a namespace and a veth pair; nothing reaches the real
// network). Needs root and `ip`.
//   1. Idle RSS of `lamella serve` with Matter off and on, and the start-up time Matter adds.
//   2. Inside the namespace, the whole hub in this process with the bus emulator behind a
//      timestamping link, paired with matter.js's controller: a Matter command to the first
//      relay frame on the wire (p50/p99), and a move made over GraphQL (as the UI does) to the
//      controller hearing the blind's operational status change (p50/p99).
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Environment, Logger, Seconds, ServerNode } from '@matter/main'
import { BridgedDeviceBasicInformationClient } from '@matter/main/behaviors/bridged-device-basic-information'
import { WindowCoveringClient } from '@matter/main/behaviors/window-covering'
import { startMatterHub } from '../helpers/matter-hub'
import { makeMatterNet, matterNetUnavailable } from '../helpers/matter-net'
import { printPercentiles, timedHub } from './_first-frame'
import { fmt, median, rssMiB, seedDatabase } from './_support'

const BLINDS = 20
const STARTS = 3
const COMMANDS = 60
const UI_MOVES = 30
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function outside(): Promise<void> {
  const why = matterNetUnavailable()
  if (why) {
    console.log(`skipped: ${why}`)
    return
  }
  const net = makeMatterNet()
  try {
    const seeded = seedDatabase(BLINDS, 0)
    for (const on of [false, true]) {
      const dbPath = join(mkdtempSync(join(tmpdir(), 'lamella-bench-matter-')), 'lamella.db')
      copyFileSync(seeded, dbPath)
      const ready: number[] = []
      const http: number[] = []
      const rss: number[] = []
      for (let i = 0; i < STARTS; i++) {
        const hub = await startMatterHub(net, dbPath, { LAMELLA_MATTER: on ? '1' : '0' })
        ready.push(hub.readyMs)
        http.push(hub.httpReadyMs)
        await pause(3000)
        rss.push(rssMiB(hub.pid).total)
        await hub.stop()
      }
      console.log(
        `Matter ${on ? 'on ' : 'off'} (${BLINDS} blinds): web UI ready median ${fmt(median(http), 0)} ms,` +
          ` Matter ready median ${on ? `${fmt(median(ready), 0)} ms` : '-'},` +
          ` idle RSS after 3 s median ${fmt(median(rss))} MiB (max ${fmt(Math.max(...rss))})`,
      )
    }
    // The timings, in the namespace, by this program run again there.
    execFileSync(
      'ip',
      [
        'netns',
        'exec',
        net.namespace,
        process.execPath,
        process.argv[1]!,
        '--inside',
        net.hubInterface,
      ],
      { stdio: 'inherit' },
    )
  } finally {
    net.remove()
  }
}

async function inside(networkInterface: string): Promise<void> {
  const dbPath = seedDatabase(BLINDS, 0)
  const { services, events, link, port, headers, blinds, close } = await timedHub(dbPath, {
    matter: { port: 5540, networkInterface },
    deadTimeMs: 200,
  })
  const env = Environment.default
  env.vars.set('mdns.networkInterface', networkInterface)
  Logger.level = 'error'
  const controller = await ServerNode.create({
    id: 'bench-controller',
    network: { port: 5541 },
    commissioning: { enabled: false },
  })
  await controller.start()
  // The bridge starts in the background once the hub listens.
  const admin = { id: 'bench', isAdmin: true }
  while (services.matter.status(admin).manualPairingCode === null) await pause(50)
  const code = services.matter.status(admin).manualPairingCode!
  const peer = await controller.peers.commission({ pairingCode: code, timeout: Seconds(60) })
  // Every covering, by blind name.
  const byName = new Map<string, typeof peer.endpoints extends Iterable<infer E> ? E : never>()
  for (let tries = 0; byName.size < BLINDS && tries < 200; tries++) {
    for (const endpoint of peer.endpoints) {
      if (!endpoint.lifecycle.isReady) continue
      const label = endpoint.maybeStateOf(BridgedDeviceBasicInformationClient)?.nodeLabel
      if (label && endpoint.maybeStateOf(WindowCoveringClient)) byName.set(label, endpoint)
    }
    await pause(50)
  }

  // 1. A Matter command (open or close, in turn) to the first relay frame.
  const toFrame: number[] = []
  for (let i = 0; i < COMMANDS; i++) {
    const blind = blinds[i % BLINDS]!
    const covering = byName.get(blind.name)!.commandsOf(WindowCoveringClient)
    const before = link.written.length
    const started = performance.now()
    await (i % 2 === 0 ? covering.downOrClose() : covering.upOrOpen())
    for (let w = 0; link.written.length === before && w < 400; w++) await pause(5)
    const first = link.written[before]
    if (first) toFrame.push(first.at - started)
    await covering.stopMotion()
    await pause(100)
  }
  printPercentiles(`Matter command to first relay frame (${COMMANDS})`, toFrame)

  // 2. A move over GraphQL, as the UI sends it, to the controller's report of the motion.
  const reports: number[] = []
  const toMotion: number[] = []
  for (let i = 0; i < UI_MOVES; i++) {
    const blind = blinds[i % BLINDS]!
    const moving = new Promise<number>((resolve) => {
      const off = events.on('blind:motion', ({ event }) => {
        if (event.id !== blind.id || event.motion === 'IDLE') return
        off()
        resolve(performance.now())
      })
    })
    const covering = byName.get(blind.name)!.eventsOf(WindowCoveringClient)
    const heard = new Promise<number>((resolve) => {
      const on = () => {
        covering.operationalStatus$Changed.off(on)
        resolve(performance.now())
      }
      covering.operationalStatus$Changed.on(on)
    })
    const started = performance.now()
    await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        query: `mutation($ids: [ID!]!) { blindMove(ids: $ids, direction: ${i % 2 === 0 ? 'UP' : 'DOWN'}) { id } }`,
        variables: { ids: [blind.id] },
      }),
    })
    const at = await Promise.race([heard, pause(5000).then(() => null)])
    if (at !== null) reports.push(at - started)
    const motionAt = await Promise.race([moving, pause(5000).then(() => null)])
    if (motionAt !== null) toMotion.push(motionAt - started)
    await services.positions.move({ id: 'bench', isAdmin: true }, [blind.id], 'STOP')
    // The controller's subscription asks for at most one report a second (its minimum
    // interval): the next move waits that out, so each figure is the bridge's own delay.
    await pause(1500)
  }
  printPercentiles(`UI move to the hub's blind:motion event (${UI_MOVES})`, toMotion)
  printPercentiles(`UI move to the controller's report (${UI_MOVES})`, reports)
  await controller.close()
  await close()
}

const at = process.argv.indexOf('--inside')
if (at >= 0) await inside(process.argv[at + 1]!)
else await outside()
