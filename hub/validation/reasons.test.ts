// Every rule the checkers enforce refuses with its own stable reason and the figures behind it
// (extensions.reason and values), so the UI can word it in German; the English message stays.
import { describe, expect, it } from 'vitest'
import { HubError } from '../errors'
import { checkCron, checkSceneCount, checkScene, checkTrigger } from './automation'
import { checkBlindInput, checkTiltTime } from './blind'
import { checkAddress, checkIds } from './fields'
import { checkLocationInput, checkSunLocation } from './location'
import { checkHistoryRange, checkInstant } from './pv'
import { checkShadingInput, checkTimeOfDay, checkAzimuth } from './shading'
import { checkScale, checkSensorTopic, checkWeatherKind, checkWindLimit } from './weather'
import { checkWeatherSensorInput } from './weather'

function refusal(run: () => unknown): { field: string | undefined; details: object } {
  try {
    run()
  } catch (err) {
    if (err instanceof HubError && err.code === 400)
      return { field: err.field, details: err.details }
    throw err
  }
  throw new Error('expected a 400')
}

const known = { travelTimeKnown: true, tiltTimeMs: 0 }
const blind = { name: 'Kitchen', blindAddressUp: '1:0', blindAddressDown: '1:1' }
const scene = { name: 'Step', type: 'BLIND_CONTROL' as const, duration: 1000 }

