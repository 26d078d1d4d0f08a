// One PV poll against the emulated inverter on 127.0.0.1 (issue 13's figures), for the integer
// inverter (models 1, 103 and 160) and the float one (1 and 113): the first poll with SunSpec
// discovery, then the poll cycle as the hub runs it every 10 s (connect, one read per model
// block, close, and the energy and sample bookkeeping in SQLite), back to back. The emulator
// answers in this same process, so its work is in the figures too.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../hub/db/open'
import { HubEvents } from '../../hub/events'
import { InverterEmulator } from '../../hub/pv/inverter-emulator'
import { Photovoltaics } from '../../hub/pv/photovoltaics'
import { pvSettings } from '../../hub/pv/settings'
import { fmt } from './_support'

const POLLS = 200
const WARM_UP = 10
const quiet = { info() {}, warn() {}, error() {}, debug() {} }

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

async function bench(float: boolean): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lamella-bench-pv-'))
  const database = openDatabase(join(dir, 'lamella.db'))
  // A sunny noon, so every poll adds energy and writes it.
  const emulator = new InverterEmulator({
    float,
    startAt: Date.parse('2026-06-21T10:00:00Z'),
    speed: 60,
  })
  await emulator.start()
  const pv = new Photovoltaics({
    settings: pvSettings(`modbus-tcp://127.0.0.1:${emulator.address.port}`)!,
    db: database.db,
    events: new HubEvents(),
    log: quiet,
    now: Date.now,
    timeZone: 'Europe/Berlin',
  })
  const kind = float ? 'float inverter (1, 113)' : 'integer inverter (1, 103, 160)'

  let t0 = performance.now()
  await pv.poll()
  const firstMs = performance.now() - t0
  const first = pv.reader.lastTraffic!
  if (!pv.status().online) throw new Error(`the ${kind} was not read: ${pv.status().error}`)
  console.log(
    `${kind}: first poll with discovery: ${fmt(firstMs, 2)} ms, ${first.reads} reads, ${first.bytesSent} bytes sent, ${first.bytesReceived} received`,
  )

  const cycles: number[] = []
  const traffic = { reads: 0, sent: 0, received: 0 }
  for (let i = 0; i < WARM_UP + POLLS; i++) {
    t0 = performance.now()
    await pv.poll()
    const ms = performance.now() - t0
    if (i < WARM_UP) continue
    const poll = pv.reader.lastTraffic!
    if (poll.discovered || !pv.status().online)
      throw new Error(`poll ${i} failed: ${pv.status().error}`)
    cycles.push(ms)
    traffic.reads += poll.reads
    traffic.sent += poll.bytesSent
    traffic.received += poll.bytesReceived
  }
  cycles.sort((a, b) => a - b)
  console.log(
    `${kind}: poll cycle over ${POLLS} polls, p50: ${fmt(percentile(cycles, 50), 2)} ms, p99: ${fmt(percentile(cycles, 99), 2)} ms, max: ${fmt(cycles.at(-1)!, 2)} ms`,
  )
  console.log(
    `${kind}: per poll ${fmt(traffic.reads / POLLS, 1)} reads, ${fmt(traffic.sent / POLLS, 0)} bytes sent, ${fmt(traffic.received / POLLS, 0)} received (${fmt((traffic.sent + traffic.received) / POLLS, 0)} both ways, TCP/IP headers not counted)`,
  )
  await pv.stop()
  await emulator.stop()
  database.close()
  rmSync(dir, { recursive: true, force: true })
}

await bench(false)
await bench(true)
