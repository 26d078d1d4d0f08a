// Home's weather card, for everyone once a sensor reads: the wind now, the strongest gust of
// the last 10 minutes, rain and temperature, and the wind of the last 24 hours as a chart
// (mean line, gust band) whose code loads only here. With no sensor, an admin gets a line
// pointing to Settings and others see nothing.
import { useT } from '../../i18n/I18nProvider'
import { english, type Translate } from '../../i18n/translate'
import { homeMessages as m } from './home.messages'
import { lazy, useMemo, useState } from 'react'
import { Link } from 'wouter'
import { useWeather, useWeatherHistory, useWhoAmI } from '../../api/hooks'
import type { Weather, WeatherMinute } from '../../api/weather-types'
import { ChartBoundary } from '../photovoltaics/ChartBoundary'
import { WindIcon } from '../../shell/icons'
import { clockTime } from '../../time/hub-day'
import { useHubTimeZone } from '../../time/HubTime'
import { useNow } from '../../time/use-now'
import { rainText, temperatureText, windText } from '../../weather/weather-words'
import '../../weather/weather.css'

const WindChart = lazy(() =>
  import('../../weather/WindChart').then((m) => ({ default: m.WindChart })),
)
const DAY_MS = 24 * 60 * 60_000

/** Whether a sensor is set up: admins see the list, others the readings it gives. */
function hasSensor(weather: Weather): boolean {
  return (
    weather.sensors.length > 0 ||
    weather.wind !== null ||
    weather.raining !== null ||
    weather.temperature !== null
  )
}

/** The chart's sentence: the strongest gust of the day and when, or that none was read. */
export function windSummary(
  minutes: readonly WeatherMinute[],
  timeZone: string | undefined,
  t: Translate = english,
) {
  let top: WeatherMinute | null = null
  for (const m of minutes) {
    if (m.windMax !== null && (top?.windMax == null || m.windMax > top.windMax)) top = m
  }
  if (!top) return t(m.noWindReadings)
  return t(m.strongestGust, { wind: windText(top.windMax), time: clockTime(top.at, timeZone) })
}

export function WeatherCard() {
  const { data: weather } = useWeather()
  const { data: me } = useWhoAmI()
  const t = useT()
  if (!weather) return null
  if (!hasSensor(weather)) {
    if (!me?.isAdmin) return null
    return (
      <p className="muted weather-hint">
        <WindIcon />
        <span>
          {t(m.noWeatherSensor)} <Link href="/settings">{t(m.settings)}</Link>.
        </span>
      </p>
    )
  }
  return <WeatherFigures weather={weather} />
}

function WeatherFigures({ weather }: { weather: Weather }) {
  const timeZone = useHubTimeZone()
  const t = useT()
  const now = useNow(60_000).getTime()
  // Asked once per visit and again every minute; the chart's window slides with `now`.
  const [range] = useState(() => {
    const start = Date.now()
    return {
      from: new Date(start - DAY_MS).toISOString(),
      to: new Date(start + DAY_MS).toISOString(),
    }
  })
  const { data: minutes } = useWeatherHistory(range)
  const shown = useMemo(
    () => minutes?.filter((m) => Date.parse(m.at) >= now - DAY_MS) ?? [],
    [minutes, now],
  )
  return (
    <section className="card weather-card" aria-labelledby="weather-card-title">
      <h2 id="weather-card-title" className="weather-card-title">
        <WindIcon />
        {t(m.weather)}
      </h2>
      <dl className="weather-figures">
        <div>
          <dt>{t(m.windNow)}</dt>
          <dd>{windText(weather.wind)}</dd>
        </div>
        <div>
          <dt>{t(m.gust)}</dt>
          <dd>{windText(weather.gust)}</dd>
        </div>
        <div>
          <dt>{t(m.rain)}</dt>
          <dd>{rainText(weather.raining, t)}</dd>
        </div>
        <div>
          <dt>{t(m.temperature)}</dt>
          <dd>{temperatureText(weather.temperature)}</dd>
        </div>
      </dl>
      {minutes && (
        <>
          <p className="weather-chart-summary muted">{windSummary(shown, timeZone, t)}</p>
          {shown.length > 0 && (
            <ChartBoundary>
              <WindChart minutes={shown} now={now} timeZone={timeZone} />
              <ul className="wind-legend muted">
                <li>
                  <span className="wind-swatch wind-swatch-mean" aria-hidden="true" />
                  {t(m.meanWindLegend)}
                </li>
                <li>
                  <span className="wind-swatch wind-swatch-gust" aria-hidden="true" />
                  {t(m.gustLegend)}
                </li>
              </ul>
            </ChartBoundary>
          )}
        </>
      )}
    </section>
  )
}
