// Weather protection's bad input: a 400 naming the field and the rule, nothing changed; and
// only admins set it up (ARCHITECTURE.md section 13).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBlind, startHub, type TestHub } from '../helpers/hub'

const SENSOR = `mutation($input: WeatherSensorInput!) { weatherSensorCreate(input: $input) { id } }`
const BLIND_UPDATE = `mutation($id: ID!, $input: BlindInput!) { blindUpdate(id: $id, input: $input) {
  windLimit rainProtect frostProtect safetyPosition } }`
const SETTINGS = `mutation($w: Int, $r: Int) { weatherSettingsSet(windReleaseMinutes: $w, rainReleaseMinutes: $r) {
  windReleaseMinutes rainReleaseMinutes } }`
const wind = { name: 'Anemometer', kind: 'WIND', unit: 2, function: 3, register: 0, scale: 0.1 }

describe('weather protection’s input', () => {
  let t: TestHub
  let blind: string
  beforeAll(async () => {
    t = await startHub()
    blind = await createBlind(t, 'Terrace', '1:0', '1:1', 20_000)
  })
  afterAll(async () => {
    await t?.close()
  })

  it.each([
    ['unit 0', { ...wind, unit: 0 }, 'unit', { reason: 'RANGE', min: 1, max: 247 }],
    ['register 70000', { ...wind, register: 70000 }, 'register', { reason: 'RANGE', max: 65535 }],
    ['function 6', { ...wind, function: 6 }, 'function', { reason: 'RANGE', min: 3, max: 4 }],
    ['a poll of 100 ms', { ...wind, pollMs: 100 }, 'pollMs', { reason: 'RANGE', min: 500 }],
    ['no unit for a bus sensor', { ...wind, unit: null }, 'unit', { reason: 'REQUIRED' }],
    [
      'an MQTT topic while MQTT is off',
      { name: 'Wind', kind: 'WIND', mqttTopic: 'a/b' },
      'mqttTopic',
      { reason: 'NEEDS_MQTT' },
    ],
    ['an empty name', { ...wind, name: ' ' }, 'name', { reason: 'EMPTY' }],
  ])('refuses a sensor with %s, naming the field and the rule', async (_, input, field, why) => {
    const before = t.snapshot()
    const res = await t.gql(SENSOR, { input }, t.adminToken)
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 400, field, ...why })
    expect(res.errors?.[0]?.message).toMatch(new RegExp(`^${field} `))
    expect(t.snapshot()).toBe(before)
  })

  it.each([
    ['a wind limit of -1', { windLimit: -1 }, 'windLimit', 'NUMBER_RANGE'],
    ['a wind limit of 51', { windLimit: 51 }, 'windLimit', 'NUMBER_RANGE'],
    ['a safety position of 101', { safetyPosition: 101 }, 'safetyPosition', 'RANGE'],
  ])('refuses a blind with %s, naming the field and the rule', async (_, input, field, reason) => {
    const before = t.snapshot()
    const res = await t.gql(BLIND_UPDATE, { id: blind, input }, t.adminToken)
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 400, field, reason })
    expect(t.snapshot()).toBe(before)
  })

  it.each([
    ['a wind release of 0', { w: 0 }, 'windReleaseMinutes'],
    ['a rain release of 61', { r: 61 }, 'rainReleaseMinutes'],
  ])('refuses %s, naming the field', async (_, vars, field) => {
    const before = t.snapshot()
    const res = await t.gql(SETTINGS, vars, t.adminToken)
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 400, field })
    expect(t.snapshot()).toBe(before)
  })

  it('keeps what a blind update leaves out, and null takes the wind limit away', async () => {
    const set = await t.gql(
      BLIND_UPDATE,
      { id: blind, input: { windLimit: 12.34, rainProtect: true } },
      t.adminToken,
    )
    expect(set.data).toEqual({
      blindUpdate: { windLimit: 12.3, rainProtect: true, frostProtect: false, safetyPosition: 100 },
    })
    const other = await t.gql(BLIND_UPDATE, { id: blind, input: { room: 'Garden' } }, t.adminToken)
    expect(other.data).toEqual({
      blindUpdate: { windLimit: 12.3, rainProtect: true, frostProtect: false, safetyPosition: 100 },
    })
    const cleared = await t.gql(
      BLIND_UPDATE,
      { id: blind, input: { windLimit: null } },
      t.adminToken,
    )
    expect(cleared.data).toEqual({
      blindUpdate: { windLimit: null, rainProtect: true, frostProtect: false, safetyPosition: 100 },
    })
  })

  it('keeps a release time left out, and lets only admins set up protection', async () => {
    const res = await t.gql(SETTINGS, { r: 25 }, t.adminToken)
    expect(res.data).toEqual({
      weatherSettingsSet: { windReleaseMinutes: 10, rainReleaseMinutes: 25 },
    })
    const bob = await t.createUser('bob')
    const refused = await t.gql(SENSOR, { input: wind }, bob.token)
    expect(refused.errors?.[0]?.extensions.code).toBe(403)
    const weather = await t.gql<{ weather: { sensors: unknown[] } }>(
      '{ weather { sensors { id } alarms { kind } } }',
      {},
      bob.token,
    )
    expect(weather.data!.weather.sensors).toEqual([])
  })
})
