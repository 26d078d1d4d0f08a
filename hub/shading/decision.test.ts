import { describe, expect, test } from 'vitest'
import { DWELL_MS, IDLE_STATE, step, type MachineState, type ShadingRule } from './decision'
import { pauseEnd } from './resume-time'
import { sunInFront, type Facade } from './sun-position'

const MINUTE = 60_000
const SOUTH: Facade = { azimuth: 180, fovLeft: 60, fovRight: 60, minElevation: 10 }
const rule: ShadingRule = { facade: SOUTH, minBrightness: 40 }
const T = Date.parse('2026-06-21T10:00:00Z')
const sun = (azimuth: number, elevation = 40) => ({ azimuth, elevation })
const shaded: MachineState = { ...IDLE_STATE, active: true, lastMoveAt: T - 60 * MINUTE }

describe('sunInFront', () => {
  test('takes the field of view across north', () => {
    const north: Facade = { azimuth: 350, fovLeft: 30, fovRight: 30, minElevation: 0 }
    expect(sunInFront(north, sun(10))).toBe(true)
    expect(sunInFront(north, sun(20))).toBe(true)
    expect(sunInFront(north, sun(325))).toBe(true)
    expect(sunInFront(north, sun(319))).toBe(false)
    expect(sunInFront(north, sun(21))).toBe(false)
  })

  test('wants the sun above the minimum elevation and the horizon', () => {
    expect(sunInFront(SOUTH, sun(180, 9.9))).toBe(false)
    expect(sunInFront(SOUTH, sun(180, 10))).toBe(true)
    const open: Facade = { ...SOUTH, minElevation: 0 }
    expect(sunInFront(open, sun(180, 0))).toBe(false)
    expect(sunInFront(open, sun(180, 0.1))).toBe(true)
  })
})

describe('the decision', () => {
  const decide = (state: MachineState, azimuth: number, brightness: number | null = null, at = T) =>
    step(rule, state, { sun: sun(azimuth), brightness }, at).decision.action

  test('enters 2° inside the field of view and leaves 2° outside it', () => {
    expect(decide(IDLE_STATE, 121)).toBe('STAY')
    expect(decide(IDLE_STATE, 122)).toBe('ENTER')
    expect(decide(shaded, 119)).toBe('STAY')
    expect(decide(shaded, 117.9)).toBe('LEAVE')
    expect(decide(shaded, 241)).toBe('STAY')
    expect(decide(shaded, 242.1)).toBe('LEAVE')
  })

  test('enters at the minimum brightness, and only a sky dim 15 points below it for 10 minutes ends it', () => {
    expect(decide(IDLE_STATE, 180, 39)).toBe('STAY')
    expect(decide(IDLE_STATE, 180, 40)).toBe('ENTER')
    expect(decide(shaded, 180, 26)).toBe('STAY')
    let state = shaded
    for (let m = 0; m < 10; m++) {
      const result = step(rule, state, { sun: sun(180), brightness: 24 }, T + m * MINUTE)
      expect(result.decision.action).toBe('STAY')
      state = result.state
    }
    expect(step(rule, state, { sun: sun(180), brightness: 24 }, T + 10 * MINUTE).decision).toEqual({
      action: 'LEAVE',
      reason: 'ENDED',
    })
  })

  test('never moves the blind twice within 10 minutes', () => {
    const justShaded = { ...shaded, lastMoveAt: T - DWELL_MS + MINUTE }
    expect(decide(justShaded, 90)).toBe('STAY')
    expect(decide(justShaded, 90, null, T + MINUTE)).toBe('LEAVE')
    const justBack = { ...IDLE_STATE, lastMoveAt: T - DWELL_MS + MINUTE }
    expect(decide(justBack, 180)).toBe('STAY')
    expect(decide(justBack, 180, null, T + MINUTE)).toBe('ENTER')
  })

  test('moves nothing while a person’s pause lasts, and forgets the pause once it ends', () => {
    const paused = { ...IDLE_STATE, pausedUntil: T + MINUTE }
    expect(decide(paused, 180)).toBe('STAY')
    const after = step(rule, paused, { sun: sun(180), brightness: null }, T + MINUTE)
    expect(after.decision.action).toBe('ENTER')
    expect(after.state.pausedUntil).toBeNull()
  })

  test('says BRIGHT when the sun came out from behind clouds, SUN_IN_FRONT when it came round', () => {
    const cloudy = step(rule, IDLE_STATE, { sun: sun(180), brightness: 10 }, T).state
    expect(step(rule, cloudy, { sun: sun(180), brightness: 80 }, T + MINUTE).decision).toEqual({
      action: 'ENTER',
      reason: 'BRIGHT',
    })
    const before = step(rule, IDLE_STATE, { sun: sun(110), brightness: 80 }, T).state
    expect(step(rule, before, { sun: sun(130), brightness: 80 }, T + MINUTE).decision).toEqual({
      action: 'ENTER',
      reason: 'SUN_IN_FRONT',
    })
  })
})

describe('pauseEnd', () => {
  const berlin = 'Europe/Berlin'
  test('is the next local midnight, or the next HH:MM', () => {
    const noon = Date.parse('2026-06-21T10:00:00Z')
    expect(new Date(pauseEnd(noon, berlin, null)).toISOString()).toBe('2026-06-21T22:00:00.000Z')
    expect(new Date(pauseEnd(noon, berlin, '15:30')).toISOString()).toBe('2026-06-21T13:30:00.000Z')
    expect(new Date(pauseEnd(noon, berlin, '07:00')).toISOString()).toBe('2026-06-22T05:00:00.000Z')
    expect(new Date(pauseEnd(noon, berlin, '12:00')).toISOString()).toBe('2026-06-22T10:00:00.000Z')
  })

  test('counts the wall clock across a change of summer time', () => {
    // Berlin leaves summer time on 25 October 2026 at 03:00.
    const evening = Date.parse('2026-10-24T20:00:00Z')
    expect(new Date(pauseEnd(evening, berlin, '07:00')).toISOString()).toBe(
      '2026-10-25T06:00:00.000Z',
    )
    expect(new Date(pauseEnd(evening, berlin, null)).toISOString()).toBe('2026-10-24T22:00:00.000Z')
    const late = Date.parse('2026-10-25T12:00:00Z')
    expect(new Date(pauseEnd(late, berlin, null)).toISOString()).toBe('2026-10-25T23:00:00.000Z')
  })
})
