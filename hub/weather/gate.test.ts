import { describe, expect, it } from 'vitest'
import { gateRefusal, type GateBlind } from './gate'
import type { Lock } from './protection'

const wind: Lock = {
  kind: 'WIND',
  since: 0,
  releaseAt: null,
  cause: { kind: 'WIND', value: 14, limit: 10 },
  kinds: ['WIND'],
  acting: true,
}
const frost: Lock = { ...wind, kind: 'FROST', cause: { kind: 'FROST', value: 0 }, kinds: ['FROST'] }

const raised: GateBlind = { lock: wind, safetyPosition: 100, position: 40, moving: false }
const up = { kind: 'RUN', side: 'UP', target: null } as const
const down = { kind: 'RUN', side: 'DOWN', target: null } as const

describe('the weather gate', () => {
  it('lets everything through a blind that is not locked', () => {
    expect(gateRefusal({ ...raised, lock: null }, down)).toBeNull()
  })

  it('lets a locked blind go up to its raised safety position, and nowhere else', () => {
    expect(gateRefusal(raised, up)).toBeNull()
    expect(gateRefusal(raised, down)).toBe('AWAY')
    expect(gateRefusal(raised, { kind: 'RUN', side: 'UP', target: 100 })).toBeNull()
    expect(gateRefusal(raised, { kind: 'RUN', side: 'DOWN', target: 20 })).toBe('AWAY')
  })

  it('allows a part move that ends nearer the safety position, on the same side of it', () => {
    const half: GateBlind = { ...raised, safetyPosition: 50, position: 10 }
    expect(gateRefusal(half, { kind: 'RUN', side: 'UP', target: 30 })).toBeNull()
    expect(gateRefusal(half, { kind: 'RUN', side: 'UP', target: 50 })).toBeNull()
    expect(gateRefusal(half, { kind: 'RUN', side: 'UP', target: 70 })).toBe('AWAY')
    // A full run up passes the safety position on its way to the end stop.
    expect(gateRefusal(half, up)).toBe('AWAY')
    expect(gateRefusal({ ...half, position: null }, { kind: 'RUN', side: 'UP', target: 30 })).toBe(
      'AWAY',
    )
  })

  it('refuses a stop while the blind travels to safety, and allows it when still', () => {
    expect(gateRefusal({ ...raised, moving: true }, { kind: 'STOP' })).toBe('AWAY')
    expect(gateRefusal(raised, { kind: 'STOP' })).toBeNull()
  })

  it('freezes a blind under frost: no run at all, not even to safety, but a stop', () => {
    const frozen: GateBlind = { ...raised, lock: frost }
    expect(gateRefusal(frozen, up)).toBe('FROZEN')
    expect(gateRefusal(frozen, down)).toBe('FROZEN')
    expect(gateRefusal({ ...frozen, moving: true }, { kind: 'STOP' })).toBeNull()
  })
})
