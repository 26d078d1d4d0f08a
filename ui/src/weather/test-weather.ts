// Weather as the hub's `weather` query answers it, for component tests: calm, dry, 12 °C, no
// sensor and no alarm, with the default release times, unless told otherwise.
import type { WeatherChangedEvent } from '../../../hub/realtime/events'
import type { Weather, WeatherAlarm, WeatherLock, WeatherSensor } from '../api/weather-types'

export function testWeather(overrides: Partial<Weather> = {}): Weather {
  return {
    sensors: [],
    wind: 2.1,
    gust: 3.4,
    raining: false,
    temperature: 12,
    windReleaseMinutes: 10,
    rainReleaseMinutes: 10,
    alarms: [],
    ...overrides,
  }
}

export function testAlarm(overrides: Partial<WeatherAlarm> & Pick<WeatherAlarm, 'kind'>) {
  return {
    id: `alarm-${overrides.kind}`,
    since: '2026-07-01T12:00:00.000Z',
    endedAt: null,
    releaseAt: null,
    peak: null,
    blindIds: [],
    overriddenBy: null,
    ...overrides,
  } satisfies WeatherAlarm
}

export function testLock(overrides: Partial<WeatherLock> = {}): WeatherLock {
  return {
    kind: 'WIND',
    releaseAt: null,
    reason: 'wind 14.2 m/s over the limit of 10 m/s; it lifts after the release time of calm',
    value: 14.2,
    limit: 10,
    sensorState: null,
    ...overrides,
  }
}

export function testSensor(overrides: Partial<WeatherSensor> & Pick<WeatherSensor, 'id'>) {
  return {
    name: 'Anemometer',
    kind: 'WIND',
    source: 'BUS',
    unit: 2,
    function: 3,
    register: 0,
    scale: 0.1,
    signed: false,
    pollMs: 1000,
    mqttTopic: null,
    value: 2.1,
    updatedAt: '2026-07-01T12:00:00.000Z',
    online: true,
    error: null,
    ...overrides,
  } satisfies WeatherSensor
}

/** A `weather:changed` push: calm, no alarm, unless told otherwise. */
export function testWeatherEvent(
  overrides: Partial<WeatherChangedEvent> = {},
): WeatherChangedEvent {
  return {
    at: new Date().toISOString(),
    wind: 2.1,
    gust: 3.4,
    raining: false,
    temperature: 12,
    alarms: [],
    locksVersion: 1,
    ...overrides,
  }
}
