// The last 24 hours of wind on Home's weather card: each minute's mean as a line and its
// strongest gust as a light band above it, drawn with the PV page's uPlot Chart and loaded
// only with the card. The canvas is hidden from screen readers; the card says what it shows.
import { useCallback, useMemo } from 'react'
import uPlot from 'uplot'
import type { WeatherMinute } from '../api/weather-types'
import { axis, Chart, type Build, type Readout } from '../pages/photovoltaics/PvCharts'
import { clockTime } from '../time/hub-day'
import { useT } from '../i18n/I18nProvider'
import { intlLocale } from '../i18n/intl-locale'
import { windText } from './weather-words'
import { windChartMessages as m } from './weather.messages'

const DAY_S = 24 * 60 * 60

function windColors() {
  const style = getComputedStyle(document.documentElement)
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback
  return { line: token('--wind', '#2a62c9'), fill: token('--wind-fill', 'rgba(42, 98, 201, 0.16)') }
}

/** The minutes as uPlot's columns: seconds, the gust (max) and the mean. */
export function windColumns(minutes: readonly WeatherMinute[]): uPlot.AlignedData {
  return [
    minutes.map((m) => Date.parse(m.at) / 1000),
    minutes.map((m) => m.windMax),
    minutes.map((m) => m.windMean),
  ]
}

export function WindChart({
  minutes,
  now,
  timeZone,
}: {
  minutes: readonly WeatherMinute[]
  now: number
  timeZone: string | undefined
}) {
  const data = useMemo(() => windColumns(minutes), [minutes])
  const end = Math.floor(now / 1000)
  const t = useT()
  const build = useCallback<Build>(
    (width, height, colors) => {
      const wind = windColors()
      return {
        width,
        height,
        ...(timeZone && { tzDate: (ts: number) => uPlot.tzDate(new Date(ts * 1000), timeZone) }),
        scales: {
          x: { time: true, range: () => [end - DAY_S, end] },
          y: { range: (_u, _min, max) => [0, Math.max(max, 5) * 1.1] },
        },
        axes: [
          axis(colors, {
            size: 32,
            space: 64,
            values: (_u, splits) => splits.map((s) => clockTime(new Date(s * 1000), timeZone)),
          }),
          axis(colors, {
            size: 48,
            // "12.5" in English, "12,5" in German.
            values: (_u, splits) => splits.map((s) => s.toLocaleString(intlLocale())),
          }),
        ],
        series: [
          {},
          { label: t(m.gust), stroke: wind.fill, width: 1, points: { show: false } },
          { label: t(m.mean), stroke: wind.line, width: 2, points: { show: false } },
        ],
        bands: [{ series: [1, 2], fill: wind.fill }],
        cursor: { y: false, drag: { x: false, y: false } },
      }
    },
    [end, timeZone, t],
  )
  const readout = useCallback<Readout>(
    ([xs, max, mean], i) =>
      t(m.readout, {
        time: clockTime(new Date(xs[i]! * 1000), timeZone),
        mean: windText(mean![i] ?? null),
        gust: windText(max![i] ?? null),
      }),
    [timeZone, t],
  )
  return <Chart build={build} data={data} readout={readout} />
}
