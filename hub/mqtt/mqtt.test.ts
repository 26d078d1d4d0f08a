// The pure parts of the MQTT link: topics of one hub, the payload rules, the cover state, its
// availability and attributes, and warnings that cannot flood the log.
import { describe, expect, it } from 'vitest'
import {
  checkRunPayload,
  coverAttributes,
  coverAvailability,
  coverState,
  parseBlindCommand,
} from './payloads'
import { Topics } from './topics'
import { LimitedWarnings } from './warnings'
import type { BlindPosition } from '../position/tracker'

const ID = '5f0c3a52-64c4-4f5e-9f64-0ad0c1d6c0a1'
const topics = new Topics({
  prefix: 'lamella',
  hubId: 'upstairs',
  discoveryPrefix: 'homeassistant',
})

describe('Topics', () => {
  it("reads this hub's command topics, and nothing else", () => {
    expect(topics.command(`lamella/upstairs/blind/${ID}/set`)).toEqual({
      kind: 'blind',
      id: ID,
      command: 'set',
    })
    expect(topics.command(`lamella/upstairs/blind/${ID}/set_tilt`)).toMatchObject({
      command: 'set_tilt',
    })
    expect(topics.command(`lamella/upstairs/automation/${ID}/run`)).toEqual({
      kind: 'automation',
      id: ID,
      command: 'run',
    })
    for (const other of [
      `lamella/downstairs/blind/${ID}/set`,
      `lamella/upstairs/blind/${ID}/state`,
      `lamella/upstairs/blind/${ID}/set/extra`,
      `lamella/upstairs/automation/${ID}/set`,
      'lamella/upstairs/status',
    ]) {
      expect(topics.command(other)).toBeNull()
    }
  })

  it('announces under the hub id, and nowhere when discovery is off', () => {
    expect(topics.discovery('cover', ID)).toBe(`homeassistant/cover/lamella_upstairs/${ID}/config`)
    expect(topics.announcement(`homeassistant/button/lamella_upstairs/${ID}/config`)).toEqual({
      component: 'button',
      id: ID,
    })
    // Every component of this hub's, and nothing of another hub's, however alike its id.
    expect(topics.announcement(`homeassistant/switch/lamella_upstairs/old_one/config`)).toEqual({
      component: 'switch',
      id: 'old_one',
    })
    expect(topics.ownDiscoveryFilter).toBe('homeassistant/+/lamella_upstairs/+/config')
    expect(topics.announcement(`homeassistant/cover/lamella_other/${ID}/config`)).toBeNull()
    expect(
      topics.announcement(`homeassistant/cover/lamella_upstairs-annex/${ID}/config`),
    ).toBeNull()
    expect(topics.announcement(`homeassistant/cover/lamella_upstairs/${ID}/state`)).toBeNull()
    expect(topics.announcement(`homeassistant/cover/lamella_upstairs/${ID}/x/config`)).toBeNull()
    const off = new Topics({ prefix: 'lamella', hubId: 'upstairs', discoveryPrefix: null })
    expect(off.discovery('cover', ID)).toBeNull()
    expect(off.homeAssistantStatus).toBeNull()
    expect(off.ownDiscoveryFilter).toBeNull()
  })
})

