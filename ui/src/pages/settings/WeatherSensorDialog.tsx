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
import { useT } from '../../i18n/I18nProvider'
import type { Message } from '../../i18n/messages'
import { sensorDialogMessages as m } from './settings.messages'
import {
  SENSOR_FIELDS,
  checkSensorForm,
  defaultPollText,
  kindLabel,
  sensorFormValues,
  sensorInputFrom,
  withPreset,
  type SensorFormValues,
} from './weather-sensor-form'

/** A preset's name in the language shown; its own (English) label for one without a message. */
const presetMessages: Record<string, Message | undefined> = m

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
  const t = useT()
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
    toast(t(m.saved, { name: saved.name }))
    onClose()
  }

  const bus = values.source === 'BUS'
  return (
    <FormDialog
      title={sensor ? t(m.editTitle, { name: sensor.name }) : t(m.addTitle)}
      onClose={onClose}
      onSubmit={() => void submit(checkSensorForm(values, mqttEnabled), save)}
      {...status}
    >
      <SelectField
        label={t(m.preset)}
        hint={t(m.presetHint)}
        value={preset}
        onChange={(e) => {
          setPreset(e.target.value)
          const chosen = WEATHER_PRESETS.find((p) => p.id === e.target.value)
          if (chosen) {
            setValues((v) => withPreset(v, chosen, t))
            for (const field of ['name', 'kind', 'unit', 'function', 'register', 'scale'])
              clearError(field)
          }
        }}
      >
        <option value="">{t(m.presetNone)}</option>
        {WEATHER_PRESETS.map((p) => (
          <option key={p.id} value={p.id}>
            {presetMessages[`preset-${p.id}`] ? t(presetMessages[`preset-${p.id}`]!) : p.label}
          </option>
        ))}
      </SelectField>
      <div className="form-row form-row-pair">
        <TextField label={t(m.name)} placeholder={t(m.namePlaceholder)} {...text('name', false)} />
        <SelectField
          label={t(m.measures)}
          value={values.kind}
          error={errors.kind}
          onChange={(e) => set({ kind: e.target.value as WeatherKind }, 'kind')}
        >
          {WEATHER_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {kindLabel(kind, t)}
            </option>
          ))}
        </SelectField>
      </div>
      {mqttEnabled && (
        <SelectField
          label={t(m.readsFrom)}
          value={values.source}
          onChange={(e) => set({ source: e.target.value as 'BUS' | 'MQTT' }, 'mqttTopic')}
        >
          <option value="BUS">{t(m.readsBus)}</option>
          <option value="MQTT">{t(m.readsMqtt)}</option>
        </SelectField>
      )}
      {bus ? (
        <>
          <div className="form-row form-row-pair">
            <TextField label={t(m.unit)} hint={t(m.unitHint)} {...text('unit')} />
            <SelectField
              label={t(m.function)}
              value={values.function}
              error={errors.function}
              onChange={(e) => set({ function: e.target.value as '3' | '4' }, 'function')}
            >
              <option value="3">{t(m.holding)}</option>
              <option value="4">{t(m.input)}</option>
            </SelectField>
          </div>
          <div className="form-row form-row-pair">
            <TextField label={t(m.register)} hint={t(m.registerHint)} {...text('register')} />
            <TextField label={t(m.scale)} hint={t(m.scaleHint)} {...text('scale')} />
          </div>
          <CheckboxField
            label={t(m.signed)}
            checked={values.signed}
            error={errors.signed}
            onChange={(e) => set({ signed: e.target.checked }, 'signed')}
          />
        </>
      ) : (
        <div className="form-row form-row-pair">
          <TextField
            label={t(m.mqttTopic)}
            hint={t(m.mqttTopicHint)}
            spellCheck={false}
            {...text('mqttTopic', false)}
          />
          <TextField label={t(m.scale)} hint={t(m.mqttScaleHint)} {...text('scale')} />
        </div>
      )}
      <TextField
        label={t(m.readEvery)}
        hint={t(m.readEveryHint, { default: defaultPollText(values.kind) })}
        placeholder={defaultPollText(values.kind)}
        {...text('pollMs')}
      />
    </FormDialog>
  )
}
