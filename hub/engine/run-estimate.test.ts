import { describe, expect, it } from 'vitest'
import { RUN_ON_MS } from '../position/travel'
import { remainingMs, type BlindNow, type EstimatedStep } from './run-estimate'

const DEAD_TIME_MS = 1000
/** A roller blind of 20 s each way, no slats, no start delay, at rest at `position`. */
const roller = (position: number | null): BlindNow => ({
  times: { travelTimeUpMs: 20_000, travelTimeDownMs: 20_000, motorStartDelayMs: 0, tiltTimeMs: 0 },
  pose: position === null ? null : { position, tilt: 0 },
  turning: null,
})
const step = (overrides: Partial<EstimatedStep>): EstimatedStep => ({
  type: 'DELAY',
  durationMs: 0,
  targets: [],
  blinds: [],
  position: null,
  tilt: null,
  ...overrides,
})
const toPosition = (position: number, ...ids: string[]) =>
  step({ type: 'POSITION', position, blinds: ids.map((id) => ({ id })) })
const estimate = (steps: EstimatedStep[], blinds: Record<string, BlindNow>) =>
  remainingMs(steps, (id) => blinds[id], DEAD_TIME_MS)

describe('how long the rest of a run takes', () => {
  it('gives a POSITION step on a 20 s blind from 50 % to 20 % its 6 s of travel, not a full run', () => {
    expect(estimate([toPosition(20, 'a')], { a: roller(50) })).toBe(6000)
  })

  it('gives a POSITION step to an end stop the full run the mover makes: travel and run-on', () => {
    // From anywhere a run to an end stop lasts the whole travel and 2 s, so the position is
    // exact again; that is the time the step really takes.
    expect(estimate([toPosition(0, 'a')], { a: roller(50) })).toBe(20_000 + RUN_ON_MS)
    expect(estimate([toPosition(0, 'a')], { a: roller(0) })).toBe(0)
  })

  it('counts the start delay and the slats of a venetian blind', () => {
    const venetian: BlindNow = {
      times: {
        travelTimeUpMs: 20_000,
        travelTimeDownMs: 20_000,
        motorStartDelayMs: 500,
        tiltTimeMs: 1500,
      },
      pose: { position: 50, tilt: 100 },
      turning: null,
    }
    // Down: the slats turn fully (1.5 s), then 30 points of travel (6 s), after the delay.
    expect(estimate([toPosition(20, 'a')], { a: venetian })).toBe(500 + 1500 + 6000)
  })

  it('runs a blind whose position is not known to the nearer end first, then back to its target', () => {
    // Down to the end (22 s), the dead time, then up to 30 % (6 s).
    expect(estimate([toPosition(30, 'a')], { a: roller(null) })).toBe(
      20_000 + RUN_ON_MS + DEAD_TIME_MS + 6000,
    )
  })

  it('waits out the dead time when the blind’s motor turns the other way now', () => {
    const goingUp = { ...roller(50), turning: { side: 'UP' as const, delayLeftMs: 0 } }
    expect(estimate([toPosition(20, 'a')], { a: goingUp })).toBe(DEAD_TIME_MS + 6000)
  })

  it('lasts as long as its slowest blind', () => {
    expect(estimate([toPosition(20, 'a', 'b')], { a: roller(50), b: roller(100) })).toBe(16_000)
  })

  it('adds DELAY and BLIND_CONTROL steps by their durations, and later steps start where earlier ones left each blind', () => {
    const steps = [
      // 5 s down from 50: the blind stands at 25 afterwards.
      step({
        type: 'BLIND_CONTROL',
        durationMs: 5000,
        targets: [{ blind: { id: 'a' }, side: 'DOWN' }],
      }),
      step({ type: 'DELAY', durationMs: 3000 }),
      // From 25 to 20: 1 s.
      toPosition(20, 'a'),
      // Already there: nothing to do.
      toPosition(20, 'a'),
    ]
    expect(estimate(steps, { a: roller(50) })).toBe(5000 + 3000 + 1000)
  })

  it('takes no time for a blind it does not know (deleted since)', () => {
    expect(estimate([toPosition(20, 'gone'), step({ durationMs: 400 })], {})).toBe(400)
  })
})
