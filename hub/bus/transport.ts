// Modbus RTU transactions over a Link: one at a time, with the inter-frame silence, a 250 ms
// response timeout and 2 retries, CRC and exception checks. A board counts as silent only once
// the hub has listened past the deadline, not merely because the deadline passed while its
// event loop was busy. When the link is lost it reopens with backoff; meanwhile every
// transaction fails at once with a BusError. The process never dies from the bus.
//
// Modbus RTU has no transaction id, so an answer is told only by its unit, function and length
// (ARCHITECTURE.md section 18). Frames are cut from the bytes by length and CRC, never by the
// gaps between chunks: a USB adapter hands bytes over every few ms and a busy event loop later
// still, so a gap seen here says nothing about the wire. Bytes that answer nothing in flight are
// strays, dropped and counted. A read is written only once the line is quiet and an idle event
// loop has found nothing left unread; its answer must fit it, come no sooner than the wire
// allows, and stand alone; a unit whose read went unanswered is held until its late answer came
// or the line stayed quiet long enough (late-answers.ts).
import { performance as nodePerformance, type EventLoopUtilization } from 'node:perf_hooks'
import { inspectFrame, scanFrames } from '../../firmware-protocol/frame-scan'
import {
  READ_COILS,
  ProtocolError,
  answerLength,
  checkReply,
  decodeResponse,
  encodeRequest,
  responseLength,
  toHex,
  type Request,
  type Response,
} from '../../firmware-protocol/rtu'
import { frameTimeMs, interFrameSilenceMs } from '../../firmware-protocol/timing'
import { systemClock, type Clock, type ClockTimer } from '../clock/clock'
import type { Parity } from '../config'
import type { BusStatusEvent } from '../realtime/events'
import { BoardAnswers } from './board-answers'
import { busHint } from './bus-problem'
import { LateAnswers } from './late-answers'
import type { Link } from './link'
import { StrayFrames } from './strays'

export const RESPONSE_TIMEOUT_MS = 250
export const RETRIES = 2
export const REOPEN_FIRST_MS = 500
export const REOPEN_MAX_MS = 10_000
/**
 * Past the deadline the hub listens on in windows of this long until its event loop has spent
 * half of one waiting for input with none there (or for LISTEN_WINDOWS windows at most).
 */
export const LISTEN_MS = 6
export const LISTEN_WINDOWS = 10

export interface BusLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
}

export interface TransportOptions {
  link: Link
  /** Times the silences, timeouts and reopens (default the system's). */
  clock?: Clock
  baud: number
  parity: Parity
  log: BusLog
  /** Called with every change of the bus status. */
  onStatus?: (status: BusStatusEvent) => void
  /** Called after the link (re)opens, before queued transactions go on. */
  onOpen?: () => void
  timeoutMs?: number
  retries?: number
  reopenFirstMs?: number
  reopenMaxMs?: number
  /** The units of the blinds there are: asked by the hub itself while no board answers. */
  knownUnits?: () => number[]
}

/** A transaction that did not succeed; the API answers it with 503. */
export class BusError extends Error {
  override name = 'BusError'

  constructor(
    message: string,
    /** The Modbus exception code when the board refused the request, having done nothing. */
    readonly exception?: number,
  ) {
    super(message)
  }
}

/**
 * How much of the time since `since` the event loop spent waiting for input: node's own
 * measure, never a test's fake clock (that fakes the global performance, not this one).
 */
const loopUtilization = (since?: EventLoopUtilization) =>
  nodePerformance.eventLoopUtilization(since)

/**
 * `command`: a relay frame; `asking`: the hub's own question whether a board answers, which
 * changes no error; `sensor`: a sensor's read, tried once, its outcome its own.
 */
type Mode = 'command' | 'asking' | 'sensor'

interface Job {
  request: Request
  mode: Mode
  resolve: (value: TimedResponse) => void
  reject: (reason: unknown) => void
}

/** What came back for a request: its answer, a refusal, or why nothing counts. */
type Heard =
  | { kind: 'answer'; bytes: Uint8Array; at: number }
  | { kind: 'none' }
  /**
   * Bytes came, but no frame that answers the request: a frame of the unit's that does not fit,
   * or garbled bytes. `owes`: they do not look like its answer garbled on the way (its length,
   * from its unit or for its function), so that answer may still come.
   */
  | { kind: 'bad'; why: string; owes?: true }
  /** Two different frames that each could be its answer: neither is taken. */
  | { kind: 'ambiguous' }

