import { describe, expect, it } from 'vitest'
import { TestClock } from './test-clock'

describe('TestClock', () => {
  it('fires each timer at its own moment, in order, and moves both clocks alike', async () => {
    const clock = new TestClock('2026-06-01T08:00:00Z')
    const fired: [string, number, string][] = []
    const start = clock.monotonic()
    const note = (name: string) => () =>
      fired.push([name, clock.monotonic() - start, new Date(clock.now()).toISOString()])
    clock.setTimeout(note('b'), 500)
    clock.setTimeout(note('a'), 200)
    clock.setTimeout(note('c'), 500)
    await clock.advance(499)
    expect(fired.map((f) => f[0])).toEqual(['a'])
    await clock.advance(1)
    expect(fired).toEqual([
      ['a', 200, '2026-06-01T08:00:00.200Z'],
      ['b', 500, '2026-06-01T08:00:00.500Z'],
      ['c', 500, '2026-06-01T08:00:00.500Z'],
    ])
  })

  it('runs what a timer started before the next one fires: a sleep loop keeps its pace', async () => {
    const clock = new TestClock()
    const ticks: number[] = []
    const start = clock.monotonic()
    void (async () => {
      for (let i = 0; i < 5; i++) {
        await clock.sleep(100)
        ticks.push(clock.monotonic() - start)
      }
    })()
    await clock.advance(1000)
    expect(ticks).toEqual([100, 200, 300, 400, 500])
  })

  it('repeats an interval until cleared, and a cleared timeout never fires', async () => {
    const clock = new TestClock()
    let count = 0
    const interval = clock.setInterval(() => count++, 250)
    const never = clock.setTimeout(() => (count += 100), 300)
    clock.clear(never)
    await clock.advance(1000)
    expect(count).toBe(4)
    clock.clear(interval)
    await clock.advance(1000)
    expect(count).toBe(4)
    expect(clock.pending()).toBe(0)
  })

  it('advances until a condition holds, and says so when it never does', async () => {
    const clock = new TestClock()
    let arrived = false
    clock.setTimeout(() => (arrived = true), 20_000)
    expect(await clock.advanceUntil(() => arrived)).toBe(20_000)
    await expect(clock.advanceUntil(() => false, 5000)).rejects.toThrow(/within 5000 ms/)
  })

  it('sets the wall clock alone, as NTP does', async () => {
    const clock = new TestClock('2026-06-01T08:00:00Z')
    const start = clock.monotonic()
    clock.setWallClock('2026-06-01T09:00:00Z')
    expect(clock.monotonic()).toBe(start)
    await clock.advance(1000)
    expect(new Date(clock.now()).toISOString()).toBe('2026-06-01T09:00:01.000Z')
  })

  it('drives time on until a promise settles, and no further', async () => {
    const clock = new TestClock()
    const start = clock.monotonic()
    clock.setTimeout(() => undefined, 60_000)
    const value = await clock.drive(clock.sleep(300).then(() => 'done'))
    expect(value).toBe('done')
    expect(clock.monotonic() - start).toBe(300)
    await expect(
      clock.drive(clock.sleep(100).then(() => Promise.reject(new Error('refused')))),
    ).rejects.toThrow('refused')
  })
})
