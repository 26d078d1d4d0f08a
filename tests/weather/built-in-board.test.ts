// The hub's built-in board with LAMELLA_WEATHER: its sensor unit 10 answers with the scripted
// weather, so weather protection can be tried without hardware (ARCHITECTURE.md section 13).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { builtInWeather } from '../../firmware-protocol/weather-script'
import { createBlind, startHub, type TestHub } from '../helpers/hub'

const SENSOR = `mutation($input: WeatherSensorInput!) {
  weatherSensorCreate(input: $input) { id } }`
const WEATHER = '{ weather { wind raining temperature alarms { kind blindIds } } }'

describe('the built-in board with a storm script', () => {
  let t: TestHub
  beforeAll(async () => {
    t = await startHub({ config: { weather: builtInWeather('storm'), deadTimeMs: 200 } })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('answers at unit 10 with the storm’s wind, rain and temperature, and raises a protected blind', async () => {
    const porch = await createBlind(t, 'Porch', '1:0', '1:1', 3000)
    const set = await t.gql(
      'mutation($id: ID!) { blindUpdate(id: $id, input: { windLimit: 8 }) { id } }',
      { id: porch },
      t.adminToken,
    )
    expect(set.errors).toBeUndefined()
    for (const [name, kind, register, signed] of [
      ['Wind', 'WIND', 0, false],
      ['Rain', 'RAIN', 1, false],
      ['Temperature', 'TEMPERATURE', 2, true],
    ] as const) {
      const scale = kind === 'RAIN' ? 1 : 0.1
      const input = { name, kind, unit: 10, function: 4, register, scale, signed, pollMs: 500 }
      expect((await t.gql(SENSOR, { input }, t.adminToken)).errors).toBeUndefined()
    }
    let weather:
      | {
          wind: number | null
          raining: boolean | null
          alarms: { kind: string; blindIds: string[] }[]
        }
      | undefined
    for (let i = 0; i < 60; i++) {
      weather = (await t.gql<{ weather: NonNullable<typeof weather> }>(WEATHER, {}, t.adminToken))
        .data!.weather
      if (weather.alarms.some((a) => a.kind === 'WIND')) break
      await new Promise((r) => setTimeout(r, 100))
    }
    // The storm blows from 10 m/s up, raining.
    expect(weather!.wind).toBeGreaterThanOrEqual(10)
    expect(weather!.raining).toBe(true)
    expect(weather!.alarms).toContainEqual({ kind: 'WIND', blindIds: [porch] })
  })
})
