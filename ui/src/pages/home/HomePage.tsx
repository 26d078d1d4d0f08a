// /: a greeting, the hub's health, holiday mode (while on, or for admins to switch), the weather
// once a sensor reads, the solar inverter's power once one is set up, and the blinds and automations this user starred, so
// the daily things are one tap away.
import { useT } from '../../i18n/I18nProvider'
import { homeMessages as m } from './home.messages'
import { useId } from 'react'
import { useWhoAmI } from '../../api/hooks'
import { useBusProblem } from '../../components/BusNotice'
import { FavoriteAutomations } from './FavoriteAutomations'
import { FavoriteBlinds } from './FavoriteBlinds'
import { HolidayCard } from './HolidayCard'
import { HubHealth } from './HubHealth'
import { PvCard } from './PvCard'
import { WeatherCard } from './WeatherCard'
import { greetingFor } from './greeting'
import { useHubTimeZone } from '../../time/HubTime'
import './home.css'

export default function HomePage() {
  const { data: me } = useWhoAmI()
  const busReasonId = useId()
  const bus = useBusProblem()
  const t = useT()
  const greeting = greetingFor(new Date(), useHubTimeZone(), t)
  return (
    <section className="page">
      <header className="page-header">
        <div className="page-title">
          <h1>{t(m.title)}</h1>
          <p className="muted">
            {me ? t(m.greeting, { greeting, name: me.username }) : t(m.greetingAlone, { greeting })}
          </p>
        </div>
      </header>
      <HubHealth busReasonId={busReasonId} />
      <HolidayCard />
      <WeatherCard />
      <PvCard />
      <FavoriteBlinds moveBlockedBy={bus?.offline ? busReasonId : null} />
      <FavoriteAutomations />
    </section>
  )
}
