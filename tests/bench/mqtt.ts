// The MQTT link (issue 9), against a local broker (Mosquitto when on PATH, aedes otherwise):
// 1. An MQTT command to its first frame on the wire: the whole hub in this process with the
//    emulator at 9600 baud (tests/bench/_first-frame.ts), a Home Assistant of mqtt.js
//    publishing `set_position`, the clock started just before its publish() call. Each blind
//    starts closed and each command takes it one point further up, as position-first-frame
//    does over GraphQL, so every command sends a frame and none waits out a reversal.
//    The figure is split where the command's bytes reach the hub's socket (found through
//    diagnostics_channel): before is the broker and TCP, after is mqtt.js, the bridge, the
//    position plan and its commit, and the bus.
// 2. The resident memory of a `lamella serve` process with 50 blinds, MQTT on beside MQTT off.
// Goal (issue 9): command to first frame p99 under 15 ms with a local broker.
import Database from 'better-sqlite3'
import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import { rmSync } from 'node:fs'
import type { Socket } from 'node:net'
import { dirname } from 'node:path'
import { parseAddress } from '../../firmware-protocol/address'
import { describeRequest } from '../../firmware-protocol/pulse'
import { decodeRequest } from '../../firmware-protocol/rtu'
import { brokerClient, startBroker, watchTopics, type TestBroker } from '../helpers/broker'
import { mqttConfig } from '../helpers/mqtt-hub'
import {
  printPercentiles,
  timedHub,
  type TimestampingLink,
  type WrittenFrame,
} from './_first-frame'
import { printProcessMemory } from './_mqtt-memory'
import { seedDatabase } from './_support'

const BLINDS = 8
const WARM_UP = 40
const COMMANDS = 400
const PAUSE_MS = 5
const HUB_ID = 'bench'
const FRAME_TIMEOUT_MS = 2000

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * The first frame written from now on that switches on relay `coil` of `unit`, and how many
 * other frames went out before it. Rejects when none comes.
 */
function nextFrameOn(link: TimestampingLink, unit: number, coil: number) {
  return new Promise<{ frame: WrittenFrame; others: number }>((resolve, reject) => {
    let others = 0
    const off = link.onWrite((frame) => {
      const d = describeRequest(decodeRequest(frame.bytes))
      const on = (d.kind === 'flash-on' || (d.kind === 'write' && d.on)) && d.coil === coil
      if (!on || d.unit !== unit) return void others++
      done()
      resolve({ frame, others })
    })
    const timer = setTimeout(() => {
      done()
      reject(new Error(`no frame for relay ${unit}:${coil} within ${FRAME_TIMEOUT_MS} ms`))
    }, FRAME_TIMEOUT_MS)
    const done = () => {
      off()
      clearTimeout(timer)
    }
  })
}

/** The next bytes from the bus: the board's answer to the frame just written. */
const nextAnswer = (link: TimestampingLink) =>
  new Promise<void>((resolve) => {
    const off = link.onData(() => {
      off()
      resolve()
    })
  })

/** A command on its way: its topic, and when its bytes reached the hub's socket. */
interface InFlight {
  topic: string
  arrived?: number
}

