// Transactions against the relay-board emulator: one at a time, with the silence between
// frames, the response timeout and its retries, exceptions, and reopening a lost link.
import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { RelayBoardEmulator } from '../../firmware-protocol/emulator'
import { decodeRequest, type Request } from '../../firmware-protocol/rtu'
import { interFrameSilenceMs } from '../../firmware-protocol/timing'
import type { BusStatusEvent } from '../realtime/events'
import { LinkListeners, type Link } from './link'
import { EmulatorLink } from './link-emulator'
import {
  BusError,
  LISTEN_MS,
  LISTEN_WINDOWS,
  RESPONSE_TIMEOUT_MS,
  Transport,
  type TransportOptions,
} from './transport'
import { quietPeriod } from '../../tests/helpers/quiet'
import { RecordingLink } from '../../tests/helpers/recording-link'
import { builtInWeather } from '../../firmware-protocol/weather-script'

const quiet = { info() {}, warn() {} }

/** A log that keeps its lines: level, message and fields. */
function recordingLog() {
  const lines: { level: 'info' | 'warn'; msg: string; [field: string]: unknown }[] = []
  return {
    lines,
    info: (obj: object, msg: string) => lines.push({ level: 'info', msg, ...obj }),
    warn: (obj: object, msg: string) => lines.push({ level: 'warn', msg, ...obj }),
  }
}
const RELAY_0_ON: Request = { unit: 1, fn: 0x05, address: 0, value: 0xff00 }

/** An adapter that can be unplugged, and that refuses to open a given number of times. */
class UnpluggableLink implements Link {
  readonly path = '/dev/ttyUSB-test'
  readonly opens: number[] = []
  failOpens = 0
  /** serialport's words when the open fails. */
  openError = 'no such device'
  private readonly inner: EmulatorLink
  private readonly listeners = new LinkListeners()

  constructor(emulator: RelayBoardEmulator) {
    this.inner = new EmulatorLink(emulator)
    this.inner.onData((chunk) => this.listeners.emitData(chunk))
  }

  get isOpen(): boolean {
    return this.inner.isOpen
  }

  async open(): Promise<void> {
    this.opens.push(performance.now())
    if (this.failOpens > 0) {
      this.failOpens--
      throw new Error(this.openError)
    }
    await this.inner.open()
  }

  write(bytes: Uint8Array): Promise<void> {
    return this.inner.write(bytes)
  }

  onData(listener: (chunk: Uint8Array) => void): () => void {
    return this.listeners.onData(listener)
  }

  onLost(listener: (reason: Error) => void): () => void {
    return this.listeners.onLost(listener)
  }

  async unplug(): Promise<void> {
    await this.inner.close()
    this.listeners.emitLost(new Error('device disconnected'))
  }

  close(): Promise<void> {
    return this.inner.close()
  }
}

/**
 * A link that hands the board's answer over as serialport does on Linux: it hears in one turn
 * of the event loop that the device is readable, then reads the bytes in libuv's thread pool,
 * which hands them over in a later turn. `stallAfterWrite` blocks the event loop (a busy-wait)
 * right after the next request went out, as a long commit or a busy machine does.
 */
class ThreadPoolLink implements Link {
  readonly path = '/dev/ttyUSB-test'
  readonly requests: Request[] = []
  stallAfterWrite = 0
  private readonly inner: EmulatorLink
  private readonly listeners = new LinkListeners()

  constructor(emulator: RelayBoardEmulator) {
    this.inner = new EmulatorLink(emulator)
    // Two trips through the thread pool: "readable", then the read. Neither touches the disk,
    // as reading a serial device does not: a busy disk elsewhere does not delay them.
    const trip = (then: () => void) => randomBytes(1, then)
    this.inner.onData((chunk) => trip(() => trip(() => this.listeners.emitData(chunk))))
  }

  get isOpen(): boolean {
    return this.inner.isOpen
  }

  open(): Promise<void> {
    return this.inner.open()
  }

