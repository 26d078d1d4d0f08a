// The bus never mistakes one answer for another (ARCHITECTURE.md section 18), against the
// emulator's probe unit, whose every register carries its own number and the number of the read
// that asked, so a value taken from the wrong register or the wrong request shows at once.
import { afterEach, describe, expect, it } from 'vitest'
import { RelayBoardEmulator, type Noise } from '../../firmware-protocol/emulator'
import { fromProbeWord } from '../../firmware-protocol/emulator-probe'
import { encodeResponse, type Request } from '../../firmware-protocol/rtu'
import { RecordingLink } from '../../tests/helpers/recording-link'
import { LinkListeners, type Link } from './link'
import { EmulatorLink } from './link-emulator'
import { Transport, type TransportOptions } from './transport'

const PROBE = 20
const quiet = { info() {}, warn() {} }
let stops: (() => unknown)[] = []
afterEach(async () => {
  for (const stop of stops.reverse()) await stop()
  stops = []
})

async function rig(options: Partial<TransportOptions> = {}) {
  const emulator = new RelayBoardEmulator({ baud: 9600, probeUnit: PROBE })
  const link = new RecordingLink(emulator)
  const warnings: { msg: string; [field: string]: unknown }[] = []
  const t = new Transport({
    link,
    baud: 9600,
    parity: 'none',
    log: { info() {}, warn: (obj, msg) => warnings.push({ msg, ...obj }) },
    ...options,
  })
  await t.start()
  stops.push(
    () => t.stop(),
    () => emulator.stop(),
  )
  return { emulator, link, t, warnings }
}

const read = (address: number, quantity = 1): Request => ({
  unit: PROBE,
  fn: 0x03,
  address,
  quantity,
})

/**
 * Reads `request` `times` times in a row (`pollMs` apart); each outcome is right (the registers
 * asked, by the read the probe saw last), lost (a BusError), or mistaken.
 */
async function readMany(
  t: Transport,
  emulator: RelayBoardEmulator,
  request: Request,
  times: number,
  pollMs = 0,
) {
  const outcome = { right: 0, lost: 0, mistaken: [] as string[] }
  if (request.fn !== 0x03) throw new Error('probe reads only')
  for (let i = 0; i < times; i++) {
    try {
      const response = await t.read(request)
      if (!('registers' in response)) throw new Error('not a register answer')
      const reads = response.registers.map(fromProbeWord)
      const want = emulator.probe!.reads & 0xff
      const wrong = reads.find((r, k) => r.register !== request.address + k || r.read !== want)
      if (wrong)
        outcome.mistaken.push(
          `register ${wrong.register} of read ${wrong.read} (wanted read ${want})`,
        )
      else outcome.right++
    } catch {
      outcome.lost++
    }
    // A poller's cadence: the next read of the unit once its interval has passed.
    if (pollMs > 0) await new Promise((r) => setTimeout(r, pollMs))
  }
  return outcome
}

/** Each answer of the probe's is followed at once by another of its shape, with other values. */
class TwiceAnsweringLink extends LinkListeners implements Link {
  readonly path = 'emulator'
  readonly wireTimed = true
  private readonly inner: EmulatorLink

  constructor(emulator: RelayBoardEmulator) {
    super()
    this.inner = new EmulatorLink(emulator)
    this.inner.onData((chunk) => {
      this.emitData(chunk)
      if (chunk[0] !== PROBE) return
      const other = encodeResponse({ unit: PROBE, fn: 0x03, registers: [0xee00] })
      setTimeout(() => this.emitData(other), 1)
    })
  }

  get isOpen(): boolean {
    return this.inner.isOpen
  }

  open(): Promise<void> {
    return this.inner.open()
  }

  write(bytes: Uint8Array): Promise<void> {
    return this.inner.write(bytes)
  }

  close(): Promise<void> {
    return this.inner.close()
  }
}

const noisy = (noise: Omit<Noise, 'seed'>, seed = 31): { kind: 'noisy'; noise: Noise } => ({
  kind: 'noisy',
  noise: { seed, ...noise },
})

