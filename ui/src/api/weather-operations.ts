// Weather protection's operations (ARCHITECTURE.md section 13): the weather now with its alarms
// (and the sensors, for admins), the wind of the past hours, the alarm history, and the admins'
// changes. fetchKey (operations.ts) hands the weather keys here.
import { graphql } from './client'
import type {
  Weather,
  WeatherAlarm,
  WeatherMinute,
  WeatherSensor,
  WeatherSensorInput,
} from './weather-types'

const SENSOR =
  'id name kind source unit function register scale signed pollMs mqttTopic value updatedAt online error'
const ALARM = 'id kind since endedAt releaseAt peak blindIds overriddenBy'
const WEATHER = `sensors { ${SENSOR} } wind gust raining temperature windReleaseMinutes rainReleaseMinutes alarms { ${ALARM} }`
/** What a blind's query asks of its weather protection. */
export const BLIND_WEATHER =
  'windLimit rainProtect frostProtect safetyPosition weatherLock { kind releaseAt reason value limit sensorState }'
/** The settings page lists this many of the latest alarms. */
export const WEATHER_ALARMS_SHOWN = 20

export type WeatherKey =
  readonly ['weather'] | readonly ['weatherHistory', string, string] | readonly ['weatherAlarms']

export const weatherKeys = {
  weather: ['weather'] as const,
  /** Minutes in [from, to), ISO-8601. */
  weatherHistory: (from: string, to: string) => ['weatherHistory', from, to] as const,
  weatherAlarms: ['weatherAlarms'] as const,
}

function run<T>(operationName: string, query: string, variables?: Record<string, unknown>) {
  return graphql<T>({ operationName, query, variables })
}

export async function fetchWeatherKey(key: WeatherKey): Promise<unknown> {
  switch (key[0]) {
    case 'weather':
      return (
        await run<{ weather: Weather }>('weather', `query weather { weather { ${WEATHER} } }`)
      ).weather
    case 'weatherHistory':
      return (
        await run<{ weatherHistory: WeatherMinute[] }>(
          'weatherHistory',
          'query weatherHistory($from: String!, $to: String!) { weatherHistory(from: $from, to: $to) { at windMean windMax rain temperature } }',
          { from: key[1], to: key[2] },
        )
      ).weatherHistory
    case 'weatherAlarms':
      return (
        await run<{ weatherAlarms: WeatherAlarm[] }>(
          'weatherAlarms',
          `query weatherAlarms($limit: Int) { weatherAlarms(limit: $limit) { ${ALARM} } }`,
          { limit: WEATHER_ALARMS_SHOWN },
        )
      ).weatherAlarms
  }
}

export const weatherMutations = {
  sensorCreate: (input: WeatherSensorInput) =>
    run<{ weatherSensorCreate: WeatherSensor }>(
      'weatherSensorCreate',
      `mutation weatherSensorCreate($input: WeatherSensorInput!) { weatherSensorCreate(input: $input) { ${SENSOR} } }`,
      { input },
    ).then((d) => d.weatherSensorCreate),
  sensorUpdate: (id: string, input: WeatherSensorInput) =>
    run<{ weatherSensorUpdate: WeatherSensor }>(
      'weatherSensorUpdate',
      `mutation weatherSensorUpdate($id: ID!, $input: WeatherSensorInput!) { weatherSensorUpdate(id: $id, input: $input) { ${SENSOR} } }`,
      { id, input },
    ).then((d) => d.weatherSensorUpdate),
  sensorDelete: (ids: string[]) =>
    run<{ weatherSensorDelete: string[] }>(
      'weatherSensorDelete',
      'mutation weatherSensorDelete($ids: [ID!]!) { weatherSensorDelete(ids: $ids) }',
      { ids },
    ).then((d) => d.weatherSensorDelete),
  /** Admins: 1-60 minutes each. */
  settingsSet: (windReleaseMinutes: number, rainReleaseMinutes: number) =>
    run<{ weatherSettingsSet: Weather }>(
      'weatherSettingsSet',
      `mutation weatherSettingsSet($wind: Int, $rain: Int) { weatherSettingsSet(windReleaseMinutes: $wind, rainReleaseMinutes: $rain) { ${WEATHER} } }`,
      { wind: windReleaseMinutes, rain: rainReleaseMinutes },
    ).then((d) => d.weatherSettingsSet),
  frostOverride: () =>
    run<{ weatherFrostOverride: Weather }>(
      'weatherFrostOverride',
      `mutation weatherFrostOverride { weatherFrostOverride { ${WEATHER} } }`,
    ).then((d) => d.weatherFrostOverride),
}