  async write(bytes: Uint8Array): Promise<void> {
    this.requests.push(decodeRequest(bytes))
    const stallMs = this.stallAfterWrite
    this.stallAfterWrite = 0
    if (stallMs > 0) {
      setImmediate(() => {
        const until = performance.now() + stallMs
        while (performance.now() < until) {
          // The event loop is busy: the answer waits in the thread pool.
        }
      })
    }
    return this.inner.write(bytes)
  }

  onData(listener: (chunk: Uint8Array) => void): () => void {
    return this.listeners.onData(listener)
  }

  onLost(listener: (reason: Error) => void): () => void {
    return this.listeners.onLost(listener)
  }

  close(): Promise<void> {
    return this.inner.close()
  }
}

let transports: Transport[] = []
let boards: RelayBoardEmulator[] = []

afterEach(async () => {
  for (const t of transports) await t.stop()
  for (const b of boards) b.stop()
  transports = []
  boards = []
})

function board(options: ConstructorParameters<typeof RelayBoardEmulator>[0] = {}) {
  const emulator = new RelayBoardEmulator(options)
  boards.push(emulator)
  return emulator
}

function transport<L extends Link>(link: L, options: Partial<TransportOptions> = {}) {
  const statuses: BusStatusEvent[] = []
  const t = new Transport({
    link,
    baud: 9600,
    parity: 'none',
    log: quiet,
    onStatus: (s) => statuses.push(s),
    ...options,
  })
  transports.push(t)
  return { t, link, statuses }
}

describe('a transaction', () => {
  it('is answered by the board and decoded', async () => {
    const emulator = board()
    const { t } = transport(new RecordingLink(emulator))
    await t.start()
    await expect(t.transact(RELAY_0_ON)).resolves.toEqual({
      unit: 1,
      fn: 0x05,
      address: 0,
      value: 0xff00,
    })
    await expect(t.transact({ unit: 1, fn: 0x01, address: 0, quantity: 3 })).resolves.toEqual({
      unit: 1,
      fn: 0x01,
      values: [true, false, false],
    })
    expect(emulator.coil(1, 0)).toBe(true)
  })

  it('never overlaps another: the next frame waits for the answer and the silence after it', async () => {
    const emulator = board({ baud: 9600 })
    const { t, link } = transport(new RecordingLink(emulator))
    await t.start()
    await Promise.all([
      t.transact(RELAY_0_ON),
      t.transact({ unit: 2, fn: 0x05, address: 3, value: 0xff00 }),
      t.transact({ unit: 1, fn: 0x0f, address: 4, values: [true, false, true] }),
    ])
    expect(link.writes.map((w) => w.request.unit)).toEqual([1, 2, 1])
    expect(link.answers).toHaveLength(3)
    const silence = interFrameSilenceMs(9600)
    for (let i = 1; i < link.writes.length; i++) {
      expect(link.writes[i]!.at).toBeGreaterThanOrEqual(link.answers[i - 1]! + silence)
    }
    expect(emulator.coils(1).slice(0, 7)).toEqual([true, false, false, false, true, false, true])
    expect(emulator.coil(2, 3)).toBe(true)
  })
})

describe('a hub whose event loop was busy', () => {
  it('takes an answer that came in time, without asking again, though the deadline passed before the loop read it', async () => {
    const emulator = board()
    const { t, link } = transport(new ThreadPoolLink(emulator))
    await t.start()
    link.stallAfterWrite = 2 * RESPONSE_TIMEOUT_MS
    const flash = { unit: 1, fn: 0x05, address: 0x0200, value: 30 } as const
    await expect(t.transact(flash)).resolves.toEqual(flash)
    // Asked once: a "flash on" asked again would restart the board's pulse.
    expect(link.requests).toEqual([flash])
    expect(emulator.record.filter((c) => c.on)).toHaveLength(1)
    expect(t.status()).toEqual({ online: true, path: '/dev/ttyUSB-test' })
  })

  it('still gives up on a board that is silent, once it has listened past the deadline', async () => {
    const emulator = board()
    emulator.setFault({ kind: 'no-answer' })
    const { t, link } = transport(new ThreadPoolLink(emulator), { retries: 0 })
    await t.start()
    link.stallAfterWrite = 2 * RESPONSE_TIMEOUT_MS
    await expect(t.transact(RELAY_0_ON)).rejects.toThrow(/unit 1 did not answer within 250 ms/)
    expect(link.requests).toHaveLength(1)
  })
})

