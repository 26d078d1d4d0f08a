import { describe, expect, it } from 'vitest'
import { HubError } from '../errors'
import {
  checkAutomationInput,
  checkCron,
  checkScene,
  checkTrigger,
  type AutomationInput,
  type SceneInput,
  type TriggerInput,
} from './automation'

const withLocation = { hasLocation: true }
const withoutLocation = { hasLocation: false }

function rejection(check: () => unknown): HubError {
  try {
    check()
  } catch (err) {
    if (err instanceof HubError) return err
    throw err
  }
  throw new Error('expected the checker to reject the input')
}

const control = (blindAddresses: string[], duration = 5000): SceneInput => ({
  name: 'Move',
  type: 'BLIND_CONTROL',
  duration,
  blindAddresses,
})
const delay = (duration: number): SceneInput => ({ name: 'Wait', type: 'DELAY', duration })

describe('checkCron', () => {
  it.each([
    ['0 7 * * 1-5', '0 7 * * 1-5'],
    ['*/15 * * * *', '*/15 * * * *'],
    ['30 0 7 * * *', '30 0 7 * * *'],
    ['0 7 * * MON', '0 7 * * MON'],
    ['  0   7 *\t* *  ', '0 7 * * *'],
  ])('accepts %j and stores it as %j', (value, stored) => {
    expect(checkCron('trigger.cron', value)).toBe(stored)
  })

  it.each([
    ['an empty expression', '', 'has 0 fields'],
    ['4 fields', '0 7 * *', 'has 4 fields'],
    ['minute 61', '61 * * * *', 'has minute 61; minutes go from 0 to 59'],
    ['day 31 of February', '0 7 31 2 *', 'never fires: day 31 never comes in February'],
  ])('rejects %s with the shared rule’s reason (cron.test.ts has them all)', (_, value, why) => {
    const err = rejection(() => checkCron('trigger.cron', value))
    expect(err.code).toBe(400)
    expect(err.field).toBe('trigger.cron')
    expect(err.message.startsWith(`trigger.cron ${why}`), err.message).toBe(true)
  })
})

describe('checkTrigger', () => {
  it('fills in offset 0 and enabled for a bare manual trigger', () => {
    expect(checkTrigger({ type: 'MANUAL' }, withoutLocation)).toEqual({
      type: 'MANUAL',
      cron: null,
      sunEvent: null,
      offsetMinutes: 0,
      enabled: true,
    })
  })

  it('treats an empty cron on a manual trigger as not given, as a form may send it', () => {
    expect(checkTrigger({ type: 'MANUAL', cron: '  ' }, withoutLocation).cron).toBeNull()
  })

  it('treats null fields as not given', () => {
    const input: TriggerInput = {
      type: 'MANUAL',
      cron: null,
      sunEvent: null,
      offsetMinutes: null,
      enabled: null,
    }
    expect(checkTrigger(input, withoutLocation)).toMatchObject({ offsetMinutes: 0, enabled: true })
  })

  it('keeps a disabled cron trigger disabled and normalises its spacing', () => {
    expect(
      checkTrigger({ type: 'CRON', cron: '0  7 * * *', enabled: false }, withoutLocation),
    ).toEqual({
      type: 'CRON',
      cron: '0 7 * * *',
      sunEvent: null,
      offsetMinutes: 0,
      enabled: false,
    })
  })

  it.each([[720], [-720], [0]])(
    'accepts a sun trigger with offset %d when the location is known',
    (offset) => {
      expect(
        checkTrigger({ type: 'SUN', sunEvent: 'SUNSET', offsetMinutes: offset }, withLocation),
      ).toEqual({
        type: 'SUN',
        cron: null,
        sunEvent: 'SUNSET',
        offsetMinutes: offset,
        enabled: true,
      })
    },
  )

  // prettier-ignore
  const rejected: [string, TriggerInput, { hasLocation: boolean }, string, string][] = [
    ['cron trigger without cron', { type: 'CRON' }, withLocation, 'trigger.cron', 'is required when trigger.type is CRON'],
    ['cron on a manual trigger', { type: 'MANUAL', cron: '0 7 * * *' }, withLocation, 'trigger.cron', 'must be empty unless trigger.type is CRON'],
    ['cron on a sun trigger', { type: 'SUN', sunEvent: 'SUNRISE', cron: '0 7 * * *' }, withLocation, 'trigger.cron', 'must be empty unless trigger.type is CRON'],
    ['sun trigger without sunEvent', { type: 'SUN' }, withLocation, 'trigger.sunEvent', 'is required when trigger.type is SUN'],
    ['sunEvent on a cron trigger', { type: 'CRON', cron: '0 7 * * *', sunEvent: 'SUNSET' }, withLocation, 'trigger.sunEvent', 'must be empty unless trigger.type is SUN'],
    ['sun trigger on a hub without location', { type: 'SUN', sunEvent: 'SUNRISE' }, withoutLocation, 'trigger.sunEvent', "needs the house's location: an admin sets it in Settings (/settings)"],
    ['offset 721', { type: 'SUN', sunEvent: 'SUNRISE', offsetMinutes: 721 }, withLocation, 'trigger.offsetMinutes', 'must be an integer from -720 to 720 (got 721)'],
    ['offset -721', { type: 'SUN', sunEvent: 'SUNRISE', offsetMinutes: -721 }, withLocation, 'trigger.offsetMinutes', 'must be an integer from -720 to 720 (got -721)'],
    ['offset on a cron trigger', { type: 'CRON', cron: '0 7 * * *', offsetMinutes: 15 }, withLocation, 'trigger.offsetMinutes', 'must be 0 unless trigger.type is SUN'],
    ['offset on a manual trigger', { type: 'MANUAL', offsetMinutes: -5 }, withLocation, 'trigger.offsetMinutes', 'must be 0 unless trigger.type is SUN'],
  ]

  it.each(rejected)('rejects a %s', (_, input, ctx, field, rule) => {
    const err = rejection(() => checkTrigger(input, ctx))
    expect(err.code).toBe(400)
    expect(err.field).toBe(field)
    expect(err.message).toBe(`${field} ${rule}`)
  })
})

