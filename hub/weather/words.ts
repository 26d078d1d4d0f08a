// Weather locks in words, for the API's `reason` and the 423 message (English; the figures go
// into the error's extensions too, so a client can word them in its own language).
import { localClock } from '../local-clock'
import type { LockCause } from './protection'

const ALARM_NAMES = {
  WIND: 'wind alarm',
  RAIN: 'rain alarm',
  FROST: 'frost',
  SENSOR: 'wind sensor alarm',
} as const

export const alarmName = (kind: keyof typeof ALARM_NAMES) => ALARM_NAMES[kind]

const ms = (value: number) => `${Math.round(value * 10) / 10} m/s`

/** Why the blind is held, with the value and the limit. */
export function causeWords(cause: LockCause): string {
  switch (cause.kind) {
    case 'WIND':
      return cause.value > cause.limit
        ? `wind ${ms(cause.value)} over the limit of ${ms(cause.limit)}`
        : `wind now ${ms(cause.value)}, under the limit of ${ms(cause.limit)} but not yet calm long enough`
    case 'RAIN':
      return 'rain'
    case 'FROST':
      return `frost: ${Math.round(cause.value * 10) / 10} °C after rain`
    case 'SENSOR':
      return cause.why === 'NO_SENSOR'
        ? 'no wind sensor is set up'
        : cause.why === 'WAITING'
          ? 'waiting for the wind sensor’s first reading'
          : 'the wind sensor has given no reading for 60 s'
  }
}

/** The figures `causeWords` words, for a client to word them in its own language. */
export function causeFigures(cause: LockCause): {
  value: number | null
  limit: number | null
  sensorState: 'NO_SENSOR' | 'WAITING' | 'SILENT' | null
} {
  const tenths = (value: number) => Math.round(value * 10) / 10
  return {
    value: cause.kind === 'WIND' || cause.kind === 'FROST' ? tenths(cause.value) : null,
    limit: cause.kind === 'WIND' ? tenths(cause.limit) : null,
    sensorState: cause.kind === 'SENSOR' ? cause.why : null,
  }
}

/** When the lock may lift, in the hub's time zone: "at 14:32", or what it waits for. */
export function releaseWords(
  kind: LockCause['kind'],
  releaseAt: number | null,
  timeZone: string,
): string {
  if (releaseAt !== null) {
    const { msOfDay } = localClock(releaseAt, timeZone)
    const minutes = Math.ceil(msOfDay / 60_000) % (24 * 60)
    const hh = String(Math.floor(minutes / 60)).padStart(2, '0')
    const mm = String(minutes % 60).padStart(2, '0')
    return `it may lift at ${hh}:${mm}`
  }
  switch (kind) {
    case 'WIND':
      return 'it lifts after the release time of calm'
    case 'RAIN':
      return 'it lifts after the release time without rain'
    case 'FROST':
      return 'it lifts after 2 hours at 4 °C or more, or when an admin lifts it'
    case 'SENSOR':
      return 'it lifts once the wind sensor reads again'
  }
}
