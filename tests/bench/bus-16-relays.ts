// Time to switch 16 relays on 2 units (8 each) through the transaction layer and the coil
// writer, against the relay-board emulator with the wire timing of 9600 baud, beside the
// physical minimum of the frames that takes:
//   hub-timed:    one write-multiple-coils frame per unit (2 requests, 2 answers);
//   device-timed: one flash-on frame per relay (16 requests, 16 answers).
// The minimum counts each request and answer byte on the line, the board's turnaround
// between them, and the 3.5-character silence before each request but the first.
// Goal (issue 3): within 1.5x of that minimum.
import { RelayBoardEmulator } from '../../firmware-protocol/emulator'
import { DEFAULT_TURNAROUND_MS } from '../../firmware-protocol/emulator-wire'
import { flashOn } from '../../firmware-protocol/pulse'
import { encodeRequest, encodeResponse, type Request } from '../../firmware-protocol/rtu'
import { frameTimeMs, interFrameSilenceMs } from '../../firmware-protocol/timing'
import { CoilWriter } from '../../hub/bus/coils'
import { EmulatorLink } from '../../hub/bus/link-emulator'
import { Transport } from '../../hub/bus/transport'
import { fmt } from './_support'

const BAUD = 9600
const REPETITIONS = 30
const WARM_UP = 3
const UNITS = [1, 2]
const COILS = [0, 1, 2, 3, 4, 5, 6, 7]
const PULSE_MS = 60_000

const emulator = new RelayBoardEmulator({ baud: BAUD })
const transport = new Transport({
  link: new EmulatorLink(emulator),
  baud: BAUD,
  parity: 'none',
  log: { info() {}, warn() {} },
})
const coils = new CoilWriter(transport)
await transport.start()

const relays = UNITS.flatMap((unit) => COILS.map((coil) => ({ unit, coil })))
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Bytes on the line and the board's turnaround for these transactions, one after another. */
function minimumMs(transactions: { request: Request; answerBytes: number }[]): number {
  const wire = transactions.reduce(
    (sum, t) =>
      sum +
      frameTimeMs(encodeRequest(t.request).length, BAUD) +
      DEFAULT_TURNAROUND_MS +
      frameTimeMs(t.answerBytes, BAUD),
    0,
  )
  return wire + (transactions.length - 1) * interFrameSilenceMs(BAUD)
}

/** `REPETITIONS` timed runs of `switchOn`, fastest first, each from all relays off on a quiet bus. */
async function measure(switchOn: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < WARM_UP + REPETITIONS; i++) {
    await coils.set(relays.map((r) => ({ ...r, on: false })))
    await sleep(20)
    const started = performance.now()
    await switchOn()
    const elapsed = performance.now() - started
    if (i >= WARM_UP) times.push(elapsed)
    if (!relays.every((r) => emulator.coil(r.unit, r.coil))) throw new Error('a relay is not on')
  }
  return times.sort((a, b) => a - b)
}

function report(mode: string, frames: string, times: number[], minimum: number): void {
  const median = times[Math.floor(times.length / 2)]!
  console.log(`${mode}: median ${fmt(median, 2)} ms to switch 16 relays (${frames})`)
  console.log(`${mode}: fastest ${fmt(times[0]!, 2)} ms, slowest ${fmt(times.at(-1)!, 2)} ms`)
  console.log(`${mode}: physical minimum of those frames ${fmt(minimum, 2)} ms`)
  console.log(`${mode}: median / minimum = ${fmt(median / minimum, 2)} (goal <= 1.5)`)
}

console.log(
  `16 relays on units ${UNITS.join(' and ')} (coils 0-7 each), emulator at ${BAUD} baud 8N1, turnaround ${DEFAULT_TURNAROUND_MS} ms, silence ${fmt(interFrameSilenceMs(BAUD), 2)} ms, ${REPETITIONS} runs each, node ${process.version}`,
)

const hubTimed = await measure(() => coils.set(relays.map((r) => ({ ...r, on: true }))))
const hubMinimum = minimumMs(
  UNITS.map((unit) => {
    const request: Request = { unit, fn: 0x0f, address: 0, values: COILS.map(() => true) }
    const answer = encodeResponse({ unit, fn: 0x0f, address: 0, quantity: COILS.length })
    return { request, answerBytes: answer.length }
  }),
)
report('hub-timed', '2 write-multiple-coils frames', hubTimed, hubMinimum)

const deviceTimed = await measure(async () => {
  await Promise.all(relays.map((r) => coils.flash(r.unit, r.coil, PULSE_MS)))
})
const deviceMinimum = minimumMs(
  relays.map((r) => {
    const request = flashOn(r.unit, r.coil, PULSE_MS)
    return { request, answerBytes: encodeResponse(request).length }
  }),
)
report('device-timed', '16 flash-on frames', deviceTimed, deviceMinimum)

await coils.set(relays.map((r) => ({ ...r, on: false })))
await transport.stop()
emulator.stop()
