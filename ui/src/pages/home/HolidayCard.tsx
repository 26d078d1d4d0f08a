// Home's holiday-mode card: while it is on, everyone sees that schedules and shading are
// paused, since when, and how much schedules vary; admins get a link to the settings page,
// where it is switched. Off, Home says nothing of it (Home shows state, not settings).
import { useId } from 'react'
import { Link } from 'wouter'
import { useHoliday, useWhoAmI } from '../../api/hooks'
import { holidayText } from '../../holiday/holiday-words'
import { HolidayIcon } from '../../shell/icons'
import { useHubTimeZone } from '../../time/HubTime'

export function HolidayCard() {
  const { data: me } = useWhoAmI()
  const { data: holiday } = useHoliday()
  const timeZone = useHubTimeZone()
  const titleId = useId()
  if (!holiday?.enabled) return null

  const offset = holiday.randomOffsetMinutes
  return (
    <section className="card holiday-card holiday-card-on" aria-labelledby={titleId}>
      <div className="holiday-head">
        <HolidayIcon />
        <div className="holiday-text">
          <h2 className="holiday-title" id={titleId}>
            {holidayText(holiday, timeZone)}
          </h2>
          <p className="holiday-hint muted">
            Runs started by hand still work.
            {offset > 0 && ` Schedules vary by up to ${offset} min.`}
          </p>
          {me?.isAdmin && (
            <p className="holiday-hint">
              <Link href="/settings" className="holiday-settings-link">
                Switch it off in Settings
              </Link>
            </p>
          )}
        </div>
      </div>
    </section>
  )
}
