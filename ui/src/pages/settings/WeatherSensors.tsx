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
import { WeatherSensorDialog } from './WeatherSensorDialog'

const KIND: Record<WeatherSensor['kind'], string> = {
  WIND: 'Wind',
  RAIN: 'Rain',
  TEMPERATURE: 'Temperature',
}

function valueText(sensor: WeatherSensor): string {
  if (sensor.value === null) return 'No reading yet'
  if (sensor.kind === 'WIND') return windText(sensor.value)
  if (sensor.kind === 'RAIN') return rainText(sensor.value >= 0.5)
  return temperatureText(sensor.value)
}

function whereText(sensor: WeatherSensor): string {
  if (sensor.source === 'MQTT') return `MQTT topic ${sensor.mqttTopic ?? ''}`
  return `Bus unit ${sensor.unit} · function ${sensor.function} · register ${sensor.register}`
}

export function WeatherSensors() {
  const { data: weather, error } = useWeather()
  const { mutate } = useSWRConfig()
  const [editing, setEditing] = useState<{ sensor: WeatherSensor | null } | null>(null)
  const [deleting, setDeleting] = useState<WeatherSensor | null>(null)
  const sensors = weather?.sensors ?? []
  return (
    <SettingsSection
      title="Weather sensors"
      description="Wind, rain and temperature transmitters on the RS-485 bus protect the blinds outside. Each blind’s wind limit and protection are in its dialog."
      className="weather-sensors"
    >
      {error && !weather && (
        <p className="banner banner-error" role="alert">
          Could not load the weather: {errorMessage(error)}
        </p>
      )}
      {weather && sensors.length === 0 && (
        <p className="settings-off">None yet. Without a wind sensor, nothing is protected.</p>
      )}
      {sensors.length > 0 && (
        <ul className="list weather-sensor-list" aria-label="Weather sensors">
          {sensors.map((sensor) => (
            <li key={sensor.id}>
              <div className="list-main">
                <span className="list-title">
                  {sensor.name} <span className="chip">{KIND[sensor.kind]}</span>
                </span>
                <span className="list-meta">{whereText(sensor)}</span>
                <LinkState state={sensor.online ? 'up' : 'down'}>
                  {sensor.online ? 'Online' : 'Offline'} · {valueText(sensor)}
                </LinkState>
                {sensor.error && <code className="weather-sensor-error">{sensor.error}</code>}
              </div>
              <div className="list-actions">
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Edit ${sensor.name}`}
                  title="Edit"
                  onClick={() => setEditing({ sensor })}
                >
                  <EditIcon />
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Delete ${sensor.name}`}
                  title="Delete"
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
          Add sensor
        </button>
      </div>
      {editing && <WeatherSensorDialog sensor={editing.sensor} onClose={() => setEditing(null)} />}
      {deleting && (
        <DeleteDialog
          title={`Delete ${deleting.name}?`}
          message={
            deleting.kind === 'WIND'
              ? 'Without a wind sensor, every wind-protected blind is locked at its safety position.'
              : 'Its readings stop counting for the blinds’ protection.'
          }
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