describe('checkScene', () => {
  it('reads a blind scene with its addresses in canonical form and input order', () => {
    expect(checkScene({ ...control(['02:005', '1:0']), name: '  Open all ' }, 3)).toEqual({
      name: 'Open all',
      type: 'BLIND_CONTROL',
      durationMs: 5000,
      addresses: ['2:5', '1:0'],
      blindIds: [],
      position: null,
      tilt: null,
    })
  })

  it('reads a delay scene without addresses', () => {
    expect(
      checkScene({ name: 'Wait', type: 'DELAY', duration: 86400000, blindAddresses: null }, 0),
    ).toEqual({
      name: 'Wait',
      type: 'DELAY',
      durationMs: 86400000,
      addresses: [],
      blindIds: [],
      position: null,
      tilt: null,
    })
  })

  it('accepts 64 addresses and the duration bounds of a blind scene', () => {
    const addresses = Array.from({ length: 64 }, (_, i) => `3:${i}`)
    expect(checkScene(control(addresses, 100), 0).addresses).toHaveLength(64)
    expect(checkScene(control(['1:0'], 300000), 0).durationMs).toBe(300000)
    expect(checkScene(delay(100), 0).durationMs).toBe(100)
  })

  // prettier-ignore
  const rejected: [string, SceneInput, string, string][] = [
    ['an empty name', { ...control(['1:0']), name: ' ' }, 'scene[4].name', 'must not be empty'],
    ['a blind scene without addresses', control([]), 'scene[4].blindAddresses', 'must list at least one address for a BLIND_CONTROL scene'],
    ['a blind scene with addresses left out', { name: 'Move', type: 'BLIND_CONTROL', duration: 5000 }, 'scene[4].blindAddresses', 'must list at least one address for a BLIND_CONTROL scene'],
    ['a blind scene with 65 addresses', control(Array.from({ length: 65 }, (_, i) => `3:${i}`)), 'scene[4].blindAddresses', 'must list at most 64 addresses for a BLIND_CONTROL scene (got 65)'],
    ['a blind scene of 99 ms', control(['1:0'], 99), 'scene[4].duration', 'must be an integer from 100 to 300000 ms (got 99)'],
    ['a blind scene of 300001 ms', control(['1:0'], 300001), 'scene[4].duration', 'must be an integer from 100 to 300000 ms (got 300001)'],
    ['a delay of 99 ms', delay(99), 'scene[4].duration', 'must be an integer from 100 to 86400000 ms (got 99)'],
    ['a delay of 86400001 ms', delay(86400001), 'scene[4].duration', 'must be an integer from 100 to 86400000 ms (got 86400001)'],
    ['a delay with addresses', { ...delay(1000), blindAddresses: ['1:0'] }, 'scene[4].blindAddresses', 'must be empty for a DELAY scene'],
    ['a malformed address', control(['1:0', 'kitchen']), 'scene[4].blindAddresses[1]', 'must be UNIT:COIL, a Modbus unit and a coil number such as 1:0'],
    ['an address out of range', control(['300:0']), 'scene[4].blindAddresses[0]', 'must have a unit from 1 to 247 (got 300)'],
    ['a repeated address, also when spelled differently', control(['1:0', '2:0', '01:000']), 'scene[4].blindAddresses[2]', 'must not repeat address 1:0'],
  ]

  it.each(rejected)('rejects %s', (_, input, field, rule) => {
    const err = rejection(() => checkScene(input, 4))
    expect(err.code).toBe(400)
    expect(err.field).toBe(field)
    expect(err.message).toBe(`${field} ${rule}`)
  })
})

