// Which units may still have an answer on its way (ARCHITECTURE.md section 18). Modbus RTU has
// no transaction id: after a read went unanswered, its late answer looks exactly like the next
// read's. So a unit that let a read go unanswered is held: its next read waits until the late
// answer came (and was dropped) or the line stayed quiet for the longest answer time that unit
// has shown, and at least two response timeouts. A unit that has shown answers later than the
// response timeout is slow: any answer taken from it may have been the one before's, so its
// next read always waits out its longest answer time after the last. Other units are not held.
//
// A device answers in order, however late: while a unit owes answers, the next frames from it
// are those answers, whether they come between requests or while its next read is in flight,
// and never the answer to that read (ARCHITECTURE.md section 18's "never taken for it"). A unit
// that drops an answer altogether so costs the read after it too, never a wrong value.

/** However slow a unit has been, a hold lasts no longer than this. */
export const MAX_HOLD_MS = 10_000
/** Room above the longest answer a unit has shown. */
const HOLD_MARGIN = 1.25
/**
 * How slow a unit is, from its last this many answers: a consistently slow unit keeps showing
 * it, while one late answer that only a busy event loop made late ages out.
 */
export const ANSWERS_REMEMBERED = 32

interface Unit {
  /** Times from the end of a request to the end of its answer, the latest last. */
  recent: number[]
  /** The longest of them. */
  longest: number
  /** When the last read had left the hub (monotonic ms). */
  lastSent: number | null
  /** The unanswered reads whose answers may still come, oldest first: sent, and until when. */
  owed: { sentEnd: number; until: number }[]
  /** Until when the unit is held. */
  until: number
}

export class LateAnswers {
  private readonly units = new Map<number, Unit>()

  constructor(private readonly timeoutMs: number) {}

  /** A read of `unit` went out, its last byte on the wire at `sentEnd`. */
  sent(unit: number, sentEnd: number): void {
    this.of(unit).lastSent = sentEnd
  }

  /**
   * `unit` answered its read `ms` after the read ended on the wire. An answer taken is one that
   * came within the response timeout, however late a busy event loop read it.
   */
  answered(unit: number, ms: number): void {
    const u = this.of(unit)
    this.learn(u, Math.min(ms, this.timeoutMs))
    if (u.lastSent !== null && u.longest > this.timeoutMs) {
      u.until = Math.max(u.until, u.lastSent + this.holdMs(u, 0))
    }
  }

  /** A read of `unit` that ended on the wire at `sentEnd` went unanswered. */
  unanswered(unit: number, sentEnd: number): void {
    const u = this.of(unit)
    const until = sentEnd + this.holdMs(u, 2 * this.timeoutMs)
    u.owed.push({ sentEnd, until })
    u.until = Math.max(u.until, until)
  }

  /**
   * How many answers `unit` still owes: those of its unanswered reads whose hold has not run
   * out (once the line stayed quiet that long, an answer is not expected any more).
   */
  owedCount(unit: number, now: number): number {
    const u = this.units.get(unit)
    if (!u) return 0
    u.owed = u.owed.filter((o) => o.until > now)
    return u.owed.length
  }

  /**
   * A frame from `unit` that is not the answer to a read in flight came at `at`: if the unit
   * owed answers this was the oldest of them, and once it owes none it is free again. Either
   * way it teaches how slow the unit can be. Says whether a hold ended.
   */
  heard(unit: number, at: number): boolean {
    const u = this.units.get(unit)
    if (!u) return false
    this.owedCount(unit, at)
    const sentEnd = u.owed.shift()?.sentEnd ?? u.lastSent
    if (sentEnd !== null && at - sentEnd < MAX_HOLD_MS) this.learn(u, at - sentEnd)
    if (u.owed.length > 0 || u.longest > this.timeoutMs || u.until <= at) return false
    u.until = 0
    return true
  }

  /** Until when `unit` is held (monotonic ms), or null when it may be asked now. */
  heldUntil(unit: number, now: number): number | null {
    const u = this.units.get(unit)
    return !u || now >= u.until ? null : u.until
  }

  private of(unit: number): Unit {
    let u = this.units.get(unit)
    if (!u) {
      u = { recent: [], longest: 0, lastSent: null, owed: [], until: 0 }
      this.units.set(unit, u)
    }
    return u
  }

  private learn(u: Unit, ms: number): void {
    u.recent.push(ms)
    if (u.recent.length > ANSWERS_REMEMBERED) u.recent.shift()
    u.longest = Math.max(...u.recent)
  }

  private holdMs(u: Unit, atLeast: number): number {
    return Math.min(MAX_HOLD_MS, Math.max(atLeast, HOLD_MARGIN * u.longest))
  }
}