async function commandToFirstFrame(broker: TestBroker, setting: string): Promise<void> {
  const dbPath = seedDatabase(BLINDS, 0)
  // Known and closed; 300 s up, so one point up is 3 s of motor time, never skipped.
  const seeded = new Database(dbPath)
  seeded.exec('UPDATE blinds SET position = 0, tilt = 0, travel_time_up_ms = 300000')
  seeded.close()
  // Every TCP client socket this process opens, to find the hub's own to the broker.
  const sockets: Socket[] = []
  const noteSocket = (message: unknown) => sockets.push((message as { socket: Socket }).socket)
  subscribe('net.client.socket', noteSocket)
  const hub = await timedHub(dbPath, { mqtt: mqttConfig(broker.url, HUB_ID) })
  const ha = await brokerClient(broker.url, 'bench-home-assistant')
  unsubscribe('net.client.socket', noteSocket)
  try {
    const hubSocket = sockets.find((s) => s !== ha.stream && s.remotePort === broker.port)
    if (!hubSocket) throw new Error('no socket of the hub to the broker')
    let pending: InFlight | null = null
    hubSocket.prependListener('data', (chunk: Buffer) => {
      if (pending && pending.arrived === undefined && chunk.includes(pending.topic)) {
        pending.arrived = performance.now()
      }
    })
    // The hub subscribes to its commands before it says online, on the same connection: once
    // `online` is here, the broker has its subscription.
    const status = await watchTopics(ha, `lamella/${HUB_ID}/status`)
    await status.until(`lamella/${HUB_ID}/status`, 'online')

    const blinds = hub.blinds.map((b) => {
      const up = parseAddress(b.blindAddressUp)
      if (!up.ok) throw new Error(`blind ${b.name}: ${up.reason}`)
      return { id: b.id, up: up.address }
    })
    if (blinds.length !== BLINDS) throw new Error(`expected ${BLINDS} blinds`)
    let framesBetween = 0
    // Each blind one point further up than its last target: always the same way.
    const command = async (i: number) => {
      const blind = blinds[i % BLINDS]!
      const position = Math.min(99, 1 + Math.floor(i / BLINDS))
      const topic = `lamella/${HUB_ID}/blind/${blind.id}/set_position`
      const frame = nextFrameOn(hub.link, blind.up.unit, blind.up.coil)
      const sent: InFlight = { topic }
      pending = sent
      const started = performance.now()
      ha.publish(topic, `${position}`, { qos: 0 })
      const { frame: first, others } = await frame
      framesBetween += others
      pending = null
      // The next command meets a quiet bus, as the next request does over GraphQL.
      await nextAnswer(hub.link)
      // NaN in the rare case the topic came split over two chunks.
      const arrived = sent.arrived ?? NaN
      return {
        firstFrame: first.at - started,
        delivered: arrived - started,
        inHub: first.at - arrived,
      }
    }

    for (let i = 0; i < WARM_UP; i++) await command(i)
    framesBetween = 0
    const timings: Awaited<ReturnType<typeof command>>[] = []
    for (let i = WARM_UP; i < WARM_UP + COMMANDS; i++) {
      await sleep(PAUSE_MS)
      timings.push(await command(i))
    }
    const split = timings.filter((t) => !Number.isNaN(t.delivered))
    console.log(
      `${COMMANDS} MQTT set_position commands (QoS 0), ${PAUSE_MS} ms apart (after ${WARM_UP} to warm up), ${BLINDS} blinds, broker: ${broker.kind} on 127.0.0.1 (${setting}), emulator at 9600 baud, device-timed pulses, node ${process.version}`,
    )
    printPercentiles(
      'MQTT command to first frame written',
      timings.map((t) => t.firstFrame),
      15,
    )
    console.log(`other frames written between a command and its own frame: ${framesBetween}`)
    console.log(`split at the hub's socket (${split.length} of ${COMMANDS} commands):`)
    printPercentiles(
      '  publish to bytes at the hub (broker, TCP)',
      split.map((t) => t.delivered),
    )
    printPercentiles(
      '  bytes at the hub to first frame (hub)',
      split.map((t) => t.inHub),
    )
    const late = split.filter((t) => t.delivered > 15).length
    console.log(`  commands that took over 15 ms to reach the hub: ${late}`)
  } finally {
    await ha.endAsync()
    await hub.close()
    rmSync(dirname(dbPath), { recursive: true, force: true })
  }
}

// The broker as installed, Nagle on; then with Nagle off (Mosquitto: set_tcp_nodelay true),
// which README recommends: with it on, a command that follows the broker's PUBACK of the hub's
// retained state waits for the hub's delayed ACK.
const broker = await startBroker()
try {
  await commandToFirstFrame(broker, 'default settings')
  console.log('')
  await printProcessMemory(broker.url, broker.kind)
} finally {
  await broker.close()
}
console.log('')
const noDelay = await startBroker({ noDelay: true })
try {
  await commandToFirstFrame(noDelay, 'Nagle off: set_tcp_nodelay true')
} finally {
  await noDelay.close()
}
