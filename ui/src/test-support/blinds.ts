// A blind as the hub's blindList answers it, for component tests: 60 s each way, no slats, no
// room, open and idle, no facade and shading off, unless told otherwise.
import type { BlindMotionEvent } from '../../../hub/realtime/events'
import type { Blind } from '../api/types'

export function testBlind(overrides: Partial<Blind> & Pick<Blind, 'id' | 'name'>): Blind {
  return {
    blindAddressUp: '1:0',
    blindAddressDown: '1:1',
    travelTimeMs: 60000,
    travelTimeUpMs: 60000,
    travelTimeDownMs: 60000,
    motorStartDelayMs: 0,
    tiltTimeMs: 0,
    room: null,
    myPosition: null,
    position: 100,
    tilt: null,
    target: null,
    endsAt: null,
    isFavorite: false,
    motion: 'IDLE',
    travelTimeKnown: true,
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
    shading: { active: false, pausedUntil: null, pausedBy: null, reason: null, since: null },
    ...overrides,
  }
}

/** A `blind:motion` push as the hub sends it: at rest and open, now, unless told otherwise. */
export function testMotion(
  event: Partial<BlindMotionEvent> & Pick<BlindMotionEvent, 'id'>,
): BlindMotionEvent {
  return {
    motion: 'IDLE',
    at: new Date().toISOString(),
    position: 100,
    tilt: null,
    target: null,
    endsAt: null,
    reversing: false,
    delayLeftMs: 0,
    ...event,
  }
}
