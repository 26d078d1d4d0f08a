import { describe, expect, it } from 'vitest'
import {
  advance,
  endPose,
  fullRun,
  motorMsToEnd,
  planMoves,
  RUN_ON_MS,
  type TravelTimes,
} from './travel'

const roller: TravelTimes = {
  travelTimeUpMs: 40_000,
  travelTimeDownMs: 20_000,
  motorStartDelayMs: 300,
  tiltTimeMs: 0,
}
const venetian: TravelTimes = { ...roller, tiltTimeMs: 1_000 }

describe('where a blind goes', () => {
  it('travels each way at that way’s speed and stops at the end stops', () => {
    expect(advance(roller, { position: 50, tilt: 0 }, 'UP', 10_000)).toEqual({
      position: 75,
      tilt: 0,
    })
    expect(advance(roller, { position: 50, tilt: 0 }, 'DOWN', 5_000)).toEqual({
      position: 25,
      tilt: 0,
    })
    expect(advance(roller, { position: 50, tilt: 0 }, 'DOWN', 60_000)?.position).toBe(0)
  })

  it('turns the slats before the blind travels', () => {
    expect(advance(venetian, { position: 50, tilt: 100 }, 'DOWN', 400)).toEqual({
      position: 50,
      tilt: 60,
    })
    expect(advance(venetian, { position: 50, tilt: 100 }, 'DOWN', 3_000)).toEqual({
      position: 40,
      tilt: 0,
    })
  })

  it('knows an unknown blind again only after a run long enough to reach the end stop', () => {
    expect(advance(venetian, null, 'UP', 40_999)).toBeNull()
    expect(advance(venetian, null, 'UP', 41_000)).toEqual({ position: 100, tilt: 100 })
  })

  it('knows how long the motor turns until the blind stands at the end stop', () => {
    const from = { position: 50, tilt: 60 }
    // 600 ms to turn the slats down, then half of the 20 s down travel.
    expect(motorMsToEnd(venetian, from, 'DOWN')).toBe(10_600)
    expect(motorMsToEnd(venetian, from, 'UP')).toBe(400 + 20_000)
    expect(motorMsToEnd(venetian, null, 'UP')).toBe(41_000)
    for (const side of ['UP', 'DOWN'] as const) {
      for (const pose of [from, null, endPose(venetian, side)]) {
        const ms = motorMsToEnd(venetian, pose, side)
        expect(advance(venetian, pose, side, ms)).toEqual(endPose(venetian, side))
        if (ms > 0)
          expect(advance(venetian, pose, side, ms - 1)).not.toEqual(endPose(venetian, side))
      }
    }
  })
})

describe('the runs that take a blind to a target', () => {
  it('runs one way for the distance, with the start delay', () => {
    expect(planMoves(roller, { position: 80, tilt: 0 }, { position: 30 })).toEqual([
      { side: 'DOWN', relayMs: 10_300, to: { position: 30, tilt: 0 } },
    ])
  })

  it('adds no start delay when the motor already turns that way, only what is left of it', () => {
    const from = { position: 80, tilt: 0 }
    const turning = (side: 'UP' | 'DOWN', delayLeftMs: number) => ({ side, delayLeftMs })
    expect(planMoves(roller, from, { position: 30 }, turning('DOWN', 0))).toEqual([
      { side: 'DOWN', relayMs: 10_000, to: { position: 30, tilt: 0 } },
    ])
    expect(planMoves(roller, from, { position: 30 }, turning('DOWN', 120))[0]?.relayMs).toBe(10_120)
    expect(planMoves(roller, from, { position: 30 }, turning('UP', 0))[0]?.relayMs).toBe(10_300)
  })

  it('goes to an end stop with a full run, wherever the blind is believed to be', () => {
    const run = 300 + 20_000 + RUN_ON_MS
    expect(planMoves(roller, { position: 5, tilt: 0 }, { position: 0 })).toEqual([
      { side: 'DOWN', relayMs: run, to: { position: 0, tilt: 0 } },
    ])
    expect(fullRun(roller, 'DOWN').relayMs).toBe(run)
  })

  it('does nothing for a blind already at the end it is asked to go to', () => {
    expect(planMoves(roller, { position: 100, tilt: 0 }, { position: 100 })).toEqual([])
  })

  it('skips a move under 500 ms of motor time', () => {
    expect(planMoves(roller, { position: 50, tilt: 0 }, { position: 51 })).toEqual([])
    expect(planMoves(roller, { position: 50, tilt: 0 }, { position: 52 })).toHaveLength(1)
  })

  it('runs an unknown blind to the end nearer its target first', () => {
    expect(planMoves(roller, null, { position: 70 })).toEqual([
      fullRun(roller, 'UP'),
      { side: 'DOWN', relayMs: 6_300, to: { position: 70, tilt: 0 } },
    ])
    expect(planMoves(roller, null, { position: 20 }).map((m) => m.side)).toEqual(['DOWN', 'UP'])
  })

  it('turns the slats back by their share after the travel', () => {
    expect(planMoves(venetian, { position: 80, tilt: 100 }, { position: 30, tilt: 40 })).toEqual([
      { side: 'DOWN', relayMs: 300 + 1_000 + 10_000, to: { position: 30, tilt: 0 } },
      { side: 'UP', relayMs: 300 + 400, to: { position: 30, tilt: 40 } },
    ])
  })

  it('sets a tilt alone with a short run', () => {
    expect(planMoves(venetian, { position: 30, tilt: 0 }, { tilt: 70 })).toEqual([
      { side: 'UP', relayMs: 1_000, to: { position: 30, tilt: 70 } },
    ])
    expect(planMoves(venetian, { position: 30, tilt: 70 }, { tilt: 65 })).toEqual([])
  })

  it('finds an unknown venetian blind at the closed end before it sets a tilt', () => {
    expect(planMoves(venetian, null, { tilt: 50 })).toEqual([
      fullRun(venetian, 'DOWN'),
      { side: 'UP', relayMs: 800, to: { position: 0, tilt: 50 } },
    ])
  })
})
