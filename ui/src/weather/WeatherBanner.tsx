// The red banner on every page while a weather alarm holds: one sentence per alarm, counting
// the viewer's own blinds ("Wind alarm: 14.2 m/s. 6 blinds raised and locked until 10 minutes
// of calm"). It stands in the page's flow at the top of the content, so it covers neither the
// account menu nor the bottom bar; `weather:changed` keeps it live (LiveUpdates).
import { useBlindList, useWeather } from '../api/hooks'
import { useT } from '../i18n/I18nProvider'
import { AlertIcon } from '../shell/icons'
import { useHubTimeZone } from '../time/HubTime'
import { alarmSentence } from './weather-words'
import './weather.css'

export function WeatherBanner() {
  const { data: weather } = useWeather()
  const { data: blinds } = useBlindList()
  const timeZone = useHubTimeZone()
  const t = useT()
  const alarms = weather?.alarms ?? []
  if (!weather || alarms.length === 0) return null
  return (
    <div className="banner banner-alarm weather-banner" role="alert">
      <AlertIcon />
      <ul className="weather-banner-alarms">
        {alarms.map((alarm) => (
          <li key={alarm.id}>{alarmSentence(alarm, weather, blinds, timeZone, t)}</li>
        ))}
      </ul>
    </div>
  )
}
