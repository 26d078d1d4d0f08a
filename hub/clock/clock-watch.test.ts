import { afterEach, describe, expect, it, vi } from 'vitest'
import { ClockWatch, FLOOR_TOLERANCE_MS, type ClockWatchDeps } from './clock-watch'

const DAY = 24 * 3600_000
const T = Date.parse('2026-11-22T06:00:00Z')

function watch(overrides: Partial<ClockWatchDeps> = {}) {
  const changes: (boolean | null)[] = []
  const log = { warn: vi.fn(), info: vi.fn() }
  const w = new ClockWatch({
    now: () => T,
    floor: () => null,
    ntpSynchronized: () => null,
    trust: false,
    onChange: (s) => changes.push(s),
    log,
    ...overrides,
  })
  return { w, changes, log }
}

describe('the clock watch', () => {
  let current: ClockWatch | undefined
  afterEach(() => current?.stop())

  it('trusts a clock it cannot judge (no timesyncd, no records)', () => {
    const { w } = watch()
    current = w
    w.start()
    expect(w.synchronized).toBeNull()
    expect(w.trusted).toBe(true)
  })

  it('distrusts a clock timesyncd has not set since boot, and says so in the log', () => {
    const { w, log } = watch({ ntpSynchronized: () => false })
    current = w
    w.start()
    expect(w.synchronized).toBe(false)
    expect(w.trusted).toBe(false)
    expect(log.warn).toHaveBeenCalledWith(
      expect.anything(),
      'the clock is not synchronised: schedules are paused until it is',
    )
  })

  it('distrusts a clock that reads earlier than the newest record, whatever timesyncd says', () => {
    const { w } = watch({ floor: () => T + DAY, ntpSynchronized: () => true })
    current = w
    w.start()
    expect(w.synchronized).toBe(false)
    expect(w.trusted).toBe(false)
  })

  it('allows a clock a minute behind its newest record (a record written just before a step)', () => {
    const { w } = watch({ floor: () => T + FLOOR_TOLERANCE_MS - 1 })
    current = w
    w.start()
    expect(w.trusted).toBe(true)
  })

  it('keeps schedules running on an unsynchronised clock with LAMELLA_CLOCK=trust', () => {
    const { w } = watch({ ntpSynchronized: () => false, trust: true })
    current = w
    w.start()
    expect(w.synchronized).toBe(false)
    expect(w.trusted).toBe(true)
  })

  it('tells onChange when the clock becomes synchronised, and only on a change', () => {
    let synced = false
    const { w, changes } = watch({ ntpSynchronized: () => synced })
    current = w
    w.start()
    w.check()
    expect(changes).toEqual([])
    synced = true
    w.check()
    w.check()
    expect(changes).toEqual([true])
    expect(w.trusted).toBe(true)
  })

  it('reads the floor once at start: its own later records cannot make the clock right', () => {
    let now = T
    let floorReads = 0
    const { w } = watch({
      now: () => now,
      floor: () => {
        floorReads++
        return T + DAY
      },
    })
    current = w
    w.start()
    expect(w.trusted).toBe(false)
    now = T + 2 * DAY
    w.check()
    expect(w.trusted).toBe(true)
    expect(floorReads).toBe(1)
  })
})
