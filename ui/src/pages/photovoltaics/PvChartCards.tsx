// Today's curve and the last 30 days, each a card with its title, a sentence of what it shows
// (for screen readers and for a quick read) and the chart, whose code loads only here.
import { lazy } from 'react'
import { errorMessage } from '../../forms/field-errors'
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
  return (
    <section className="card pv-section" aria-labelledby="pv-curve">
      <h2 id="pv-curve">Today&apos;s power</h2>
      {curve.error && (
        <p className="banner banner-error">
          Could not load today&apos;s samples: {errorMessage(curve.error)}
        </p>
      )}
      {!curve.error && curve.loading && <div className="pv-chart-placeholder" />}
      {!curve.loading && !curve.error && (
        <>
          <p className="pv-chart-summary">{todaySummary(curve.samples, todayWh, curve.timeZone)}</p>
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
  return (
    <section className="card pv-section" aria-labelledby="pv-days">
      <h2 id="pv-days">Last {ENERGY_DAYS} days</h2>
      {!days && error && (
        <p className="banner banner-error">
          Could not load the energy per day: {errorMessage(error)}
        </p>
      )}
      {!days && !error && <div className="pv-chart-placeholder" />}
      {days && (
        <>
          <p className="pv-chart-summary">{energySummary(days)}</p>
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