describe('command payloads', () => {
  const parse = (command: 'set' | 'set_position' | 'set_tilt', text: string) =>
    parseBlindCommand(command, Buffer.from(text))

  it('takes what Home Assistant sends', () => {
    expect(parse('set', 'OPEN')).toEqual({ ok: true, value: { command: 'set', direction: 'UP' } })
    expect(parse('set', 'close')).toEqual({
      ok: true,
      value: { command: 'set', direction: 'DOWN' },
    })
    expect(parse('set', ' STOP\n')).toMatchObject({ value: { direction: 'STOP' } })
    expect(parse('set_position', '0')).toMatchObject({ value: { position: 0 } })
    expect(parse('set_position', '100')).toMatchObject({ value: { position: 100 } })
    expect(parse('set_tilt', '45')).toMatchObject({ value: { tilt: 45 } })
    expect(checkRunPayload(Buffer.from('PRESS')).ok).toBe(true)
  })

  it.each([
    ['set_position', '50%'],
    ['set_position', '101'],
    ['set_position', '-1'],
    ['set_position', '50.5'],
    ['set_position', '1e2'],
    ['set_position', '{"position":50}'],
    ['set_tilt', ''],
    ['set', 'UP'],
    ['set', 'OPEN CLOSE'],
  ] as const)('refuses %s %j, saying why', (command, text) => {
    const parsed = parse(command, text)
    expect(parsed.ok).toBe(false)
    expect(parsed.ok ? '' : parsed.reason).toMatch(/^must be /)
  })

  it('refuses a long payload unread', () => {
    const parsed = parse('set', 'x'.repeat(10_240))
    expect(parsed).toEqual({ ok: false, reason: 'is 10240 bytes, more than 16' })
    expect(checkRunPayload(Buffer.alloc(17)).ok).toBe(false)
  })
})

describe('coverState', () => {
  const at = (p: Partial<BlindPosition>): BlindPosition => ({
    motion: 'IDLE',
    position: 40,
    tilt: null,
    target: null,
    endsAt: null,
    reversing: false,
    delayLeftMs: 0,
    ...p,
  })
  it('says opening and closing while it moves, open and closed at the ends, stopped between', () => {
    expect(coverState(at({ motion: 'MOVING_UP', position: 40 }))).toBe('opening')
    expect(coverState(at({ motion: 'MOVING_DOWN', position: 40 }))).toBe('closing')
    expect(coverState(at({ motion: 'MOVING_DOWN', position: null }))).toBe('closing')
    expect(coverState(at({ position: 100 }))).toBe('open')
    expect(coverState(at({ position: 0 }))).toBe('closed')
    expect(coverState(at({ position: 40 }))).toBe('stopped')
  })

  it('says closed or open from the moment the blind reaches the end stop, while the relay runs on', () => {
    expect(coverState(at({ motion: 'MOVING_DOWN', position: 0 }))).toBe('closed')
    expect(coverState(at({ motion: 'MOVING_UP', position: 100 }))).toBe('open')
  })

  it("says None, Home Assistant's unknown, while the position is not known", () => {
    expect(coverState(at({ position: null }))).toBe('None')
  })

  it('is available only while the position is known, moving or not', () => {
    expect(coverAvailability(at({ position: 0 }))).toBe('online')
    expect(coverAvailability(at({ motion: 'MOVING_UP', position: 40 }))).toBe('online')
    expect(coverAvailability(at({ position: null }))).toBe('offline')
    expect(coverAvailability(at({ motion: 'MOVING_DOWN', position: null }))).toBe('offline')
  })
})

describe('coverAttributes', () => {
  it('carries the weather lock, with why and until when, or null while the blind is free', () => {
    const lock = {
      kind: 'WIND',
      since: '2024-03-01T10:00:00.000Z',
      releaseAt: null,
      reason: 'wind 15 m/s over the limit of 12 m/s; until the wind stays calm',
    }
    expect(JSON.parse(coverAttributes(lock))).toEqual({
      lock: {
        kind: 'WIND',
        reason: lock.reason,
        since: lock.since,
        until: null,
      },
    })
    expect(coverAttributes(null)).toBe('{"lock":null}')
  })
})

describe('LimitedWarnings', () => {
  it('logs a handful a minute, then says how many it left out', () => {
    const lines: [Record<string, unknown>, string][] = []
    let t = 0
    const warnings = new LimitedWarnings(
      { warn: (o: object, m: string) => lines.push([o as never, m]) } as never,
      () => t,
    )
    for (let i = 0; i < 100; i++) warnings.warn({ i }, 'bad payload')
    expect(lines).toHaveLength(5)
    t = 60_000
    warnings.warn({ i: 100 }, 'bad payload')
    expect(lines).toHaveLength(6)
    expect(lines[5]![0]).toEqual({ i: 100, warningsLeftOut: 95 })
  })
})
