import { describe, expect, it } from 'vitest'
import { HubError } from '../errors'
import {
  checkReleaseMinutes,
  checkWeatherProtection,
  checkWeatherSensorInput,
  WEATHER_PRESETS,
} from './weather'

function refusal(run: () => unknown): { field: string | undefined; message: string } {
  try {
    run()
  } catch (err) {
    if (err instanceof HubError && err.code === 400)
      return { field: err.field, message: err.message }
    throw err
  }
  throw new Error('expected a 400')
}

const anemometer = {
  name: 'Roof anemometer',
  kind: 'WIND' as const,
  unit: 2,
  register: 0,
  scale: 0.1,
}

describe('weather sensor input', () => {
  it('takes a bus sensor with the wind defaults: function 3, unsigned, read every second', () => {
    expect(checkWeatherSensorInput(anemometer, false)).toEqual({
      name: 'Roof anemometer',
      kind: 'WIND',
      pollMs: 1000,
      source: { kind: 'BUS', unit: 2, function: 3, register: 0, scale: 0.1, signed: false },
    })
    expect(checkWeatherSensorInput({ ...anemometer, kind: 'RAIN' }, false).pollMs).toBe(10_000)
  })

  it.each([
    [{ unit: 0 }, 'unit', 'from 1 to 247'],
    [{ unit: 248 }, 'unit', 'from 1 to 247'],
    [{ register: 70000 }, 'register', 'from 0 to 65535'],
    [{ function: 6 }, 'function', 'from 3 to 4'],
    [{ scale: 0 }, 'scale', 'other than 0'],
    [{ pollMs: 100 }, 'pollMs', 'from 500 to 60000'],
    [{ name: '  ' }, 'name', 'must not be empty'],
    [{ kind: 'HAIL' }, 'kind', 'WIND, RAIN, TEMPERATURE'],
    [{ unit: null }, 'unit', 'is required'],
  ])('refuses %o naming %s', (change, field, rule) => {
    const r = refusal(() => checkWeatherSensorInput({ ...anemometer, ...change } as never, false))
    expect(r.field).toBe(field)
    expect(r.message).toContain(rule)
  })

  it('reads a topic only when MQTT is on, and never a wildcard', () => {
    const onTopic = { name: 'Wind from HA', kind: 'WIND' as const, mqttTopic: 'weather/wind' }
    expect(refusal(() => checkWeatherSensorInput(onTopic, false))).toMatchObject({
      field: 'mqttTopic',
    })
    expect(checkWeatherSensorInput(onTopic, true).source).toEqual({
      kind: 'MQTT',
      topic: 'weather/wind',
      scale: 1,
    })
    const wildcard = { ...onTopic, mqttTopic: 'weather/#' }
    expect(refusal(() => checkWeatherSensorInput(wildcard, true)).message).toContain('wildcards')
  })

  it('offers presets that pass its own rules', () => {
    for (const p of WEATHER_PRESETS) {
      expect(() => checkWeatherSensorInput({ ...p, name: p.label }, false)).not.toThrow()
    }
  })
})

describe("a blind's weather protection", () => {
  it('defaults to no protection, raised to safety', () => {
    expect(checkWeatherProtection({})).toEqual({
      windLimit: null,
      rainProtect: false,
      frostProtect: false,
      safetyPosition: 100,
    })
  })

  it('refuses a wind limit of -1 and a safety position of 101, naming the field', () => {
    expect(refusal(() => checkWeatherProtection({ windLimit: -1 }))).toMatchObject({
      field: 'windLimit',
    })
    expect(refusal(() => checkWeatherProtection({ safetyPosition: 101 }))).toMatchObject({
      field: 'safetyPosition',
    })
  })

  it('refuses a release time of 0 minutes', () => {
    expect(refusal(() => checkReleaseMinutes('windReleaseMinutes', 0))).toMatchObject({
      field: 'windReleaseMinutes',
    })
    expect(checkReleaseMinutes('rainReleaseMinutes', 60)).toBe(60)
  })
})
