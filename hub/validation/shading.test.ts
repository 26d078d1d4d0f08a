// The facade, shading and holiday rules the hub and the blind dialog share: their limits, the
// defaults, and which field a refusal names.
import { describe, expect, it } from 'vitest'
import { HubError } from '../errors'
import { checkAzimuth, checkRandomOffset, checkShadingInput, checkTimeOfDay } from './shading'

function rejection(check: () => unknown): HubError {
  try {
    check()
  } catch (err) {
    if (err instanceof HubError) return err
    throw err
  }
  throw new Error('expected the checker to reject the value')
}

const TIMED = { travelTimeKnown: true, tiltTimeMs: 0 }

describe('checkAzimuth', () => {
  it('accepts north to one degree west of north', () => {
    expect(checkAzimuth('facadeAzimuth', 0)).toBe(0)
    expect(checkAzimuth('facadeAzimuth', 359)).toBe(359)
  })

  it.each([360, -1, 180.5, Number.NaN])('refuses %s, naming the field', (value) => {
    const err = rejection(() => checkAzimuth('facadeAzimuth', value))
    expect(err.code).toBe(400)
    expect(err.field).toBe('facadeAzimuth')
    expect(err.message).toMatch(/^facadeAzimuth must be an integer from 0 to 359/)
  })
})

describe('checkTimeOfDay', () => {
  it.each(['00:00', '07:30', '23:59', ' 14:05 '])('accepts %j', (value) => {
    expect(checkTimeOfDay('shadingResumeAt', value)).toBe(value.trim())
  })

  it.each(['7:30', '24:00', '12:60', '12:3', '12-30', '12:30:00', ''])('refuses %j', (value) => {
    const err = rejection(() => checkTimeOfDay('shadingResumeAt', value))
    expect(err.field).toBe('shadingResumeAt')
    expect(err.message).toMatch(/^shadingResumeAt must be a time of day as HH:MM/)
  })
})

describe('checkRandomOffset', () => {
  it('accepts 0 to 30 minutes and refuses 31', () => {
    expect(checkRandomOffset('randomOffsetMinutes', 0)).toBe(0)
    expect(checkRandomOffset('randomOffsetMinutes', 30)).toBe(30)
    expect(rejection(() => checkRandomOffset('randomOffsetMinutes', 31)).message).toBe(
      'randomOffsetMinutes must be an integer from 0 to 30 minutes (got 31)',
    )
  })
})

describe('checkShadingInput', () => {
  it('fills in the defaults for a blind without a facade', () => {
    expect(checkShadingInput({}, TIMED)).toEqual({
      facadeAzimuth: null,
      fovLeft: 90,
      fovRight: 90,
      minElevation: 0,
      shadePosition: null,
      shadeTilt: null,
      shadingEnabled: false,
      shadingMinBrightness: 40,
      shadingReturnPosition: null,
      shadingResumeAt: null,
    })
  })

  it('refuses a shade position while the travel time is not known, and allows it once it is', () => {
    const input = { shadePosition: 30 }
    const err = rejection(() => checkShadingInput(input, { travelTimeKnown: false, tiltTimeMs: 0 }))
    expect(err.field).toBe('shadePosition')
    expect(checkShadingInput(input, TIMED).shadePosition).toBe(30)
  })

  it('refuses shading without a facade or a shade position, naming shadingEnabled', () => {
    const err = rejection(() =>
      checkShadingInput({ facadeAzimuth: 180, shadingEnabled: true }, TIMED),
    )
    expect(err.field).toBe('shadingEnabled')
    expect(err.message).toBe('shadingEnabled must not be true without shadePosition')
  })

  it('allows a shade tilt only on a blind with slats', () => {
    expect(rejection(() => checkShadingInput({ shadeTilt: 50 }, TIMED)).field).toBe('shadeTilt')
    expect(checkShadingInput({ shadeTilt: 50 }, { ...TIMED, tiltTimeMs: 1500 }).shadeTilt).toBe(50)
  })
})
