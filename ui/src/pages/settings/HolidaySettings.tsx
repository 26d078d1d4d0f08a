// Holiday mode's switch and its lived-in offset, on the settings page: on, every CRON and SUN
// schedule and all shading rest (runs started by hand still work); the offset shifts CRON and
// SUN runs by up to 30 minutes at random, holiday or not. Home shows the state to everyone.
import { useId, useState } from 'react'
import { useSWRConfig } from 'swr'
import { staleAfterChangeOf } from '../../api/cache-keys'
import { useHoliday } from '../../api/hooks'
import { keys, mutations } from '../../api/operations'
import { errorMessage, fieldErrorFrom } from '../../forms/field-errors'
import { holidayText, offsetChoices } from '../../holiday/holiday-words'
import { useHubTimeZone } from '../../time/HubTime'
import { SettingsSection } from './SettingsSection'
import { useT } from '../../i18n/I18nProvider'
import { settingsMessages as m } from './settings.messages'

export function HolidaySettings() {
  const { data: holiday } = useHoliday()
  const { mutate } = useSWRConfig()
  const timeZone = useHubTimeZone()
  const t = useT()
  const stateId = useId()
  const offsetId = useId()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null)

  const save = async (enabled: boolean, randomOffsetMinutes: number) => {
    setBusy(true)
    setError(null)
    try {
      const next = await mutations.holidaySet(enabled, randomOffsetMinutes)
      await mutate(keys.holiday, next, { revalidate: false })
      // Automations' next runs pause and resume with it (other browsers hear data:changed).
      void mutate(staleAfterChangeOf('holiday'))
    } catch (err) {
      const atField = fieldErrorFrom(err)
      setError(
        atField?.randomOffsetMinutes
          ? { field: 'randomOffsetMinutes', message: atField.randomOffsetMinutes }
          : { field: null, message: errorMessage(err) },
      )
    }
    setBusy(false)
  }

  const offsetError = error?.field === 'randomOffsetMinutes' ? error.message : null
  return (
    <SettingsSection
      title={t(m.holidayTitle)}
      description={t(m.holidayDescription)}
      className="holiday-settings"
    >
      {holiday && (
        <>
          <div className="settings-switch-row">
            <p className="settings-state" id={stateId}>
              {holidayText(holiday, timeZone, undefined, t)}
            </p>
            <input
              type="checkbox"
              role="switch"
              className="switch"
              aria-label={t(m.holidayTitle)}
              aria-describedby={stateId}
              checked={holiday.enabled}
              disabled={busy}
              onChange={(e) => void save(e.target.checked, holiday.randomOffsetMinutes)}
            />
          </div>
          <div className={`field settings-select${offsetError ? ' field-invalid' : ''}`}>
            <label className="field-label" htmlFor={offsetId}>
              {t(m.livedIn)}
            </label>
            <select
              id={offsetId}
              value={String(holiday.randomOffsetMinutes)}
              disabled={busy}
              aria-invalid={offsetError ? true : undefined}
              aria-describedby={`${offsetId}-hint${offsetError ? ` ${offsetId}-error` : ''}`}
              onChange={(e) => void save(holiday.enabled, Number(e.target.value))}
            >
              {offsetChoices(holiday.randomOffsetMinutes).map((minutes) => (
                <option key={minutes} value={minutes}>
                  {minutes === 0 ? t(m.onTime) : t(m.upToLater, { minutes })}
                </option>
              ))}
            </select>
            <span className="field-hint" id={`${offsetId}-hint`}>
              {t(m.livedInHint)}
            </span>
            {offsetError && (
              <span className="field-error" id={`${offsetId}-error`}>
                {offsetError}
              </span>
            )}
          </div>
        </>
      )}
      {error && error.field === null && (
        <p className="field-error" role="alert">
          {t(m.holidayNotSwitched, { reason: error.message })}
        </p>
      )}
    </SettingsSection>
  )
}
