// A weather sensor's form: its values as typed and its rules, which are the hub's own checkers
// (hub/validation/weather), so the form refuses what the hub would, each broken rule at its
// field. A preset (a common transmitter) fills the bus settings in one go.
import { english, type Translate } from '../../i18n/translate'
import { sensorDialogMessages } from './settings.messages'
import { MAX_UNIT } from '../../../../firmware-protocol/address'
import { checkIntegerIn, checkName } from '../../../../hub/validation/fields'
import {
  DEFAULT_POLL_MS,
  POLL_MAX_MS,
  POLL_MIN_MS,
  checkScale,
  checkSensorTopic,
  checkWeatherSensorInput,
  type WeatherPreset,
} from '../../../../hub/validation/weather'
import type { WeatherKind, WeatherSensor, WeatherSensorInput } from '../../api/weather-types'
import { collectFieldErrors, type FieldErrors } from '../../forms/field-errors'

export interface SensorFormValues {
  name: string
  kind: WeatherKind
  source: 'BUS' | 'MQTT'
  unit: string
  function: '3' | '4'
  register: string
  scale: string
  signed: boolean
  /** Blank: the hub's default for the kind (1 s for wind, 10 s otherwise). */
  pollMs: string
  mqttTopic: string
}

/** The fields the hub may name in a refusal, shown at their control. */
export const SENSOR_FIELDS = [
  'name',
  'kind',
  'unit',
  'function',
  'register',
  'scale',
  'signed',
  'pollMs',
  'mqttTopic',
] as const

/** What a sensor measures, with its unit, as the form offers it: "Wind (m/s)". */
export const kindLabel = (kind: WeatherKind, t: Translate = english) =>
  t(sensorDialogMessages[`kind${kind}`])

const text = (n: number | null | undefined) => (n == null ? '' : String(n))

export function sensorFormValues(sensor: WeatherSensor | null): SensorFormValues {
  return {
    name: sensor?.name ?? '',
    kind: sensor?.kind ?? 'WIND',
    source: sensor?.source ?? 'BUS',
    unit: text(sensor?.unit),
    function: sensor?.function === 4 ? '4' : '3',
    register: text(sensor?.register),
    scale: text(sensor?.scale ?? 1),
    signed: sensor?.signed ?? false,
    pollMs: sensor ? String(sensor.pollMs) : '',
    mqttTopic: sensor?.mqttTopic ?? '',
  }
}

/** A preset's bus settings over the form's; a blank name becomes the preset's kind. */
export function withPreset(
  values: SensorFormValues,
  preset: WeatherPreset,
  t: Translate = english,
): SensorFormValues {
  return {
    ...values,
    name: values.name.trim() === '' ? t(sensorDialogMessages[`name${preset.kind}`]) : values.name,
    kind: preset.kind,
    source: 'BUS',
    unit: String(preset.unit),
    function: preset.function === 4 ? '4' : '3',
    register: String(preset.register),
    scale: String(preset.scale),
    signed: preset.signed,
  }
}

/** A number as typed ("0,1" too); null when blank, NaN when no number. */
function typed(value: string): number | null {
  const trimmed = value.trim().replace(',', '.')
  return trimmed === '' ? null : Number(trimmed)
}

export function sensorInputFrom(values: SensorFormValues): WeatherSensorInput {
  const common = {
    name: values.name.trim(),
    kind: values.kind,
    scale: typed(values.scale),
    pollMs: typed(values.pollMs),
  }
  if (values.source === 'MQTT') return { ...common, mqttTopic: values.mqttTopic.trim() }
  return {
    ...common,
    unit: typed(values.unit),
    function: Number(values.function),
    register: typed(values.register),
    signed: values.signed,
  }
}

/** The broken rules by the hub's field names; empty when the hub would accept the sensor. */
export function checkSensorForm(values: SensorFormValues, mqttEnabled: boolean): FieldErrors {
  const input = sensorInputFrom(values)
  const bus = values.source === 'BUS'
  return collectFieldErrors([
    () => checkName('name', input.name),
    // Blank: the hub's whole rule below says it is required.
    () => bus && input.unit != null && checkIntegerIn('unit', input.unit, 1, MAX_UNIT),
    () => bus && input.register != null && checkIntegerIn('register', input.register, 0, 65535),
    () => input.scale !== null && checkScale('scale', input.scale ?? NaN),
    () =>
      input.pollMs !== null &&
      checkIntegerIn('pollMs', input.pollMs ?? NaN, POLL_MIN_MS, POLL_MAX_MS, ' ms'),
    () => !bus && checkSensorTopic('mqttTopic', input.mqttTopic ?? ''),
    // The hub's whole rule last: what the single checks above do not cover.
    () => (bus || input.mqttTopic) && checkWeatherSensorInput(input, mqttEnabled),
  ])
}

/** "Every 1 s" as the default for the kind says it. */
export const defaultPollText = (kind: WeatherKind) => `${DEFAULT_POLL_MS[kind]} ms`