describe('a board that fails', () => {
  it('gives a BusError after one try and two retries when it never answers', async () => {
    const emulator = board()
    emulator.setFault({ kind: 'no-answer' }, 3)
    const { t, link } = transport(new RecordingLink(emulator))
    await t.start()
    const started = performance.now()
    const error = await t.transact({ unit: 3, fn: 0x05, address: 0, value: 0xff00 }).catch((e) => e)
    expect(error).toBeInstanceOf(BusError)
    expect(error.message).toMatch(/unit 3 did not answer within 250 ms \(3 tries\)/)
    expect(link.writes).toHaveLength(3)
    expect(performance.now() - started).toBeGreaterThanOrEqual(3 * RESPONSE_TIMEOUT_MS)
    // The only board it asked is silent: nothing can move, so the bus is offline.
    expect(t.status()).toEqual({
      online: false,
      path: 'emulator',
      error: expect.stringMatching(/unit 3/),
    })
    // Another unit still answers, and a success clears the error.
    await t.transact(RELAY_0_ON)
    expect(t.status()).toEqual({ online: true, path: 'emulator' })
  })

  it('is asked again when its answer has a bad CRC, then gives a BusError', async () => {
    const emulator = board()
    emulator.setFault({ kind: 'bad-crc' })
    const { t, link } = transport(new RecordingLink(emulator), { timeoutMs: 50 })
    await t.start()
    const error = await t.transact(RELAY_0_ON).catch((e) => e)
    expect(error).toBeInstanceOf(BusError)
    expect(error.message).toMatch(/bad answer from unit 1: .*CRC.*\(3 tries\)/i)
    expect(link.writes).toHaveLength(3)
    expect(t.status().error).toMatch(/unit 1/)
  })

  it('gives a BusError at once, without a retry, when the board answers with an exception', async () => {
    const emulator = board({ coilsPerUnit: 32 })
    const { t, link } = transport(new RecordingLink(emulator))
    await t.start()
    const error = await t
      .transact({ unit: 1, fn: 0x05, address: 40, value: 0xff00 })
      .catch((e) => e)
    expect(error).toBeInstanceOf(BusError)
    expect(error.message).toMatch(/exception 0x02 \(illegal data address\) from unit 1/)
    expect(link.writes).toHaveLength(1)
    expect(t.status().error).toMatch(/illegal data address/)
  })

  it('answers the next request after a slow answer was given up on', async () => {
    const emulator = board()
    // Later than the deadline and all the listening past it (LISTEN_MS x LISTEN_WINDOWS).
    emulator.setFault({ kind: 'slow', delayMs: 30 + LISTEN_MS * LISTEN_WINDOWS + 100 }, 2)
    const { t } = transport(new RecordingLink(emulator), { timeoutMs: 30, retries: 0 })
    await t.start()
    await expect(t.transact({ unit: 2, fn: 0x05, address: 0, value: 0xff00 })).rejects.toThrow(
      BusError,
    )
    const read = { unit: 1, fn: 0x01, address: 0, quantity: 1 } as const
    const answer = { unit: 1, fn: 0x01, values: [false] }
    // Sent while the late answer is still on its way, and again once it has come.
    await expect(t.transact(read)).resolves.toEqual(answer)
    await quietPeriod(200, 'the late answer comes meanwhile, and is dropped')
    await expect(t.transact(read)).resolves.toEqual(answer)
  })
})

