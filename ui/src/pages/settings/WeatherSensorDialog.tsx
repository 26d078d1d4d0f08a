// Adding or changing a weather sensor (admins): a preset fills a common transmitter's bus
// settings; every field can be set by hand. With MQTT on, a sensor may read a topic instead of
// the bus. The hub's rules are checked before anything is sent, and its refusal of a field
// (a name already taken) is shown at that field.
import { useState, type ChangeEvent } from 'react'
import { useSWRConfig } from 'swr'
import { useHubStatus } from '../../api/hooks'
import { keys } from '../../api/operations'
import { weatherMutations } from '../../api/weather-operations'
import type { WeatherKind, WeatherSensor } from '../../api/weather-types'
import { CheckboxField, SelectField, TextField } from '../../components/fields'
import { FormDialog } from '../../components/FormDialog'
import { useFormSubmit } from '../../forms/form-submit'
import { useToast } from '../../shell/toast'
import { WEATHER_KINDS, WEATHER_PRESETS } from '../../../../hub/validation/weather'
import {
  KIND_LABEL,
  SENSOR_FIELDS,
  checkSensorForm,
  defaultPollText,
  sensorFormValues,
  sensorInputFrom,
  withPreset,
  type SensorFormValues,
} from './weather-sensor-form'

type TextValue = 'name' | 'unit' | 'register' | 'scale' | 'pollMs' | 'mqttTopic'

export function WeatherSensorDialog({
  sensor,
  onClose,
}: {
  /** The sensor to change, or null to add one. */
  sensor: WeatherSensor | null
  onClose: () => void
}) {
  const { mutate } = useSWRConfig()
  const toast = useToast()
  const mqttEnabled = Boolean(useHubStatus().data?.mqtt)
  const [values, setValues] = useState<SensorFormValues>(() => sensorFormValues(sensor))
  const [preset, setPreset] = useState('')
  const { errors, clearError, submit, status } = useFormSubmit(SENSOR_FIELDS)

  const set = (change: Partial<SensorFormValues>, field: string) => {
    setValues((v) => ({ ...v, ...change }))
    clearError(field)
  }
  const text = (field: TextValue, numeric = true) => ({
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set({ [field]: e.target.value }, field),
    error: errors[field],
    autoComplete: 'off',
    ...(numeric && { inputMode: 'decimal' as const }),
  })

  const save = async () => {
    const input = sensorInputFrom(values)
    const saved = sensor
      ? await weatherMutations.sensorUpdate(sensor.id, input)
      : await weatherMutations.sensorCreate(input)
    void mutate(keys.weather)
    toast(`Sensor ${saved.name} saved`)
    onClose()
  }

  const bus = values.source === 'BUS'
  return (
    <FormDialog
      title={sensor ? `Edit ${sensor.name}` : 'Add weather sensor'}
      onClose={onClose}
      onSubmit={() => void submit(checkSensorForm(values, mqttEnabled), save)}
      {...status}
    >
      <SelectField
        label="Preset"
        hint="Fills the bus settings of a common transmitter; check its unit."
        value={preset}
        onChange={(e) => {
          setPreset(e.target.value)
          const chosen = WEATHER_PRESETS.find((p) => p.id === e.target.value)
          if (chosen) {
            setValues((v) => withPreset(v, chosen))
            for (const field of ['name', 'kind', 'unit', 'function', 'register', 'scale'])
              clearError(field)
          }
        }}
      >
        <option value="">None: set by hand</option>
        {WEATHER_PRESETS.map((p) => (
          <option key={p.id} value={p.id}>
            {p.label}
          </option>
        ))}
      </SelectField>
      <div className="form-row form-row-pair">
        <TextField label="Name" placeholder="Roof anemometer" {...text('name', false)} />
        <SelectField
          label="Measures"
          value={values.kind}
          error={errors.kind}
          onChange={(e) => set({ kind: e.target.value as WeatherKind }, 'kind')}
        >
          {WEATHER_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABEL[kind]}
            </option>
          ))}
        </SelectField>
      </div>
      {mqttEnabled && (
        <SelectField
          label="Reads from"
          value={values.source}
          onChange={(e) => set({ source: e.target.value as 'BUS' | 'MQTT' }, 'mqttTopic')}
        >
          <option value="BUS">The RS-485 bus (Modbus RTU)</option>
          <option value="MQTT">An MQTT topic</option>
        </SelectField>
      )}
      {bus ? (
        <>
          <div className="form-row form-row-pair">
            <TextField label="Unit" hint="Its Modbus address: 1 to 247." {...text('unit')} />
            <SelectField
              label="Function"
              value={values.function}
              error={errors.function}
              onChange={(e) => set({ function: e.target.value as '3' | '4' }, 'function')}
            >
              <option value="3">3 (holding)</option>
              <option value="4">4 (input)</option>
            </SelectField>
          </div>
          <div className="form-row form-row-pair">
            <TextField label="Register" hint="0 to 65535." {...text('register')} />
            <TextField label="Scale" hint="value = raw × scale, e.g. 0.1." {...text('scale')} />
          </div>
          <CheckboxField
            label="Signed: the register may hold a negative number"
            checked={values.signed}
            error={errors.signed}
            onChange={(e) => set({ signed: e.target.checked }, 'signed')}
          />
        </>
      ) : (
        <div className="form-row form-row-pair">
          <TextField
            label="MQTT topic"
            hint="Its payload is the value; no + or #."
            spellCheck={false}
            {...text('mqttTopic', false)}
          />
          <TextField label="Scale" hint="value = payload × scale." {...text('scale')} />
        </div>
      )}
      <TextField
        label="Read every (ms)"
        hint={`500–60000 ms; empty: ${defaultPollText(values.kind)}.`}
        placeholder={defaultPollText(values.kind)}
        {...text('pollMs')}
      />
    </FormDialog>
  )
}