/** A frame that is not the answer to `request` (the wrong unit, function, length or echo). */
function answers(request: Request, frame: Uint8Array): boolean {
  try {
    checkReply(request, decodeResponse(frame))
    return true
  } catch (err) {
    if (!(err instanceof ProtocolError)) throw err
    return err.kind === 'exception'
  }
}

export interface TimedResponse {
  response: Response
  /** When the board acted on the request (monotonic ms). */
  answeredAt: number
}

export class Transport {
  private readonly link: Link
  /** The bytes heard since the request in flight went out, each with when it came. */
  private rx: number[] = []
  private rxAt: number[] = []
  /** Bytes heard while no request was in flight, not yet cut into frames. */
  private loose: Uint8Array = new Uint8Array(0)
  private inFlight = false
  private lastActivity = 0
  /** When an idle event loop last found the line quiet with nothing unread; null: not since. */
  private settledAt: number | null = null
  private settling = false
  private holdTimer: ClockTimer | undefined
  private readonly late: LateAnswers
  private readonly strays: StrayFrames
  private waiter: (() => void) | null = null
  /** Transactions waiting for the line: relay frames always go before sensor reads. */
  private readonly waiting: Record<'relay' | 'sensor', Job[]> = { relay: [], sensor: [] }
  private busy = false
  private lastError: string | undefined
  private reopenTimer: ClockTimer | undefined
  private reopenDelay: number
  /** Whether the boards answer; while none does, the bus counts as offline. */
  private readonly answers: BoardAnswers
  private stopped = true
  private readonly unsubscribe: (() => void)[] = []
  private readonly silenceMs: number

  private readonly clock: Clock

  constructor(private readonly options: TransportOptions) {
    this.link = options.link
    this.clock = options.clock ?? systemClock
    this.silenceMs = interFrameSilenceMs(options.baud, options.parity)
    this.reopenDelay = options.reopenFirstMs ?? REOPEN_FIRST_MS
    this.late = new LateAnswers(this.timeoutMs)
    this.strays = new StrayFrames(
      (fields, msg) => options.log.warn({ path: this.link.path, ...fields }, msg),
      () => this.clock.monotonic(),
    )
    this.answers = new BoardAnswers({
      ...(options.knownUnits && { knownUnits: options.knownUnits }),
      canAsk: () => !this.stopped && this.link.isOpen,
      // The hub's own question: one coil read, which changes nothing on the board.
      ask: (unit) => this.queue({ unit, fn: READ_COILS, address: 0, quantity: 1 }, 'asking'),
      clock: this.clock,
      firstPauseMs: this.reopenDelay,
      maxPauseMs: options.reopenMaxMs ?? REOPEN_MAX_MS,
    })
  }

  private get timeoutMs(): number {
    return this.options.timeoutMs ?? RESPONSE_TIMEOUT_MS
  }

  /** Stray frames (and runs of garbage) dropped since the start: hubStatus.bus.strayFrames. */
  get strayFrames(): number {
    return this.strays.total
  }

  /** Online while the link is open and a board answers (or none was asked yet). */
  status(): BusStatusEvent {
    return {
      online: this.link.isOpen && !this.answers.noneAnswers,
      path: this.link.path,
      ...(this.lastError !== undefined && { error: this.lastError }),
    }
  }

  /** Opens the link, or keeps trying in the background; never throws. */
  async start(): Promise<void> {
    this.stopped = false
    this.unsubscribe.push(
      this.link.onData((chunk) => {
        const at = this.clock.monotonic()
        this.lastActivity = at
        if (!this.inFlight) return this.hearLoose(chunk, at)
        for (const b of chunk) {
          this.rx.push(b)
          this.rxAt.push(at)
        }
        this.waiter?.()
      }),
      this.link.onLost((reason) => {
        const error = `link lost: ${reason.message}`
        this.options.log.warn(
          { path: this.link.path, error, hint: busHint(this.link.path, error) },
          'bus link lost',
        )
        this.setError(error)
        this.waiter?.()
        this.scheduleReopen()
      }),
    )
    await this.tryOpen()
  }