describe('a slow sensor whose answers come after the hub gave up', () => {
  it('never hands a late answer to the next read', async () => {
    const { t, emulator } = await rig({ timeoutMs: 30 })
    // Every answer 35-55 ms late: after the 30 ms timeout, before two of them.
    emulator.setFault(noisy({ late: 1, lateMs: [35, 55] }), PROBE)
    const outcome = await readMany(t, emulator, read(0), 12)
    expect(outcome).toEqual({ right: 0, lost: 12, mistaken: [] })
    // Once the late answers stop, reads are right again (after the last one was waited out).
    emulator.setFault({ kind: 'none' }, PROBE)
    const after = await readMany(t, emulator, read(0), 5)
    expect(after).toEqual({ right: 5, lost: 0, mistaken: [] })
  })

  it('learns how late a unit answers from its first late answer, and waits that long after', async () => {
    const { t, emulator } = await rig({ timeoutMs: 30 })
    // Answers 150-200 ms late: long past two timeouts (60 ms). Read at a poller's pace, the
    // late answers land between reads, and the hub learns from the first how slow the unit is;
    // from then on it waits that long after each read, even when reads come back to back.
    emulator.setFault(noisy({ late: 1, lateMs: [150, 200] }), PROBE)
    const first = await readMany(t, emulator, read(0), 2, 300)
    expect(first).toEqual({ right: 0, lost: 2, mistaken: [] })
    const after = await readMany(t, emulator, read(0), 8)
    expect(after).toEqual({ right: 0, lost: 8, mistaken: [] })
  })

  it('holds only the unit that owes an answer: other units go on at once', async () => {
    const { t, emulator, link } = await rig({ timeoutMs: 100 })
    emulator.setFault({ kind: 'slow', delayMs: 150 }, PROBE)
    await expect(t.read(read(0))).rejects.toThrow(/did not answer/)
    const held = t.read(read(0))
    // A relay board is asked while the probe is held, and answers at once.
    await expect(t.transact({ unit: 1, fn: 0x01, address: 0, quantity: 1 })).resolves.toEqual({
      unit: 1,
      fn: 0x01,
      values: [false],
    })
    expect(link.requests.map((r) => r.unit)).toEqual([PROBE, 1])
    emulator.setFault({ kind: 'none' }, PROBE)
    // The held read went out only once the late answer had come (150 ms after the first).
    const answer = await held
    expect(link.requests.map((r) => r.unit)).toEqual([PROBE, 1, PROBE])
    expect(link.writes[2]!.at - link.writes[0]!.at).toBeGreaterThanOrEqual(150)
    expect('registers' in answer && fromProbeWord(answer.registers[0]!)).toEqual({
      register: 0,
      read: 2,
    })
  })
})

describe('noise on the line', () => {
  it('loses a garbled answer, never takes it', async () => {
    const { t, emulator } = await rig()
    emulator.setFault(noisy({ garbled: 1 }), PROBE)
    const outcome = await readMany(t, emulator, read(0, 3), 20)
    expect(outcome).toEqual({ right: 0, lost: 20, mistaken: [] })
  })

  it('drops stray bytes after an answer, counts them, and logs them once a minute', async () => {
    const { t, emulator, warnings } = await rig()
    // Strays 6-30 ms after each answer: past the silence that ends it, so the answer stands.
    emulator.setFault(noisy({ stray: 1, strayAfterMs: [6, 30] }), PROBE)
    const outcome = await readMany(t, emulator, read(0, 2), 10)
    expect(outcome.mistaken).toEqual([])
    expect(outcome.right + outcome.lost).toBe(10)
    expect(outcome.right).toBeGreaterThanOrEqual(8)
    expect(t.strayFrames).toBeGreaterThanOrEqual(9)
    expect(warnings.filter((w) => /stray bytes/.test(w.msg))).toHaveLength(1)
  })

  it('takes an answer split in two with a gap, as a USB adapter hands it over', async () => {
    const { t, emulator } = await rig()
    emulator.setFault(noisy({ split: 1, splitGapMs: 25 }), PROBE)
    const outcome = await readMany(t, emulator, read(4, 3), 10)
    expect(outcome).toEqual({ right: 10, lost: 0, mistaken: [] })
  })

  it('never takes an answer whose register count does not fit the read', async () => {
    const { t, emulator } = await rig({ timeoutMs: 40 })
    // The answer to a 2-register read comes so late that a 1-register read is in flight: its
    // length does not fit, so it is no answer; the 1-register read's own is.
    emulator.setFault({ kind: 'slow', delayMs: 60 }, PROBE)
    await expect(t.read(read(0, 2))).rejects.toThrow(/did not answer/)
    emulator.setFault({ kind: 'none' }, PROBE)
    const outcome = await readMany(t, emulator, read(0, 1), 3)
    expect(outcome).toEqual({ right: 3, lost: 0, mistaken: [] })
  })

  it('takes neither of two different answers that both fit the read', async () => {
    const emulator = new RelayBoardEmulator({ baud: 9600, probeUnit: PROBE })
    // A second master, or a device answering twice: right behind each answer comes another of
    // the same shape with other values, within the silence that would end the first.
    const link = new TwiceAnsweringLink(emulator)
    const t = new Transport({ link, baud: 9600, parity: 'none', log: quiet })
    await t.start()
    stops.push(
      () => t.stop(),
      () => emulator.stop(),
    )
    const outcome = await readMany(t, emulator, read(0), 5)
    expect(outcome).toEqual({ right: 0, lost: 5, mistaken: [] })
  })

  it('loses strays as they come, within the silence or after it, never a value', async () => {
    const { t, emulator } = await rig()
    emulator.setFault(noisy({ stray: 1, strayAfterMs: [0, 12] }, 7), PROBE)
    const outcome = await readMany(t, emulator, read(0), 20)
    expect(outcome.mistaken).toEqual([])
    expect(outcome.right).toBeGreaterThan(10)
  })

  it('reads right through a mix of every fault, seed after seed', async () => {
    const { t, emulator } = await rig({ timeoutMs: 30 })
    let lost = 0
    for (const seed of [1, 2, 3]) {
      emulator.setFault(
        noisy({ late: 0.2, garbled: 0.05, stray: 0.05, split: 0.05, lateMs: [35, 80] }, seed),
        PROBE,
      )
      const outcome = await readMany(t, emulator, read(seed, 2), 40)
      expect(outcome.mistaken).toEqual([])
      lost += outcome.lost
    }
    expect(lost).toBeLessThan(120 * 0.6)
  })
})
