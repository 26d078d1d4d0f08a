// Whether the relay boards answer, as far as the hub knows since its link opened: each unit's
// last request was answered (a refusal is an answer too) or not (silence, or only garbled
// bytes, through every retry). An open link whose boards none answers moves nothing, so the
// bus counts as offline then (transport.ts). While no board is known to answer since one fell
// silent, the hub asks them by itself, with growing pauses, as it reopens a lost link.
import type { Clock, ClockTimer } from '../clock/clock'

export interface BoardAnswersOptions {
  /** The units of the blinds there are; without it, the units asked so far. */
  knownUnits?: () => number[]
  /** Whether asking makes sense now (the link is open, the bus not stopped). */
  canAsk: () => boolean
  /** Asks one unit something that changes nothing; settles through `record`. */
  ask: (unit: number) => Promise<unknown>
  clock: Clock
  firstPauseMs: number
  maxPauseMs: number
}

export class BoardAnswers {
  /** Units whose last request was answered, and units whose last request was not. */
  private readonly answering = new Set<number>()
  private readonly silent = new Set<number>()
  private none = false
  private timer: ClockTimer | undefined
  private pauseMs: number

  constructor(private readonly options: BoardAnswersOptions) {
    this.pauseMs = options.firstPauseMs
  }

  /** Records whether `unit` answered; true when that changed whether any board answers. */
  record(unit: number, answered: boolean): boolean {
    ;(answered ? this.answering : this.silent).add(unit)
    ;(answered ? this.silent : this.answering).delete(unit)
    const before = this.none
    // Every transaction passes here: the blinds' units are looked up only once one fell silent.
    this.none = this.silent.size > 0 && this.known().every((u) => this.silent.has(u))
    return this.none !== before
  }

  /** A new link: nothing is known of the boards behind it. */
  clear(): void {
    this.answering.clear()
    this.silent.clear()
    this.none = false
  }

  private known(): number[] {
    return this.options.knownUnits?.() ?? [...this.answering, ...this.silent]
  }

  /** Known boards were asked, and not one of them answered its last request. */
  get noneAnswers(): boolean {
    return this.none
  }

  /** The units to ask, those never asked first, while a board fell silent and none answers. */
  private toAsk(): number[] {
    if (this.silent.size === 0) return []
    const known = this.known()
    if (known.some((unit) => this.answering.has(unit))) return []
    const asked = (unit: number) => Number(this.silent.has(unit))
    return known.filter((unit) => !this.answering.has(unit)).sort((a, b) => asked(a) - asked(b))
  }

  /** Starts asking, or stops, as the answers so far say; call after each `record`. */
  planAsking(): void {
    if (this.silent.size === 0 || !this.options.canAsk() || this.toAsk().length === 0) {
      if (this.timer || this.pauseMs !== this.options.firstPauseMs) this.stopAsking()
      return
    }
    if (this.timer) return
    const pause = this.pauseMs
    this.pauseMs = Math.min(pause * 2, this.options.maxPauseMs)
    this.timer = this.options.clock.setTimeout(() => void this.askAll(), pause)
    this.timer.unref()
  }

  stopAsking(): void {
    this.options.clock.clear(this.timer)
    this.timer = undefined
    this.pauseMs = this.options.firstPauseMs
  }

  private async askAll(): Promise<void> {
    for (const unit of this.toAsk()) {
      if (!this.options.canAsk() || this.toAsk().length === 0) break
      await this.options.ask(unit).catch(() => undefined)
    }
    this.timer = undefined
    this.planAsking()
  }
}