describe('the link', () => {
  it('fails a transaction at once, without writing, while it is not open', async () => {
    const emulator = board()
    const { t, link } = transport(new RecordingLink(emulator))
    const started = performance.now()
    await expect(t.transact(RELAY_0_ON)).rejects.toThrow(/emulator is offline/)
    expect(performance.now() - started).toBeLessThan(50)
    expect(link.writes).toHaveLength(0)
    expect(emulator.record).toEqual([])
  })

  it('reports online once open, and calls onStatus on each change only', async () => {
    const emulator = board()
    const opened: number[] = []
    const { t, statuses } = transport(new EmulatorLink(emulator), {
      timeoutMs: 20,
      onOpen: () => opened.push(1),
    })
    expect(t.status()).toEqual({ online: false, path: 'emulator' })
    await t.start()
    expect(opened).toHaveLength(1)
    expect(t.status()).toEqual({ online: true, path: 'emulator' })
    await t.transact(RELAY_0_ON)
    emulator.setFault({ kind: 'no-answer' })
    await t.transact(RELAY_0_ON).catch(() => undefined)
    await t.transact(RELAY_0_ON).catch(() => undefined)
    emulator.setFault({ kind: 'none' })
    await t.transact(RELAY_0_ON)
    await t.transact(RELAY_0_ON)
    expect(statuses).toEqual([
      { online: true, path: 'emulator' },
      { online: false, path: 'emulator', error: expect.stringMatching(/did not answer/) },
      { online: true, path: 'emulator' },
    ])
  })

  it('reports offline when lost, fails transactions at once, and reopens with growing backoff', async () => {
    const emulator = board()
    const link = new UnpluggableLink(emulator)
    const opened: number[] = []
    const { t, statuses } = transport(link, {
      reopenFirstMs: 20,
      reopenMaxMs: 1000,
      onOpen: () => opened.push(performance.now()),
    })
    await t.start()
    await t.transact(RELAY_0_ON)

    link.failOpens = 3
    const lostAt = performance.now()
    await link.unplug()
    expect(t.status()).toEqual({
      online: false,
      path: '/dev/ttyUSB-test',
      error: 'link lost: device disconnected',
    })
    await expect(t.transact(RELAY_0_ON)).rejects.toThrow(
      '/dev/ttyUSB-test is offline (link lost: device disconnected)',
    )

    await expect.poll(() => opened.length, { timeout: 2000, interval: 10 }).toBe(2)
    // After the open at start: tries 20, 40, 80 and 160 ms apart; three refused, the last works.
    expect(link.opens).toHaveLength(5)
    const waits = link.opens.slice(1).map((at, i) => at - (i === 0 ? lostAt : link.opens[i]!))
    expect(waits).toHaveLength(4)
    waits.forEach((wait, i) => expect(wait).toBeGreaterThanOrEqual(20 * 2 ** i - 1))
    waits.forEach((wait, i) => expect(wait).toBeLessThan(20 * 2 ** i + 40))
    expect(t.status()).toEqual({ online: true, path: '/dev/ttyUSB-test' })
    expect(statuses.at(0)).toEqual({ online: true, path: '/dev/ttyUSB-test' })
    expect(statuses).toContainEqual({
      online: false,
      path: '/dev/ttyUSB-test',
      error: expect.stringMatching(/cannot open \/dev\/ttyUSB-test: no such device/),
    })
    expect(statuses.at(-1)).toEqual({ online: true, path: '/dev/ttyUSB-test' })
    await expect(t.transact(RELAY_0_ON)).resolves.toMatchObject({ unit: 1 })
  })

  it('stops trying to reopen once stopped', async () => {
    const emulator = board()
    const link = new UnpluggableLink(emulator)
    link.failOpens = 100
    const { t } = transport(link, { reopenFirstMs: 10 })
    await t.start()
    expect(t.status().online).toBe(false)
    await t.stop()
    const tries = link.opens.length
    await quietPeriod(60, 'no attempt to reopen follows the stop')
    expect(link.opens).toHaveLength(tries)
  })
})

