import { describe, expect, it } from 'vitest'
import { formatTimeLeft, timeLeftMs } from './time-left'

describe('the time a run has left', () => {
  const scenes = [{ duration: 20_000 }, { duration: 600_000 }]
  const start = '2025-06-01T18:00:00.000Z'
  const at = (seconds: number) => Date.parse(start) + seconds * 1000

  it('counts down to the end the hub expects, never below 0', () => {
    // A POSITION step whose blind has 12 s to go, though the scene's full run says 60 s.
    const run = { startedAt: start, estimatedEndAt: '2025-06-01T18:00:12.000Z' }
    const fullRun = [{ duration: 60_000 }]
    expect(timeLeftMs(run, fullRun, at(0))).toBe(12_000)
    expect(timeLeftMs(run, fullRun, at(10))).toBe(2_000)
    expect(timeLeftMs(run, fullRun, at(13))).toBe(0)
  })

  it('is the scenes’ total from the run’s start where the hub gave no end, never below 0', () => {
    const run = { startedAt: start, estimatedEndAt: null }
    expect(timeLeftMs(run, scenes, at(0))).toBe(620_000)
    expect(timeLeftMs(run, scenes, at(600))).toBe(20_000)
    expect(timeLeftMs(run, scenes, at(700))).toBe(0)
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
