// The weather sensors on the settings page: each with what it measures, where it is read (bus
// unit, function and register, or an MQTT topic), whether it answers, its latest value and
// its error; add and edit in a dialog, delete after asking. Live with `weather:changed`.
import { useState } from 'react'
import { useSWRConfig } from 'swr'
import { useWeather } from '../../api/hooks'
import { keys } from '../../api/operations'
import { weatherMutations } from '../../api/weather-operations'
import type { WeatherSensor } from '../../api/weather-types'
import { DeleteDialog } from '../../components/DeleteDialog'
import { errorMessage } from '../../forms/field-errors'
import { DeleteIcon, EditIcon, PlusIcon } from '../../shell/icons'
import { rainText, temperatureText, windText } from '../../weather/weather-words'
import { LinkState } from './LinkState'
import { SettingsSection } from './SettingsSection'
import { useT } from '../../i18n/I18nProvider'
import { english, type Translate } from '../../i18n/translate'
import { weatherSettingsMessages as m } from './settings.messages'
import { WeatherSensorDialog } from './WeatherSensorDialog'

function valueText(sensor: WeatherSensor, t: Translate): string {
  if (sensor.value === null) return t(m.noReading)
  if (sensor.kind === 'WIND') return windText(sensor.value)
  if (sensor.kind === 'RAIN') return rainText(sensor.value >= 0.5, t)
  return temperatureText(sensor.value)
}

function whereText(sensor: WeatherSensor, t: Translate = english): string {
  if (sensor.source === 'MQTT') return t(m.mqttWhere, { topic: sensor.mqttTopic ?? '' })
  // Bus addresses as they are written on the device, never with a thousands separator.
  return t(m.busWhere, {
    unit: String(sensor.unit),
    function: String(sensor.function),
    register: String(sensor.register),
  })
}

export function WeatherSensors() {
  const { data: weather, error } = useWeather()
  const { mutate } = useSWRConfig()
  const [editing, setEditing] = useState<{ sensor: WeatherSensor | null } | null>(null)
  const [deleting, setDeleting] = useState<WeatherSensor | null>(null)
  const sensors = weather?.sensors ?? []
  const t = useT()
  return (
    <SettingsSection
      title={t(m.sensorsTitle)}
      description={t(m.sensorsDescription)}
      className="weather-sensors"
    >
      {error && !weather && (
        <p className="banner banner-error" role="alert">
          {t(m.notLoaded, { reason: errorMessage(error) })}
        </p>
      )}
      {weather && sensors.length === 0 && <p className="settings-off">{t(m.none)}</p>}
      {sensors.length > 0 && (
        <ul className="list weather-sensor-list" aria-label={t(m.sensorList)}>
          {sensors.map((sensor) => (
            <li key={sensor.id}>
              <div className="list-main">
                <span className="list-title">
                  {sensor.name} <span className="chip">{t(m[`kind${sensor.kind}`])}</span>
                </span>
                <span className="list-meta">{whereText(sensor, t)}</span>
                <LinkState state={sensor.online ? 'up' : 'down'}>
                  {sensor.online ? t(m.online) : t(m.offline)} · {valueText(sensor, t)}
                </LinkState>
                {sensor.error && <code className="weather-sensor-error">{sensor.error}</code>}
              </div>
              <div className="list-actions">
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t(m.editName, { name: sensor.name })}
                  title={t(m.edit)}
                  onClick={() => setEditing({ sensor })}
                >
                  <EditIcon />
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t(m.deleteName, { name: sensor.name })}
                  title={t(m.delete)}
                  onClick={() => setDeleting(sensor)}
                >
                  <DeleteIcon />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div>
        <button
          type="button"
          className="button button-quiet"
          onClick={() => setEditing({ sensor: null })}
        >
          <PlusIcon />
          {t(m.add)}
        </button>
      </div>
      {editing && <WeatherSensorDialog sensor={editing.sensor} onClose={() => setEditing(null)} />}
      {deleting && (
        <DeleteDialog
          title={t(m.deleteTitle, { name: deleting.name })}
          message={deleting.kind === 'WIND' ? t(m.deleteWind) : t(m.deleteOther)}
          onDelete={() => weatherMutations.sensorDelete([deleting.id])}
          onDone={() => {
            setDeleting(null)
            void mutate(keys.weather)
          }}
          onCancel={() => setDeleting(null)}
        />
      )}
    </SettingsSection>
  )
}