const cases: [string, () => unknown, string, Record<string, unknown>][] = [
  [
    'a weather kind that is none',
    () => checkWeatherKind('kind', 'SNOW'),
    'kind',
    {
      reason: 'ONE_OF',
      allowed: 'WIND, RAIN, TEMPERATURE',
    },
  ],
  [
    'a scale of 0',
    () => checkScale('scale', 0),
    'scale',
    {
      reason: 'NOT_ZERO_RANGE',
      min: -1000,
      max: 1000,
    },
  ],
  ['an empty topic', () => checkSensorTopic('mqttTopic', ' '), 'mqttTopic', { reason: 'EMPTY' }],
  [
    'a topic of 300 bytes',
    () => checkSensorTopic('t', 'ä'.repeat(150)),
    't',
    {
      reason: 'TOO_MANY_BYTES',
      max: 256,
    },
  ],
  [
    'a topic with a wildcard',
    () => checkSensorTopic('t', 'home/+/wind'),
    't',
    {
      reason: 'MQTT_WILDCARD',
    },
  ],
  [
    'a topic while MQTT is off',
    () => checkWeatherSensorInput({ name: 'W', kind: 'WIND', mqttTopic: 'a/b' }, false),
    'mqttTopic',
    {
      reason: 'NEEDS_MQTT',
    },
  ],
  [
    'a bus sensor without a register',
    () => checkWeatherSensorInput({ name: 'W', kind: 'WIND', unit: 2 }, false),
    'register',
    {
      reason: 'REQUIRED',
    },
  ],
  [
    'a wind limit of 0.5 m/s',
    () => checkWindLimit('windLimit', 0.5),
    'windLimit',
    {
      reason: 'NUMBER_RANGE',
      min: 1,
      max: 50,
    },
  ],
  [
    'an azimuth of 360',
    () => checkAzimuth('facadeAzimuth', 360),
    'facadeAzimuth',
    {
      reason: 'RANGE',
      min: 0,
      max: 359,
    },
  ],
  [
    'a time of 24:00',
    () => checkTimeOfDay('shadingResumeAt', '24:00'),
    'shadingResumeAt',
    {
      reason: 'TIME_OF_DAY',
    },
  ],
  [
    'a shade position with the travel time unknown',
    () => checkShadingInput({ shadePosition: 30 }, { ...known, travelTimeKnown: false }),
    'shadePosition',
    {
      reason: 'REQUIRES_OTHER',
      other: 'travelTimeMs',
    },
  ],
  [
    'shading without a facade and a shade position',
    () => checkShadingInput({ shadingEnabled: true }, known),
    'shadingEnabled',
    {
      reason: 'REQUIRES_OTHER',
      other: 'facadeAzimuth,shadePosition',
    },
  ],
  [
    'a shade tilt on a blind without slats',
    () => checkShadingInput({ shadeTilt: 40 }, known),
    'shadeTilt',
    {
      reason: 'NO_SLATS',
    },
  ],
  [
    'a slat turn time of 50 ms',
    () => checkTiltTime('tiltTimeMs', 50),
    'tiltTimeMs',
    {
      reason: 'ZERO_OR_RANGE',
      min: 100,
      max: 10000,
    },
  ],
  [
    'the same address up and down',
    () => checkBlindInput({ ...blind, blindAddressDown: '1:0' }),
    'blindAddressDown',
    {
      reason: 'MUST_DIFFER',
      other: 'blindAddressUp',
      value: '1:0',
    },
  ],
  [
    'an address without a colon',
    () => checkAddress('blindAddressDown', '11'),
    'blindAddressDown',
    {
      reason: 'ADDRESS',
      example: '1:1',
    },
  ],
  [
    'an address on unit 248',
    () => checkAddress('a', '248:0'),
    'a',
    {
      reason: 'ADDRESS_UNIT',
      min: 1,
      max: 247,
    },
  ],
  [
    'an address on coil 256',
    () => checkAddress('a', '1:256'),
    'a',
    {
      reason: 'ADDRESS_COIL',
      min: 0,
      max: 255,
    },
  ],
  [
    'an empty list of ids',
    () => checkIds('ids', []),
    'ids',
    {
      reason: 'LIST_LENGTH',
      min: 1,
      max: 1000,
    },
  ],
  ['no scenes', () => checkSceneCount(0), 'scene', { reason: 'LIST_LENGTH', min: 1, max: 100 }],
  [
    'an address twice in a scene',
    () => checkScene({ ...scene, blindAddresses: ['1:0', '01:00'] }, 2),
    'scene[2].blindAddresses[1]',
    {
      reason: 'REPEATED',
      value: '1:0',
    },
  ],
  [
    'a delay scene with addresses',
    () => checkScene({ ...scene, type: 'DELAY', blindAddresses: ['1:0'] }, 0),
    'scene[0].blindAddresses',
    {
      reason: 'MUST_BE_EMPTY_FOR',
      other: 'type',
      value: 'DELAY',
    },
  ],
  [
    'a blind scene with a position',
    () => checkScene({ ...scene, blindAddresses: ['1:0'], position: 50 }, 0),
    'scene[0].position',
    {
      reason: 'MUST_BE_EMPTY_UNLESS',
      other: 'type',
      value: 'POSITION',
    },
  ],
  [
    'a position scene without position or tilt',
    () => checkScene({ name: 'Go', type: 'POSITION', blindIds: [crypto.randomUUID()] }, 0),
    'scene[0].position',
    {
      reason: 'REQUIRED_OR',
      other: 'tilt',
    },
  ],
  [
    'a manual trigger with a cron',
    () => checkTrigger({ type: 'MANUAL', cron: '0 7 * * *' }, { hasLocation: true }),
    'trigger.cron',
    {
      reason: 'MUST_BE_EMPTY_UNLESS',
      other: 'trigger.type',
      value: 'CRON',
    },
  ],
  [
    'a cron with minute 61',
    () => checkCron('trigger.cron', '61 7 * * *'),
    'trigger.cron',
    { reason: 'CRON_VALUE', part: 'minute', value: 61, min: 0, max: 59 },
  ],
  [
    'a cron with a shortcut',
    () => checkCron('trigger.cron', '@daily'),
    'trigger.cron',
    { reason: 'CRON_SHORTCUT', value: '@daily', shortcut: '0 0 * * *' },
  ],
  [
    'a cron with four fields',
    () => checkCron('trigger.cron', '0 7 * *'),
    'trigger.cron',
    { reason: 'CRON_FIELD_COUNT', count: 4 },
  ],
  [
    'a cron with the sixth week of a month',
    () => checkCron('trigger.cron', '0 7 * * 1#6'),
    'trigger.cron',
    { reason: 'CRON_ITEM', part: 'dayOfWeek', value: '1#6' },
  ],
  [
    'a cron for 30 February',
    () => checkCron('trigger.cron', '0 7 30 2 *'),
    'trigger.cron',
    { reason: 'CRON_NEVER_DAY', day: '30', weekday: '*' },
  ],
  [
    'a sun trigger without the house’s location',
    () => checkSunLocation(false),
    'trigger.sunEvent',
    {
      reason: 'NEEDS_LOCATION',
    },
  ],
  [
    'a latitude of 91',
    () => checkLocationInput({ lat: 91, lon: 0 }),
    'lat',
    {
      reason: 'NUMBER_RANGE',
      min: -90,
      max: 90,
    },
  ],
  [
    'a latitude without a longitude',
    () => checkLocationInput({ lat: 50 }),
    'lon',
    {
      reason: 'REQUIRED_WITH',
      other: 'lat',
    },
  ],
  [
    'a time without its zone',
    () => checkInstant('from', '2026-06-21T00:00:00'),
    'from',
    {
      reason: 'DATE_TIME',
    },
  ],
  [
    'a history of 15 days',
    () => checkHistoryRange('2026-06-01T00:00:00Z', '2026-06-16T00:00:00Z'),
    'to',
    {
      reason: 'WITHIN_DAYS',
      other: 'from',
      max: 14,
    },
  ],
]

describe('the reason a refusal carries', () => {
  it.each(cases)('refuses %s with its own reason and figures', (_, run, field, details) => {
    expect(refusal(run)).toEqual({ field, details })
  })
})
