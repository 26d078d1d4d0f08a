// Today's curve and the last 30 days, each a card with its title, a sentence of what it shows
// (for screen readers and for a quick read) and the chart, whose code loads only here.
import { lazy } from 'react'
import { errorMessage } from '../../forms/field-errors'
import { useT } from '../../i18n/I18nProvider'
import { pvMessages as m } from './pv.messages'
import { ChartBoundary } from './ChartBoundary'
import { useEnergyDays } from './energy-days'
import { energySummary, todaySummary } from './pv-summary'
import { useTodayCurve } from './today-curve'

const PowerChart = lazy(() => import('./PvCharts').then((m) => ({ default: m.PowerChart })))
const EnergyBars = lazy(() => import('./PvCharts').then((m) => ({ default: m.EnergyBars })))

/** How many days the bars show. */
export const ENERGY_DAYS = 30

export function TodayCard({ todayWh }: { todayWh: number | null }) {
  const curve = useTodayCurve()
  const t = useT()
  return (
    <section className="card pv-section" aria-labelledby="pv-curve">
      <h2 id="pv-curve">{t(m.todaysPower)}</h2>
      {curve.error && (
        <p className="banner banner-error">
          {t(m.samplesNotLoaded, { reason: errorMessage(curve.error) })}
        </p>
      )}
      {!curve.error && curve.loading && <div className="pv-chart-placeholder" />}
      {!curve.loading && !curve.error && (
        <>
          <p className="pv-chart-summary">
            {todaySummary(curve.samples, todayWh, curve.timeZone, t)}
          </p>
          {curve.samples.length > 0 && (
            <ChartBoundary>
              <PowerChart samples={curve.samples} now={curve.now} timeZone={curve.timeZone} />
            </ChartBoundary>
          )}
        </>
      )}
    </section>
  )
}

/** The bars, today's being `todayWh`: the "Energy today" shown above them. */
export function EnergyCard({ todayWh }: { todayWh: number | null }) {
  const { days, error } = useEnergyDays(ENERGY_DAYS, todayWh)
  const t = useT()
  return (
    <section className="card pv-section" aria-labelledby="pv-days">
      <h2 id="pv-days">{t(m.lastDays, { count: ENERGY_DAYS })}</h2>
      {!days && error && (
        <p className="banner banner-error">{t(m.daysNotLoaded, { reason: errorMessage(error) })}</p>
      )}
      {!days && !error && <div className="pv-chart-placeholder" />}
      {days && (
        <>
          <p className="pv-chart-summary">{energySummary(days, t)}</p>
          {days.length > 0 && (
            <ChartBoundary>
              <EnergyBars days={days} />
            </ChartBoundary>
          )}
        </>
      )}
    </section>
  )
}
