// Around a lazily loaded chart: while its code loads, a box of the chart's size keeps the page
// still; if the code cannot be loaded or drawn (a stale cache after an update, a browser without
// canvas), a line says so and the figures in text stay.
import { Component, Suspense } from 'react'
import type { ReactNode } from 'react'
import { useT } from '../../i18n/I18nProvider'
import { pvMessages as m } from './pv.messages'

function ChartFailed() {
  const t = useT()
  return <p className="muted pv-chart-failed">{t(m.chartFailed)}</p>
}

interface State {
  failed: boolean
}

export class ChartBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false }

  static getDerivedStateFromError(): State {
    return { failed: true }
  }

  componentDidCatch(error: unknown) {
    console.error('A chart could not be drawn', error)
  }

  render() {
    if (this.state.failed) {
      return <ChartFailed />
    }
    return (
      <Suspense fallback={<div className="pv-chart-placeholder" aria-hidden="true" />}>
        {this.props.children}
      </Suspense>
    )
  }
}
