// Modbus RTU transactions over a Link: one at a time, with the inter-frame silence, a 250 ms
// response timeout and 2 retries, CRC and exception checks. A board counts as silent only once
// the hub has listened past the deadline, not merely because the deadline passed while its
// event loop was busy. When the link is lost it reopens with backoff; meanwhile every
// transaction fails at once with a BusError. The process never dies from the bus.
import { performance as nodePerformance, type EventLoopUtilization } from 'node:perf_hooks'
import {
  READ_COILS,
  ProtocolError,
  checkReply,
  decodeResponse,
  encodeRequest,
  responseLength,
  type Request,
  type Response,
} from '../../firmware-protocol/rtu'
import { frameTimeMs, interFrameSilenceMs } from '../../firmware-protocol/timing'
import type { Parity } from '../config'
import type { BusStatusEvent } from '../realtime/events'
import { BoardAnswers } from './board-answers'
import { busHint } from './bus-problem'
import type { Link } from './link'

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

const monotonic = () => performance.now()
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

export interface TimedResponse {
  response: Response
  /** When the board acted on the request (monotonic ms). */
  answeredAt: number
}

export class Transport {
  private readonly link: Link
  private rx: number[] = []
  private lastActivity = 0
  /** How long the line must stay quiet before the next frame, past the 3.5 characters. */
  private quietFor = 0
  private waiter: (() => void) | null = null
  /** Transactions waiting for the line: relay frames always go before sensor reads. */
  private readonly waiting: Record<'relay' | 'sensor', Job[]> = { relay: [], sensor: [] }
  private busy = false
  private lastError: string | undefined
  private reopenTimer: NodeJS.Timeout | undefined
  private reopenDelay: number
  /** Whether the boards answer; while none does, the bus counts as offline. */
  private readonly answers: BoardAnswers
  private stopped = true
  private readonly unsubscribe: (() => void)[] = []
  private readonly silenceMs: number

  constructor(private readonly options: TransportOptions) {
    this.link = options.link
    this.silenceMs = interFrameSilenceMs(options.baud, options.parity)
    this.reopenDelay = options.reopenFirstMs ?? REOPEN_FIRST_MS
    this.answers = new BoardAnswers({
      ...(options.knownUnits && { knownUnits: options.knownUnits }),
      canAsk: () => !this.stopped && this.link.isOpen,
      // The hub's own question: one coil read, which changes nothing on the board.
      ask: (unit) => this.queue({ unit, fn: READ_COILS, address: 0, quantity: 1 }, 'asking'),
      firstPauseMs: this.reopenDelay,
      maxPauseMs: options.reopenMaxMs ?? REOPEN_MAX_MS,
    })
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
        for (const b of chunk) this.rx.push(b)
        this.lastActivity = monotonic()
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
    clearTimeout(this.reopenTimer)
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

  private next(): void {
    if (this.busy) return
    const job = this.waiting.relay.shift() ?? this.waiting.sensor.shift()
    if (!job) return
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
    let failure = ''
    // Whether the last try heard nothing, or only garbled bytes (not a write that failed).
    let silent = false
    const tries = mode === 'sensor' ? 1 : 1 + (this.options.retries ?? RETRIES)
    for (let attempt = 0; attempt < tries; attempt++) {
      if (!this.link.isOpen)
        throw new BusError(
          `${this.link.path} is offline${this.lastError ? ` (${this.lastError})` : ''}`,
        )
      await this.silence(mode)
      this.rx = []
      const sentAt = monotonic()
      try {
        await this.link.write(frame)
      } catch (err) {
        failure = `write failed: ${(err as Error).message}`
        silent = false
        continue
      }
      // The timeout runs from the end of the request on the wire.
      const deadline =
        monotonic() +
        frameTimeMs(frame.length, this.options.baud, this.options.parity) +
        (this.options.timeoutMs ?? RESPONSE_TIMEOUT_MS)
      const bytes = await this.receive(deadline)
      this.lastActivity = monotonic()
      const { baud, parity } = this.options
      const answeredAt = bytes
        ? Math.min(
            this.lastActivity - frameTimeMs(bytes.length, baud, parity),
            sentAt + frameTimeMs(frame.length, baud, parity),
          )
        : 0
      silent = true
      if (!bytes) {
        failure = `unit ${request.unit} did not answer within ${this.options.timeoutMs ?? RESPONSE_TIMEOUT_MS} ms`
        // A late answer may still come. Answers to sensor reads look alike (a register's
        // value), so the next frame waits until the line stayed quiet two response times:
        // what comes meanwhile is dropped, never taken for the next read's answer. Relay
        // frames do not wait for it (silence()).
        if (mode === 'sensor') this.quietFor = 2 * (this.options.timeoutMs ?? RESPONSE_TIMEOUT_MS)
        continue
      }
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
   * Waits until the bus has been quiet for 3.5 characters; a sensor read after one that went
   * unanswered waits out `quietFor` of quiet (its late answer dropped).
   */
  private async silence(mode: Mode): Promise<void> {
    // A relay frame need not wait: its answer echoes it, so a stray late one is told apart.
    const quiet = mode === 'sensor' ? Math.max(this.silenceMs, this.quietFor) : this.silenceMs
    if (mode === 'sensor') this.quietFor = 0
    for (;;) {
      const wait = this.lastActivity + quiet - monotonic()
      if (wait <= 0) return
      await new Promise((r) => setTimeout(r, Math.ceil(wait)))
    }
  }

  /**
   * The response's bytes once complete, or null when the link drops or the board was silent
   * until the deadline. Silent means the hub listened: when the event loop was busy (a commit,
   * a collection of garbage, a machine with too little CPU) the deadline's timer runs before
   * the loop reads what came in meanwhile, and serialport reads in the thread pool, a turn or
   * two after the device turns readable. So past the deadline the hub listens on until its
   * event loop has waited idle for input a while: then nothing was left unread, and an answer
   * that came in time is taken rather than asked for again (a "flash on" asked again restarts
   * the board's pulse).
   */
  private receive(deadline: number): Promise<Uint8Array | null> {
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined
      const finish = (value: Uint8Array | null) => {
        clearTimeout(timer)
        this.waiter = null
        resolve(value)
      }
      const check = () => {
        if (!this.link.isOpen) return finish(null)
        let need: number | undefined
        try {
          need = responseLength(Uint8Array.from(this.rx))
        } catch {
          // Bytes no answer starts with: hand them over, so the decoder names the fault.
          need = this.rx.length
        }
        if (need !== undefined && this.rx.length >= need) {
          finish(Uint8Array.from(this.rx.slice(0, need)))
        }
      }
      const listen = (since: EventLoopUtilization, windows: number) => {
        const idle = loopUtilization(since).idle
        if (idle >= LISTEN_MS / 2 || windows >= LISTEN_WINDOWS) return finish(null)
        timer = setTimeout(() => listen(since, windows + 1), LISTEN_MS)
      }
      timer = setTimeout(() => listen(loopUtilization(), 0), Math.max(0, deadline - monotonic()))
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
    clearTimeout(this.reopenTimer)
    const delay = this.reopenDelay
    this.reopenDelay = Math.min(delay * 2, this.options.reopenMaxMs ?? REOPEN_MAX_MS)
    this.reopenTimer = setTimeout(() => void this.tryOpen(), delay)
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