describe('the link’s state in the log', () => {
  it('logs a device it cannot open once, with the path, the error and what to check, however often it retries', async () => {
    const log = recordingLog()
    const link = new UnpluggableLink(board())
    link.openError = 'Error: Permission denied, cannot open /dev/ttyUSB-test'
    link.failOpens = 5
    const { t } = transport(link, { log, reopenFirstMs: 5, reopenMaxMs: 20 })
    await t.start()
    await expect.poll(() => t.status().online, { timeout: 2000, interval: 10 }).toBe(true)

    expect(link.opens).toHaveLength(6)
    expect(log.lines).toEqual([
      {
        level: 'warn',
        msg: 'cannot open the bus link; the hub keeps trying',
        path: '/dev/ttyUSB-test',
        error:
          'cannot open /dev/ttyUSB-test: Error: Permission denied, cannot open /dev/ttyUSB-test',
        hint: "The hub has no permission to open /dev/ttyUSB-test (is the hub's user in group dialout?).",
      },
      { level: 'info', msg: 'bus link open', path: '/dev/ttyUSB-test' },
    ])
  })

  it('logs a lost link, and then a device that cannot be reopened, once each', async () => {
    const log = recordingLog()
    const link = new UnpluggableLink(board())
    const { t } = transport(link, { log, reopenFirstMs: 5, reopenMaxMs: 20 })
    await t.start()
    link.openError = 'Error: No such file or directory, cannot open /dev/ttyUSB-test'
    link.failOpens = 4
    await link.unplug()
    await expect.poll(() => t.status().online, { timeout: 2000, interval: 10 }).toBe(true)

    expect(log.lines.map((l) => [l.level, l.msg, l.hint])).toEqual([
      ['info', 'bus link open', undefined],
      [
        'warn',
        'bus link lost',
        'The USB RS-485 adapter /dev/ttyUSB-test was unplugged or stopped working; the hub keeps trying to open it again.',
      ],
      [
        'warn',
        'cannot open the bus link; the hub keeps trying',
        'The USB RS-485 adapter /dev/ttyUSB-test is not plugged in, or LAMELLA_SERIAL names the wrong device.',
      ],
      ['info', 'bus link open', undefined],
    ])
  })
})

describe('boards that do not answer on an open link', () => {
  const read = (unit: number) => ({ unit, fn: 0x01, address: 0, quantity: 1 }) as const

  it('count as offline once every known board was asked and none answers, and online again once one answers, asked by the hub itself', async () => {
    const emulator = board()
    emulator.setFault({ kind: 'no-answer' })
    const log = recordingLog()
    const { t, link, statuses } = transport(new RecordingLink(emulator), {
      log,
      timeoutMs: 20,
      reopenFirstMs: 10,
      reopenMaxMs: 40,
      knownUnits: () => [1, 2],
    })
    await t.start()

    // Unit 1 is silent; unit 2 was not asked yet, so the bus may still carry moves.
    await expect(t.transact(RELAY_0_ON)).rejects.toThrow(/unit 1 did not answer/)
    expect(t.status()).toMatchObject({ online: true, error: expect.stringMatching(/unit 1/) })

    // The hub asks unit 2 by itself; it is silent too: no board answers, the bus is offline.
    await expect.poll(() => t.status().online, { timeout: 2000, interval: 5 }).toBe(false)
    expect(statuses.at(-1)).toEqual({
      online: false,
      path: 'emulator',
      error: expect.stringMatching(/unit 1 did not answer/),
    })
    expect(log.lines.filter((l) => l.msg.startsWith('no relay board answers'))).toEqual([
      expect.objectContaining({
        level: 'warn',
        path: 'emulator',
        hint: expect.stringMatching(/^Relay board unit 1 did not answer: check that it has power/),
      }),
    ])

    // The boards answer again: the hub finds out without any command, and no relay changed.
    const asked = link.writes.length
    emulator.setFault({ kind: 'none' })
    await expect.poll(() => t.status().online, { timeout: 2000, interval: 5 }).toBe(true)
    expect(statuses.at(-1)).toMatchObject({ online: true })
    expect(link.writes.slice(asked).map((w) => w.request.fn)).toEqual(
      link.writes.slice(asked).map(() => 0x01),
    )
    expect(emulator.record).toEqual([])
    expect(log.lines.at(-1)).toMatchObject({ level: 'info', msg: 'a relay board answers again' })

    // Nothing more is asked once a board answers.
    const after = link.writes.length
    await quietPeriod(100, 'nothing more is asked once a board answers')
    expect(link.writes).toHaveLength(after)
    await expect(t.transact(read(2))).resolves.toMatchObject({ unit: 2 })
  })

  it('stay online while another known board answers, naming the silent one', async () => {
    const emulator = board()
    emulator.setFault({ kind: 'no-answer' }, 1)
    const { t, statuses } = transport(new RecordingLink(emulator), {
      timeoutMs: 20,
      reopenFirstMs: 10,
      knownUnits: () => [1, 2],
    })
    await t.start()
    await t.transact(read(2))
    await expect(t.transact(RELAY_0_ON)).rejects.toThrow(/unit 1 did not answer/)
    expect(t.status()).toEqual({
      online: true,
      path: 'emulator',
      error: expect.stringMatching(/unit 1 did not answer/),
    })
    expect(statuses.every((s) => s.online)).toBe(true)
  })
})

