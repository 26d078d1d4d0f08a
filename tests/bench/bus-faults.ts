// The bus through slow and noisy devices (issue 31, ARCHITECTURE.md section 18): sensor reads
// from probe units whose every register carries its number and the read's, through the
// emulator's seeded line noise (20 % of answers late, after the master gave up; 5 % garbled;
// 5 % followed by stray bytes), with relay commands between them at random moments and a
// CPU-bound task blocking the event loop now and then. Prints the readings taken from the wrong
// register or the wrong request (must be 0), the share of reads lost, the strays dropped, and
// request to first relay frame beside three noisy sensors read each second. The real transaction layer over the in-process emulator with
// the wire timing of 9600 baud; the probes answer late by 260-480 ms, past the hub's 250 ms.
//   LAMELLA_BENCH_READS=N (default 10000), LAMELLA_SEED=N
import { RelayBoardEmulator } from '../../firmware-protocol/emulator'
import { fromProbeWord } from '../../firmware-protocol/emulator-probe'
import { seedFrom } from '../../firmware-protocol/seeded-random'
import { Transport } from '../../hub/bus/transport'
import { blockLoopAtRandom } from '../helpers/loop-blocker'
import { printPercentiles, TimestampingLink } from './_first-frame'
import { fmt } from './_support'

const READS = Number(process.env.LAMELLA_BENCH_READS ?? 10_000)
const SEED = seedFrom(process.env.LAMELLA_SEED)
/** Probe units, each read in turn as a poller reads its sensors' blocks. */
const PROBES = Array.from({ length: 16 }, (_, i) => 20 + i)
/** Phase two: three sensors read once a second each, as a house reads its weather. */
const HOUSE_PROBES = PROBES.slice(0, 3)
const RELAY_COMMANDS = 300
const BLOCKS = [
  { address: 0, quantity: 3 },
  { address: 16, quantity: 1 },
]
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const emulator = new RelayBoardEmulator({ baud: 9600, probeUnit: PROBES })
PROBES.forEach((unit, i) =>
  emulator.setFault(
    { kind: 'noisy', noise: { seed: SEED + i, late: 0.2, garbled: 0.05, stray: 0.05 } },
    unit,
  ),
)
const link = new TimestampingLink(emulator)
const transport = new Transport({ link, baud: 9600, parity: 'none', log: { info() {}, warn() {} } })
await transport.start()
console.log(`seed ${SEED}, ${READS} reads over ${PROBES.length} noisy probe units, 9600 baud`)

const outcome = { right: 0, lost: 0, mistaken: 0 }
let done = 0
let housePolling = true
const started = performance.now()
/** Reads `unit`'s blocks in turn, `pollMs` apart, until READS are done (or, with a poll, until told). */
async function poll(unit: number, pollMs = 0): Promise<void> {
  const probe = emulator.probes.get(unit)!
  for (let i = 0; pollMs > 0 ? housePolling : done < READS; i++) {
    if (pollMs > 0) await sleep(pollMs)
    const { address, quantity } = BLOCKS[i % BLOCKS.length]!
    done++
    if (done % 1000 === 0) {
      const s = (performance.now() - started) / 1000
      console.log(
        `  ${done} reads in ${fmt(s, 0)} s: ${outcome.mistaken} mistaken, ${outcome.lost} lost`,
      )
    }
    try {
      const answer = await transport.read({ unit, fn: 0x03, address, quantity })
      const want = probe.reads & 0xff
      const words = 'registers' in answer ? answer.registers.map(fromProbeWord) : []
      const right =
        words.length === quantity &&
        words.every((w, k) => w.register === address + k && w.read === want)
      if (right) outcome.right++
      else outcome.mistaken++
    } catch {
      outcome.lost++
    }
  }
}

const relaySamples: number[] = []
async function relays(): Promise<void> {
  for (let n = 0, coil = 0; n < RELAY_COMMANDS; n++, coil = (coil + 1) % 8) {
    await sleep(50 + Math.random() * 200)
    const before = link.written.length
    const at = performance.now()
    const written = new Promise<number>((resolve) => {
      const off = link.onWrite((frame) => {
        if (frame.bytes[0] !== 1) return
        off()
        resolve(frame.at - at)
      })
    })
    await transport.transact({ unit: 1, fn: 0x05, address: coil, value: coil % 2 ? 0xff00 : 0 })
    if (link.written.length > before) relaySamples.push(await written)
  }
}

const blocker = blockLoopAtRandom(SEED, { everyMs: 500, minMs: 5, maxMs: 120 })
await Promise.all(PROBES.map((unit) => poll(unit)))
blocker.stop()
const seconds = (performance.now() - started) / 1000
const counted = { ...outcome }
// Phase two: relay commands at random moments while three noisy sensors are read each second.
const house = Promise.all(HOUSE_PROBES.map((unit) => poll(unit, 1000)))
await relays()
housePolling = false
await house
await transport.stop()
emulator.stop()

const noise = emulator.noise
console.log(
  `noise on ${noise.answers} answers: ${noise.late} late, ${noise.garbled} garbled, ${noise.stray} followed by strays`,
)
console.log(
  `event loop blocked ${blocker.blocks} times, ${fmt(blocker.blockedMs / 1000, 1)} s in all, over ${fmt(seconds, 0)} s`,
)
console.log(`readings mistaken (wrong register or wrong request): ${counted.mistaken} (goal 0)`)
console.log(
  `reads lost: ${counted.lost} of ${READS} (${fmt((100 * counted.lost) / READS, 1)} %); right: ${counted.right}`,
)
console.log(
  `after them, ${outcome.right + outcome.lost + outcome.mistaken - READS} reads of 3 sensors at 1 s beside ${RELAY_COMMANDS} relay commands: ${outcome.mistaken - counted.mistaken} mistaken`,
)
console.log(`stray frames dropped: ${transport.strayFrames}`)
printPercentiles('request to first relay frame, 3 noisy sensors read each second', relaySamples, 15)
