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
import { useT } from '../../i18n/I18nProvider'
import { weatherSettingsMessages as m } from './settings.messages'

export function WeatherAlarmSettings() {
  const { data: weather } = useWeather()
  const t = useT()
  return (
    <SettingsSection
      title={t(m.alarmsTitle)}
      description={t(m.alarmsDescription)}
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
  const t = useT()
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
      toast(t(m.releaseSaved))
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
          label={t(m.windCalm)}
          hint={t(m.releaseHint)}
          inputMode="numeric"
          value={wind}
          error={errors.windReleaseMinutes}
          onChange={(e) => setWind(e.target.value)}
        />
        <TextField
          label={t(m.rainDry)}
          hint={t(m.releaseHint)}
          inputMode="numeric"
          value={rain}
          error={errors.rainReleaseMinutes}
          onChange={(e) => setRain(e.target.value)}
        />
      </div>
      {formError && (
        <p className="field-error" role="alert">
          {t(m.releaseNotSaved, { reason: formError })}
        </p>
      )}
      <div>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t(m.saving) : t(m.saveRelease)}
        </button>
      </div>
    </form>
  )
}

function FrostOverride() {
  const { mutate } = useSWRConfig()
  const toast = useToast()
  const t = useT()
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const lift = async () => {
    setBusy(true)
    try {
      const next = await weatherMutations.frostOverride()
      await mutate(keys.weather, next, { revalidate: false })
      void mutate((key) => Array.isArray(key) && ['blindList', 'weatherAlarms'].includes(key[0]))
      toast(t(m.frostLifted))
    } catch (err) {
      toast(errorMessage(err), 'error')
    }
    setBusy(false)
    setAsking(false)
  }
  return (
    <div className="weather-frost">
      <p>{t(m.frostHolds)}</p>
      <button type="button" className="button button-quiet" onClick={() => setAsking(true)}>
        {t(m.liftFrost)}
      </button>
      {asking && (
        <ConfirmDialog
          title={t(m.liftFrostTitle)}
          message={t(m.liftFrostMessage)}
          confirmLabel={t(m.liftIt)}
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
  const t = useT()
  return (
    <div className="weather-alarm-history">
      <h3>{t(m.latest)}</h3>
      {error && !alarms && (
        <p className="field-error">{t(m.alarmsNotLoaded, { reason: errorMessage(error) })}</p>
      )}
      {alarms && alarms.length === 0 && <p className="muted">{t(m.noAlarm)}</p>}
      {alarms && alarms.length > 0 && (
        <ul className="list" aria-label={t(m.latestList)}>
          {alarms.map((alarm) => (
            <li key={alarm.id}>
              <div className="list-main">
                <span className="list-title">
                  {alarmName(alarm.kind, t)}
                  {peakText(alarm) && (
                    <span className="muted"> · {t(m.peak, { peak: peakText(alarm) })}</span>
                  )}
                </span>
                <span className="list-meta">
                  <span>
                    <HubTime at={alarm.since} />
                    {' – '}
                    {alarm.endedAt ? <HubTime at={alarm.endedAt} /> : t(m.stillHolding)}
                  </span>
                  <span>· {t(m.blinds, { count: alarm.blindIds.length })}</span>
                  {alarm.overriddenBy && (
                    <span>· {t(m.liftedBy, { name: alarm.overriddenBy })}</span>
                  )}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