describe('checkAutomationInput', () => {
  const valid: AutomationInput = {
    name: ' Morning ',
    trigger: { type: 'CRON', cron: '0 7 * * 1-5' },
    scene: [control(['1:0']), delay(2000), control(['1:1', '2:1'], 1000)],
  }

  it('returns the trimmed name, the trigger and the scenes in input order', () => {
    expect(checkAutomationInput(valid, withoutLocation)).toEqual({
      name: 'Morning',
      trigger: {
        type: 'CRON',
        cron: '0 7 * * 1-5',
        sunEvent: null,
        offsetMinutes: 0,
        enabled: true,
      },
      scenes: [
        {
          name: 'Move',
          type: 'BLIND_CONTROL',
          durationMs: 5000,
          addresses: ['1:0'],
          blindIds: [],
          position: null,
          tilt: null,
        },
        {
          name: 'Wait',
          type: 'DELAY',
          durationMs: 2000,
          addresses: [],
          blindIds: [],
          position: null,
          tilt: null,
        },
        {
          name: 'Move',
          type: 'BLIND_CONTROL',
          durationMs: 1000,
          addresses: ['1:1', '2:1'],
          blindIds: [],
          position: null,
          tilt: null,
        },
      ],
    })
  })

  it('accepts 100 scenes', () => {
    const scene = Array.from({ length: 100 }, () => delay(100))
    expect(checkAutomationInput({ ...valid, scene }, withoutLocation).scenes).toHaveLength(100)
  })

  it.each([
    [0, [], 'scene must hold at least one scene'],
    [
      101,
      Array.from({ length: 101 }, () => delay(100)),
      'scene must hold 1 to 100 scenes (got 101)',
    ],
  ])('rejects %d scenes', (_, scene, message) => {
    const err = rejection(() => checkAutomationInput({ ...valid, scene }, withoutLocation))
    expect(err.code).toBe(400)
    expect(err.field).toBe('scene')
    expect(err.message).toBe(message)
  })

  it('rejects a name of 65 characters', () => {
    const err = rejection(() =>
      checkAutomationInput({ ...valid, name: 'n'.repeat(65) }, withoutLocation),
    )
    expect(err.field).toBe('name')
  })

  it('names the index of the bad scene', () => {
    const err = rejection(() =>
      checkAutomationInput(
        { ...valid, scene: [delay(100), delay(100), control(['1:0'], 99)] },
        withoutLocation,
      ),
    )
    expect(err.message).toBe('scene[2].duration must be an integer from 100 to 300000 ms (got 99)')
  })

  it('passes the location on to the trigger rules', () => {
    const sun: AutomationInput = {
      ...valid,
      trigger: { type: 'SUN', sunEvent: 'SUNRISE', offsetMinutes: -15 },
    }
    expect(checkAutomationInput(sun, withLocation).trigger).toMatchObject({
      sunEvent: 'SUNRISE',
      offsetMinutes: -15,
    })
    expect(rejection(() => checkAutomationInput(sun, withoutLocation)).field).toBe(
      'trigger.sunEvent',
    )
  })
})