  async stop(): Promise<void> {
    this.stopped = true
    this.clock.clear(this.reopenTimer)
    this.clock.clear(this.holdTimer)
    this.answers.stopAsking()
    this.unsubscribe.splice(0).forEach((off) => off())
    await this.link.close()
  }

  /** Queues one request; resolves with the board's response. */
  async transact(request: Request): Promise<Response> {
    return (await this.transactTimed(request)).response
  }

  /**
   * Queues one request; resolves with the response and when the board acted on it (monotonic
   * ms), which a relay's motor time is counted from. A board acts once the request is in, and
   * answers a moment later: the earlier of "sent plus the request's wire time" and "answered
   * less the answer's wire time". The first holds when this event loop was busy as the answer
   * came in (a database commit, a collection of garbage), the second when the request left late.
   */
  transactTimed(request: Request): Promise<TimedResponse> {
    return this.queue(request, 'command')
  }

  /**
   * A sensor's read (hub/weather): it waits until no relay frame is waiting, is tried once (the
   * sensor is read again at its next poll, and a retry would hold relay frames back), and its
   * outcome is the sensor's own: a silent sensor changes neither the bus's error nor whether
   * the boards answer.
   */
  async read(request: Request): Promise<Response> {
    return (await this.queue(request, 'sensor')).response
  }

  /** Queues a transaction; each starts once the line is free, relay frames first. */
  private queue(request: Request, mode: Mode): Promise<TimedResponse> {
    return new Promise((resolve, reject) => {
      this.waiting[mode === 'sensor' ? 'sensor' : 'relay'].push({ request, mode, resolve, reject })
      this.next()
    })
  }

  /**
   * Starts the next transaction: a waiting relay frame, else the first read of a unit that is
   * not held, once the line has settled (quiet, nothing unread).
   */
  private next(): void {
    if (this.busy) return
    let job = this.waiting.relay.shift()
    if (!job) {
      const i = this.freeRead()
      if (i < 0) return
      if (!this.lineSettled()) return void this.settleLine()
      job = this.waiting.sensor.splice(i, 1)[0]!
    }
    this.busy = true
    this.run(job.request, job.mode)
      .then(job.resolve, job.reject)
      .finally(() => {
        this.busy = false
        this.next()
      })
  }

  private async run(request: Request, mode: Mode): Promise<TimedResponse> {
    const frame = encodeRequest(request)
    const asking = mode !== 'command'
    const { baud, parity } = this.options
    let failure = ''
    // Whether the last try heard nothing, or only garbled bytes (not a write that failed).
    let silent = false
    const tries = mode === 'sensor' ? 1 : 1 + (this.options.retries ?? RETRIES)
    for (let attempt = 0; attempt < tries; attempt++) {
      if (!this.link.isOpen)
        throw new BusError(
          `${this.link.path} is offline${this.lastError ? ` (${this.lastError})` : ''}`,
        )
      await this.silence()
      this.dropLoose()
      this.rx = []
      this.rxAt = []
      this.inFlight = true
      const sentAt = this.clock.monotonic()
      const sentEnd = sentAt + frameTimeMs(frame.length, baud, parity)
      try {
        await this.link.write(frame)
      } catch (err) {
        this.endFlight(0)
        failure = `write failed: ${(err as Error).message}`
        silent = false
        continue
      }
      if (mode === 'sensor') this.late.sent(request.unit, sentEnd)
      // The timeout runs from the end of the request on the wire.
      const deadline = Math.max(this.clock.monotonic(), sentEnd) + this.timeoutMs
      const heard = await this.receive(request, sentEnd, deadline, mode)
      this.endFlight(heard.kind === 'answer' ? heard.bytes.length : 0)
      silent = true
      if (heard.kind === 'none') {
        failure = `unit ${request.unit} did not answer within ${this.timeoutMs} ms`
        // A late answer may still come, and answers to reads look alike: this unit's next read
        // waits for it (late-answers.ts). Relay frames need not: their answers echo them.
        if (mode === 'sensor') this.late.unanswered(request.unit, sentEnd)
        continue
      }
      if (heard.kind === 'bad' && heard.owes && mode === 'sensor') {
        this.late.unanswered(request.unit, sentEnd)
      }
      if (heard.kind === 'ambiguous') {
        failure = `unit ${request.unit} seemed to answer twice, with different values: neither was taken`
        continue
      }
      if (heard.kind === 'bad') {
        failure = `bad answer from unit ${request.unit}: ${heard.why}`
        continue
      }
      const { bytes, at } = heard
      this.late.answered(request.unit, at - sentEnd)
      const answeredAt = Math.min(at - frameTimeMs(bytes.length, baud, parity), sentEnd)
      let response: Response
      try {
        response = checkReply(request, decodeResponse(bytes))
      } catch (err) {
        if (!(err instanceof ProtocolError)) throw err
        if (err.kind === 'exception') {
          // The board understood and refused: asking again would not change its mind.
          if (mode !== 'sensor') this.settle(request.unit, true, asking ? undefined : err.message)
          throw new BusError(err.message, err.exception)
        }
        failure = `bad answer from unit ${request.unit}: ${err.message}`
        continue
      }
      if (mode !== 'sensor') this.settle(request.unit, true, asking ? undefined : null)
      return { response, answeredAt }
    }
    const message = tries === 1 ? failure : `${failure} (${tries} tries)`
    if (mode === 'sensor') throw new BusError(message)
    if (!asking) this.options.log.warn({ path: this.link.path, unit: request.unit }, message)
    this.settle(request.unit, silent ? false : undefined, asking ? undefined : message)
    throw new BusError(message)
  }