describe('sensor reads beside relay frames', () => {
  const WIND: Request = { unit: 10, fn: 0x03, address: 0, quantity: 1 }

  function weatherBoard() {
    return board({
      baud: 9600,
      weather: { unit: 10, script: builtInWeather('calm'), startedAt: 0 },
      now: () => 1000,
    })
  }

  it('sends every waiting relay frame before a sensor read that was queued first', async () => {
    const { t, link } = transport(new RecordingLink(weatherBoard()))
    await t.start()
    const reads = [t.read(WIND), t.read(WIND)]
    const relays = [t.transact(RELAY_0_ON), t.transact({ ...RELAY_0_ON, address: 1 })]
    await Promise.all([...reads, ...relays])
    // A read waits until the line has settled (nothing left unread); relay frames queued
    // meanwhile go first.
    expect(link.requests.map((r) => `${r.unit}:${r.fn}`)).toEqual(['1:5', '1:5', '10:3', '10:3'])
  })

  it('never takes a late answer to a read given up on for the next read’s answer', async () => {
    // Wind 7 m/s (70 at register 0), dry (0 at register 1): alike in shape, apart in meaning.
    const script = {
      name: 'steady',
      at: () => ({ wind: 7, rain: 0 as const, temperatureC: 12, step: 'steady' }),
      nextStepAfter: () => null,
    }
    const emulator = board({
      baud: 9600,
      weather: { unit: 10, script, startedAt: 0 },
      now: () => 1000,
    })
    const { t } = transport(new RecordingLink(emulator), { timeoutMs: 30 })
    await t.start()
    emulator.setFault({ kind: 'slow', delayMs: 60 }, 10)
    await expect(t.read(WIND)).rejects.toThrow(/did not answer/)
    // The rain is asked while the wind's late answer (70) is still on its way: that answer
    // must not pass for the rain's. Still slow, the rain's own comes too late as well.
    await expect(t.read({ ...WIND, address: 1 })).rejects.toThrow(/did not answer/)
    emulator.setFault({ kind: 'none' }, 10)
    await expect(t.read({ ...WIND, address: 1 })).resolves.toMatchObject({ registers: [0] })
  })

  it('answers a read with the registers, and tries a silent sensor once without a word on the bus', async () => {
    const emulator = weatherBoard()
    const { t, link, statuses } = transport(new RecordingLink(emulator))
    await t.start()
    const answer = await t.read(WIND)
    expect(answer).toMatchObject({ unit: 10, fn: 0x03, registers: [expect.any(Number)] })
    emulator.setFault({ kind: 'no-answer' }, 10)
    const before = link.writes.length
    await expect(t.read(WIND)).rejects.toThrow(/unit 10 did not answer within 250 ms$/)
    expect(link.writes.length - before).toBe(1)
    // The sensor's silence is the sensor's: the bus stays online with no error.
    expect(t.status()).toEqual({ online: true, path: 'emulator' })
    expect(statuses.at(-1)).toEqual({ online: true, path: 'emulator' })
  })
})
