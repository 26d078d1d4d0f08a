import { describe, expect, it } from 'vitest'
import { formatTimeLeft, timeLeftMs } from './time-left'

describe('the time a run has left', () => {
  const scenes = [{ duration: 20_000 }, { duration: 600_000 }]
  const start = '2025-06-01T18:00:00.000Z'
  const at = (seconds: number) => Date.parse(start) + seconds * 1000

  it('is the scenes’ total from the run’s start, never below 0', () => {
    expect(timeLeftMs(start, scenes, at(0))).toBe(620_000)
    expect(timeLeftMs(start, scenes, at(600))).toBe(20_000)
    expect(timeLeftMs(start, scenes, at(700))).toBe(0)
  })

  it.each([
    [3_600_000, '1 h left'],
    [3_540_001, '1 h left'],
    [620_000, '11 min left'],
    [60_000, '1 min left'],
    [59_001, '60 s left'],
    [1_500, '2 s left'],
    [0, 'ending'],
  ])('reads %d ms as %j, rounding up', (ms, text) => {
    expect(formatTimeLeft(ms)).toBe(text)
  })
})