  /**
   * A transaction's outcome: whether `unit` answered (undefined: cannot tell, the write
   * failed), and the bus's error now (null: none; undefined: unchanged). One status push.
   */
  private settle(unit: number, answered: boolean | undefined, error: string | null | undefined) {
    this.update(() => {
      if (error !== undefined) this.lastError = error ?? undefined
      if (answered === undefined || !this.answers.record(unit, answered)) return
      const { path } = this.link
      if (this.answers.noneAnswers) {
        const now = this.lastError ?? `unit ${unit} did not answer`
        const hint = busHint(path, now)
        this.options.log.warn({ path, error: now, hint }, 'no relay board answers; asking again')
      } else {
        this.options.log.info({ path, unit }, 'a relay board answers again')
      }
    })
    this.answers.planAsking()
  }

  /**
   * Waits until the bus has been quiet for 3.5 characters, by when bytes were last heard. An
   * in-process emulator without wire timing has no line to keep quiet.
   */
  private async silence(): Promise<void> {
    if (!(this.link.wireTimed ?? true)) return
    for (;;) {
      const wait = this.lastActivity + this.silenceMs - this.clock.monotonic()
      if (wait <= 0) return
      await this.clock.sleep(Math.ceil(wait))
    }
  }

  /** The first waiting read whose unit is not held, or -1; wakes the queue when a hold ends. */
  private freeRead(): number {
    const now = this.clock.monotonic()
    let wakeAt = Infinity
    for (let i = 0; i < this.waiting.sensor.length; i++) {
      const until = this.late.heldUntil(this.waiting.sensor[i]!.request.unit, now)
      if (until === null) return i
      wakeAt = Math.min(wakeAt, until)
    }
    if (wakeAt < Infinity) {
      this.clock.clear(this.holdTimer)
      this.holdTimer = this.clock.setTimeout(() => this.next(), Math.ceil(wakeAt - now))
    }
    return -1
  }

  private lineSettled(): boolean {
    return this.settledAt !== null && this.settledAt >= this.lastActivity
  }

  /**
   * Before a read: waits until the line has been quiet for the inter-frame silence and the event
   * loop, idle for a while, found nothing more to read (so no byte that already came waits
   * unread in the operating system or the thread pool), then lets the queue go on. Relay
   * frames that come meanwhile go first.
   */
  private async settleLine(): Promise<void> {
    if (this.settling) return
    this.settling = true
    try {
      for (let windows = 0; !this.stopped;) {
        await this.silence()
        const since = loopUtilization()
        const heardBefore = this.lastActivity
        await this.clock.sleep(LISTEN_MS)
        if (this.busy) continue
        const idle = loopUtilization(since).idle >= LISTEN_MS / 2
        if (this.lastActivity !== heardBefore) continue
        // A loop that never idles (a machine with too little CPU) still reads, at last.
        if (idle || ++windows >= LISTEN_WINDOWS) {
          this.settledAt = this.clock.monotonic()
          break
        }
      }
    } finally {
      this.settling = false
    }
    this.next()
  }

