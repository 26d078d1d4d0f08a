// Home's holiday-mode card: while it is on, everyone sees that schedules and shading are
// paused, since when, and how much schedules vary; admins get a link to the settings page,
// where it is switched. Off, Home says nothing of it (Home shows state, not settings).
import { useT } from '../../i18n/I18nProvider'
import { homeMessages as m } from './home.messages'
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
  const t = useT()
  if (!holiday?.enabled) return null

  const offset = holiday.randomOffsetMinutes
  return (
    <section className="card holiday-card holiday-card-on" aria-labelledby={titleId}>
      <div className="holiday-head">
        <HolidayIcon />
        <div className="holiday-text">
          <h2 className="holiday-title" id={titleId}>
            {holidayText(holiday, timeZone, new Date(), t)}
          </h2>
          <p className="holiday-hint muted">
            {t(m.holidayRunsByHand)}
            {offset > 0 && ` ${t(m.holidayVary, { minutes: offset })}`}
          </p>
          {me?.isAdmin && (
            <p className="holiday-hint">
              <Link href="/settings" className="holiday-settings-link">
                {t(m.holidaySwitchOff)}
              </Link>
            </p>
          )}
        </div>
      </div>
    </section>
  )
}
