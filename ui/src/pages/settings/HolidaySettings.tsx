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

export function HolidaySettings() {
  const { data: holiday } = useHoliday()
  const { mutate } = useSWRConfig()
  const timeZone = useHubTimeZone()
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
      title="Holiday mode"
      description="Pauses every schedule and all shading while you are away. Runs started by hand still work."
      className="holiday-settings"
    >
      {holiday && (
        <>
          <div className="settings-switch-row">
            <p className="settings-state" id={stateId}>
              {holidayText(holiday, timeZone)}
            </p>
            <input
              type="checkbox"
              role="switch"
              className="switch"
              aria-label="Holiday mode"
              aria-describedby={stateId}
              checked={holiday.enabled}
              disabled={busy}
              onChange={(e) => void save(e.target.checked, holiday.randomOffsetMinutes)}
            />
          </div>
          <div className={`field settings-select${offsetError ? ' field-invalid' : ''}`}>
            <label className="field-label" htmlFor={offsetId}>
              Look lived-in
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
                  {minutes === 0 ? 'Schedules on time' : `Up to ${minutes} min later`}
                </option>
              ))}
            </select>
            <span className="field-hint" id={`${offsetId}-hint`}>
              Schedules start that much later at random, holiday or not.
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
          Could not switch holiday mode: {error.message}
        </p>
      )}
    </SettingsSection>
  )
}