  /**
   * Bytes heard while no request is in flight: a late answer, noise, an echo. Each frame (and
   * each run of garbage) is a stray; a frame from a held unit is its late answer, which frees it.
   */
  private hearLoose(chunk: Uint8Array, at: number): void {
    const joined = new Uint8Array(this.loose.length + chunk.length)
    joined.set(this.loose)
    joined.set(chunk, this.loose.length)
    const scan = scanFrames(joined, responseLength)
    this.loose = scan.rest
    let freed = false
    for (const frame of scan.frames) freed = this.late.heard(frame.bytes[0]!, at) || freed
    this.strays.add(scan.frames.length + scan.droppedRuns, 'between requests')
    if (freed) this.next()
  }

  /** What is left of the loose bytes before a request goes out: garbage, dropped. */
  private dropLoose(): void {
    if (this.loose.length === 0) return
    this.loose = new Uint8Array(0)
    this.strays.add(1, 'before a request')
  }

  /** The transaction is over: what came besides its answer is stray. */
  private endFlight(answerBytes: number): void {
    this.inFlight = false
    this.waiter = null
    const rest = Uint8Array.from(this.rx)
    if (rest.length === 0 || rest.length === answerBytes) return
    const scan = scanFrames(rest, responseLength)
    const extra = scan.frames.length + scan.droppedRuns + (scan.rest.length > 0 ? 1 : 0)
    this.strays.add(Math.max(0, extra - (answerBytes > 0 ? 1 : 0)), 'beside an answer')
  }

