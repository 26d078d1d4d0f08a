// Home's holiday-mode card. While it is on, everyone sees that schedules and shading are
// paused and since when; admins switch it and choose the lived-in offset (CRON and SUN runs
// start up to 30 minutes later at random, at all times). Off, it is one short line for admins
// and nothing for everyone else.
import { useId, useState } from 'react'
import { useSWRConfig } from 'swr'
import { staleAfterChangeOf } from '../../api/cache-keys'
import { useHoliday, useWhoAmI } from '../../api/hooks'
import { keys, mutations } from '../../api/operations'
import type { Holiday } from '../../api/types'
import { errorMessage, fieldErrorFrom } from '../../forms/field-errors'
import { HolidayIcon } from '../../shell/icons'
import { useHubTimeZone } from '../../time/HubTime'
import { formatWhen } from '../automation/time-format'
import { RANDOM_OFFSET_MAX_MINUTES } from '../../../../hub/validation/shading'

/** The offsets offered, every 5 minutes, and the one set if it is another. */
export function offsetChoices(current: number): number[] {
  const steps = Array.from({ length: RANDOM_OFFSET_MAX_MINUTES / 5 + 1 }, (_, i) => i * 5)
  return steps.includes(current) ? steps : [...steps, current].sort((a, b) => a - b)
}

/** "Holiday mode: schedules and shading paused since today 09:12". */
export function holidayText(holiday: Holiday, timeZone: string | undefined, now = new Date()) {
  if (!holiday.enabled) return 'Holiday mode is off'
  if (!holiday.since) return 'Holiday mode: schedules and shading paused'
  const since = formatWhen(holiday.since, now, timeZone).replace(/^(Today|Yesterday)/, (day) =>
    day.toLowerCase(),
  )
  return `Holiday mode: schedules and shading paused since ${since}`
}

export function HolidayCard() {
  const { data: me } = useWhoAmI()
  const { data: holiday } = useHoliday()
  const { mutate } = useSWRConfig()
  const timeZone = useHubTimeZone()
  const titleId = useId()
  const hintId = useId()
  const offsetId = useId()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null)
  const isAdmin = me?.isAdmin ?? false
  if (!holiday || (!holiday.enabled && !isAdmin)) return null

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

  const offset = holiday.randomOffsetMinutes
  const offsetError = error?.field === 'randomOffsetMinutes' ? error.message : null
  return (
    <section
      className={`card holiday-card${holiday.enabled ? ' holiday-card-on' : ''}`}
      aria-labelledby={titleId}
    >
      <div className="holiday-head">
        <HolidayIcon />
        <div className="holiday-text">
          <h2 className="holiday-title" id={titleId}>
            {holidayText(holiday, timeZone)}
          </h2>
          <p className="holiday-hint muted" id={hintId}>
            {holiday.enabled
              ? 'Runs started by hand still work.'
              : 'Pauses every schedule and all shading while you are away.'}
            {!isAdmin && offset > 0 && ` Schedules vary by up to ${offset} min.`}
          </p>
        </div>
        {isAdmin && (
          <input
            type="checkbox"
            role="switch"
            className="switch"
            aria-label="Holiday mode"
            aria-describedby={hintId}
            checked={holiday.enabled}
            disabled={busy}
            onChange={(e) => void save(e.target.checked, offset)}
          />
        )}
      </div>
      {isAdmin && (
        <div className={`holiday-offset${offsetError ? ' field-invalid' : ''}`}>
          <label htmlFor={offsetId}>Look lived-in</label>
          <select
            id={offsetId}
            value={String(offset)}
            disabled={busy}
            aria-invalid={offsetError ? true : undefined}
            aria-describedby={`${offsetId}-hint${offsetError ? ` ${offsetId}-error` : ''}`}
            onChange={(e) => void save(holiday.enabled, Number(e.target.value))}
          >
            {offsetChoices(offset).map((minutes) => (
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
      )}
      {error && error.field === null && (
        <p className="field-error" role="alert">
          Could not switch holiday mode: {error.message}
        </p>
      )}
    </section>
  )
}
