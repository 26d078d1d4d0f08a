// Weather alarms on the settings page: how long the air must stay calm (and dry) before a lock
// lifts, with Save; while frost holds blinds, lifting it by hand after asking (the hub records
// who); and the latest alarms with their start, end, peak, blinds and who lifted them.
import { useEffect, useRef, useState } from 'react'
import { useSWRConfig } from 'swr'
import { useWeather, useWeatherAlarms } from '../../api/hooks'
import { keys } from '../../api/operations'
import { weatherMutations } from '../../api/weather-operations'
import type { Weather } from '../../api/weather-types'
import { ConfirmDialog } from '../../components/Dialog'
import { TextField } from '../../components/fields'
import { collectFieldErrors, errorMessage, fieldErrorFrom } from '../../forms/field-errors'
import { useToast } from '../../shell/toast'
import { HubTime } from '../../time/HubTime'
import { alarmName, peakText } from '../../weather/weather-words'
import { checkReleaseMinutes } from '../../../../hub/validation/weather'
import { SettingsSection } from './SettingsSection'

export function WeatherAlarmSettings() {
  const { data: weather } = useWeather()
  return (
    <SettingsSection
      title="Weather alarms"
      description="A lock lifts once the wind stayed under 80 % of a blind’s limit, or it stayed dry, this long. Nothing moves back by itself."
      className="weather-alarm-settings"
    >
      {weather && <ReleaseTimes key={releaseKey(weather)} weather={weather} />}
      {weather?.alarms.some((a) => a.kind === 'FROST') && <FrostOverride />}
      <AlarmHistory />
    </SettingsSection>
  )
}

const releaseKey = (w: Weather) => `${w.windReleaseMinutes}-${w.rainReleaseMinutes}`

function ReleaseTimes({ weather }: { weather: Weather }) {
  const { mutate } = useSWRConfig()
  const toast = useToast()
  const [wind, setWind] = useState(String(weather.windReleaseMinutes))
  const [rain, setRain] = useState(String(weather.rainReleaseMinutes))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState('')
  const [busy, setBusy] = useState(false)
  // After each refusal, focus goes to the first field in error.
  const [refusals, setRefusals] = useState(0)
  const form = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [refusals])

  const save = async () => {
    const windMinutes = Number(wind.trim() || NaN)
    const rainMinutes = Number(rain.trim() || NaN)
    const found = collectFieldErrors([
      () => checkReleaseMinutes('windReleaseMinutes', windMinutes),
      () => checkReleaseMinutes('rainReleaseMinutes', rainMinutes),
    ])
    setErrors(found)
    setFormError('')
    if (Object.keys(found).length > 0) {
      setRefusals((n) => n + 1)
      return
    }
    setBusy(true)
    try {
      const next = await weatherMutations.settingsSet(windMinutes, rainMinutes)
      await mutate(keys.weather, next, { revalidate: false })
      toast('Release times saved')
    } catch (err) {
      const atField = fieldErrorFrom(err)
      if (atField) {
        setErrors(atField)
        setRefusals((n) => n + 1)
      } else setFormError(errorMessage(err))
    }
    setBusy(false)
  }

  return (
    <form
      className="weather-release"
      ref={form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
    >
      <div className="form-row form-row-pair">
        <TextField
          label="Wind: calm for (minutes)"
          hint="1–60; default 10."
          inputMode="numeric"
          value={wind}
          error={errors.windReleaseMinutes}
          onChange={(e) => setWind(e.target.value)}
        />
        <TextField
          label="Rain: dry for (minutes)"
          hint="1–60; default 10."
          inputMode="numeric"
          value={rain}
          error={errors.rainReleaseMinutes}
          onChange={(e) => setRain(e.target.value)}
        />
      </div>
      {formError && (
        <p className="field-error" role="alert">
          Could not save the release times: {formError}
        </p>
      )}
      <div>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save release times'}
        </button>
      </div>
    </form>
  )
}

function FrostOverride() {
  const { mutate } = useSWRConfig()
  const toast = useToast()
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const lift = async () => {
    setBusy(true)
    try {
      const next = await weatherMutations.frostOverride()
      await mutate(keys.weather, next, { revalidate: false })
      void mutate((key) => Array.isArray(key) && ['blindList', 'weatherAlarms'].includes(key[0]))
      toast('Frost protection lifted')
    } catch (err) {
      toast(errorMessage(err), 'error')
    }
    setBusy(false)
    setAsking(false)
  }
  return (
    <div className="weather-frost">
      <p>Frost holds blinds where they stand. Lift it once their slats are free of ice.</p>
      <button type="button" className="button button-quiet" onClick={() => setAsking(true)}>
        Lift frost protection
      </button>
      {asking && (
        <ConfirmDialog
          title="Lift frost protection?"
          message="Frozen slats or fabric tear when a blind moves. Lift it only once you have seen they are free of ice; it is recorded with your name."
          confirmLabel="Lift it"
          busy={busy}
          onConfirm={() => void lift()}
          onCancel={() => setAsking(false)}
        />
      )}
    </div>
  )
}

function AlarmHistory() {
  const { data: alarms, error } = useWeatherAlarms()
  return (
    <div className="weather-alarm-history">
      <h3>Latest alarms</h3>
      {error && !alarms && (
        <p className="field-error">Could not load the alarms: {errorMessage(error)}</p>
      )}
      {alarms && alarms.length === 0 && <p className="muted">No alarm yet.</p>}
      {alarms && alarms.length > 0 && (
        <ul className="list" aria-label="Latest alarms, newest first">
          {alarms.map((alarm) => (
            <li key={alarm.id}>
              <div className="list-main">
                <span className="list-title">
                  {alarmName(alarm.kind)}
                  {peakText(alarm) && <span className="muted"> · peak {peakText(alarm)}</span>}
                </span>
                <span className="list-meta">
                  <span>
                    <HubTime at={alarm.since} />
                    {' – '}
                    {alarm.endedAt ? <HubTime at={alarm.endedAt} /> : 'still holding'}
                  </span>
                  <span>
                    · {alarm.blindIds.length === 1 ? '1 blind' : `${alarm.blindIds.length} blinds`}
                  </span>
                  {alarm.overriddenBy && <span>· lifted by {alarm.overriddenBy}</span>}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