  /**
   * What came for `request`, once it is clear, or none when the link drops or the board was
   * silent until the deadline. Silent means the hub listened: when the event loop was busy (a
   * commit, a collection of garbage, a machine with too little CPU) the deadline's timer runs
   * before the loop reads what came in meanwhile, and serialport reads in the thread pool, a
   * turn or two after the device turns readable. So past the deadline the hub listens on until
   * its event loop has waited idle for input a while: then nothing was left unread, and an
   * answer that came in time is taken rather than asked for again (a "flash on" asked again
   * restarts the board's pulse).
   *
   * An answer is a frame that fits the request (unit, function, count, echo) and ended no sooner
   * than its own wire time after the request did; a frame that came sooner began before the
   * request ended and is a stray. A relay frame's answer echoes it and is taken at once. A
   * read's is taken once the line stayed quiet for the inter-frame silence after it: a second,
   * different frame that fits as well means one of them was a late answer to an earlier read,
   * and neither is taken.
   */
  private receive(request: Request, sentEnd: number, deadline: number, mode: Mode): Promise<Heard> {
    const { baud, parity } = this.options
    const timed = this.link.wireTimed ?? false
    return new Promise((resolve) => {
      let timer: ClockTimer | undefined
      let confirm: ClockTimer | undefined
      let candidate: { bytes: Uint8Array; at: number } | null = null
      const finish = (value: Heard) => {
        this.clock.clear(timer)
        this.clock.clear(confirm)
        this.waiter = null
        for (const at of look().late) this.late.heard(request.unit, at)
        resolve(value)
      }
      // While the unit owes answers to earlier reads, its next frames are those (late-answers.ts).
      const owed = mode === 'sensor' ? this.late.owedCount(request.unit, this.clock.monotonic()) : 0
      /**
       * The frames heard so far; those of the unit's that are late answers to earlier reads
       * (owed, or ending sooner than their own wire time after the request did, so begun
       * before it ended); and those that could answer the request.
       */
      const look = () => {
        const scan = scanFrames(Uint8Array.from(this.rx), responseLength)
        const late: number[] = []
        const inTime: typeof scan.frames = []
        for (const f of scan.frames) {
          const at = this.rxAt[f.end - 1]!
          const early = timed && at < sentEnd + frameTimeMs(f.bytes.length, baud, parity)
          const own = f.bytes[0] === request.unit
          if (own && (early || late.length < owed)) late.push(at)
          else if (!early) inTime.push(f)
        }
        return { scan, late, inTime, fits: inTime.filter((f) => answers(request, f.bytes)) }
      }
      const check = () => {
        if (!this.link.isOpen) return finish({ kind: 'none' })
        const { fits } = look()
        const first = fits[0]
        if (!first) {
          // The unit's answer whole, but garbled on the way: no need to wait for the deadline.
          const rx = Uint8Array.from(this.rx)
          const own = rx[0] === request.unit && ((rx[1] ?? 0) & 0x7f) === request.fn
          if (own && inspectFrame(rx, 0, responseLength) === 'bad-crc') {
            finish({ kind: 'bad', why: `a bad CRC (${toHex(rx)})` })
          }
          return
        }
        const found = { bytes: first.bytes, at: this.rxAt[first.end - 1]! }
        if (mode !== 'sensor') return finish({ kind: 'answer', ...found })
        if (fits.some((f) => toHex(f.bytes) !== toHex(first.bytes))) {
          return finish({ kind: 'ambiguous' })
        }
        if (candidate) return
        candidate = found
        confirm = this.clock.setTimeout(() => {
          check()
          if (candidate) finish({ kind: 'answer', ...candidate })
        }, Math.ceil(this.silenceMs))
      }
      const giveUp = () => {
        if (this.rx.length === 0) return finish({ kind: 'none' })
        const { scan, inTime } = look()
        // Frames from the unit that do not fit (another count, another echo): it answered.
        const own = inTime.find((f) => f.bytes[0] === request.unit)
        if (own) {
          const why = `${toHex(own.bytes)} does not answer the request`
          return finish({ kind: 'bad', why })
        }
        if (scan.frames.length > 0 && scan.droppedRuns === 0 && scan.rest.length === 0) {
          // Only late answers to earlier requests: this unit said nothing to this one.
          return finish({ kind: 'none' })
        }
        const rx = Uint8Array.from(this.rx)
        const garbled =
          rx.length === answerLength(request) && (rx[0] === request.unit || rx[1] === request.fn)
        let why = 'an answer that does not fit the request'
        try {
          decodeResponse(rx)
        } catch (err) {
          why = (err as Error).message
        }
        finish({ kind: 'bad', why, ...(!garbled && { owes: true as const }) })
      }
      const listen = (since: EventLoopUtilization, windows: number) => {
        if (candidate) return
        const idle = loopUtilization(since).idle
        if (idle >= LISTEN_MS / 2 || windows >= LISTEN_WINDOWS) return giveUp()
        timer = this.clock.setTimeout(() => listen(since, windows + 1), LISTEN_MS)
      }
      timer = this.clock.setTimeout(
        () => listen(loopUtilization(), 0),
        Math.max(0, deadline - this.clock.monotonic()),
      )
      this.waiter = check
      check()
    })
  }

  private async tryOpen(): Promise<void> {
    if (this.stopped) return
    try {
      await this.link.open()
      this.reopenDelay = this.options.reopenFirstMs ?? REOPEN_FIRST_MS
      this.options.log.info({ path: this.link.path }, 'bus link open')
      this.lastError = undefined
      // A new link: whether its boards answer is learnt afresh.
      this.answers.clear()
      this.options.onStatus?.(this.status())
      this.options.onOpen?.()
    } catch (err) {
      const error = `cannot open ${this.link.path}: ${(err as Error).message}`
      // Once per change (retries that fail alike stay quiet), with what to check.
      if (error !== this.lastError) {
        this.options.log.warn(
          { path: this.link.path, error, hint: busHint(this.link.path, error) },
          'cannot open the bus link; the hub keeps trying',
        )
      }
      this.setError(error)
      this.scheduleReopen()
    }
  }

  private scheduleReopen(): void {
    if (this.stopped) return
    this.clock.clear(this.reopenTimer)
    const delay = this.reopenDelay
    this.reopenDelay = Math.min(delay * 2, this.options.reopenMaxMs ?? REOPEN_MAX_MS)
    this.reopenTimer = this.clock.setTimeout(() => void this.tryOpen(), delay)
    this.reopenTimer.unref()
  }

  private setError(error: string | undefined): void {
    this.update(() => (this.lastError = error))
  }

  /** Applies a change and tells onStatus when the status changed. */
  private update(change: () => void): void {
    const before = JSON.stringify(this.status())
    change()
    const after = this.status()
    if (JSON.stringify(after) !== before) this.options.onStatus?.(after)
  }
}
