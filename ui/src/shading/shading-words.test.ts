import { describe, expect, it } from 'vitest'
import type { ShadingPausedBy } from '../api/types'
import { compassName, facingText, pausedText, reasonWords, shadingStateText } from './shading-words'

const off = { active: false, pausedUntil: null, reason: null, since: null }
const you: ShadingPausedBy = { kind: 'USER', you: true, name: 'anna' }

describe('shading in words', () => {
  it('names the compass point a window faces', () => {
    expect(facingText(180)).toBe('Window faces 180°, south')
    expect(facingText(0)).toBe('Window faces 0°, north')
    expect(facingText(null)).toBe('No facade set')
    expect([22, 23, 100, 225, 300, 338, 359].map(compassName)).toEqual([
      'north',
      'north-east',
      'east',
      'south-west',
      'north-west',
      'north',
      'north',
    ])
  })

  it('says "Shading" while the blind is shaded, nothing while shading leaves it alone', () => {
    expect(shadingStateText({ ...off, active: true, reason: 'SUN_IN_FRONT' }, 'UTC')).toBe(
      'Shading',
    )
    expect(shadingStateText(off, 'UTC')).toBeNull()
    expect(shadingStateText(null, 'UTC')).toBeNull()
  })

  it('says until when a person paused it, in the hub’s time zone', () => {
    const paused = {
      ...off,
      reason: 'PAUSED' as const,
      pausedUntil: '2026-06-25T05:00:00Z',
      pausedBy: you,
    }
    const evening = Date.parse('2026-06-24T18:00:00Z')
    expect(shadingStateText(paused, 'Europe/Berlin', evening)).toBe(
      'Paused by you until Thu\u00a007:00',
    )
    expect(shadingStateText(paused, 'Australia/Sydney', evening)).toBe(
      'Paused by you until Thu\u00a015:00',
    )
    // Paused while shaded: the pause is what the person needs to know.
    expect(shadingStateText({ ...paused, active: true }, 'Europe/Berlin', evening)).toBe(
      'Paused by you until Thu\u00a007:00',
    )
    // Once the pause has ended it is not shown, even if the hub has not said so yet.
    const after = Date.parse('2026-06-25T05:00:00Z')
    expect(shadingStateText(paused, 'Europe/Berlin', after)).toBeNull()
    expect(shadingStateText({ ...paused, active: true }, 'Europe/Berlin', after)).toBe('Shading')
  })

  it('says whose command paused it, naming only what the hub named', () => {
    const until = 'Thu 07:00'
    const said = (by: ShadingPausedBy | null) => pausedText(by, until)
    expect(said(you)).toBe('Paused by you until Thu 07:00')
    expect(said({ kind: 'USER', you: false, name: 'ben' })).toBe('Paused by ben until Thu 07:00')
    expect(said({ kind: 'USER', you: false, name: null })).toBe(
      'Paused by another user until Thu 07:00',
    )
    expect(said({ kind: 'AUTOMATION', you: false, name: 'Morning' })).toBe(
      'Paused by automation “Morning” until Thu 07:00',
    )
    expect(said({ kind: 'AUTOMATION', you: false, name: null })).toBe(
      'Paused by an automation until Thu 07:00',
    )
    expect(said({ kind: 'MQTT', you: false, name: null })).toBe(
      'Paused by Home Assistant (MQTT) until Thu 07:00',
    )
    expect(said({ kind: 'CALIBRATION', you: true, name: 'admin' })).toBe(
      'Paused by your calibration until Thu 07:00',
    )
    expect(said({ kind: 'CALIBRATION', you: false, name: 'carla' })).toBe(
      'Paused by carla’s calibration until Thu 07:00',
    )
    expect(said({ kind: 'CALIBRATION', you: false, name: null })).toBe(
      'Paused by a calibration until Thu 07:00',
    )
    // A pause from before the hub kept whose it was claims nobody.
    expect(said(null)).toBe('Paused until Thu 07:00')
  })

  it('gives each move’s reason in words', () => {
    expect(reasonWords('SUN_IN_FRONT')).toBe('Sun in front')
    expect(reasonWords('BRIGHT')).toBe('Bright')
    expect(reasonWords('ENDED')).toBe('Ended')
  })
})
