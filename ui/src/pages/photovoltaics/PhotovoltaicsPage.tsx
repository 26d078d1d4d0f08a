// /photovoltaics (hidden from the menu, spec section 2; Home links to it once an inverter is
// set up): the inverter read over SunSpec (issue 13). Live power and state, today's and
// lifetime energy, today's curve and the last 30 days, the strings, the name plate; a clear
// line when it cannot be read, and how to set it up when it is not.
import { usePv } from '../../api/hooks'
import type { PvStatus } from '../../api/types'
import { errorMessage } from '../../forms/field-errors'
import { InlineSpinner } from '../../shell/Spinner'
import { useT } from '../../i18n/I18nProvider'
import { pvMessages as m } from './pv.messages'
import { TimeZoneNote } from '../../time/HubTime'
import { DeviceInfo } from './DeviceInfo'
import { LivePower } from './LivePower'
import { MpptList } from './MpptList'
import { PvNotConfigured } from './PvNotConfigured'
import { PvOffline } from './PvOffline'
import { EnergyCard, TodayCard } from './PvChartCards'
import './photovoltaics.css'

/** "Lamella Emulated inverter", or null when it names neither. */
function deviceName(pv: PvStatus): string | null {
  const name = [pv.device?.manufacturer, pv.device?.model].filter(Boolean).join(' ')
  return name || null
}

function Overview({ pv }: { pv: PvStatus }) {
  const t = useT()
  const connecting = !pv.online && !pv.error && !pv.offlineSince && !pv.updatedAt
  return (
    <>
      {connecting && (
        <p className="banner banner-warning" role="status">
          {t(m.connecting)}
        </p>
      )}
      {!pv.online && !connecting && <PvOffline pv={pv} />}
      <LivePower pv={pv} />
      <TodayCard todayWh={pv.todayWh} />
      <EnergyCard todayWh={pv.todayWh} />
      {/* A string's power from before the inverter went away would read as now. */}
      {pv.online && pv.mppt.length > 0 && <MpptList mppt={pv.mppt} />}
      <DeviceInfo device={pv.device} />
      <TimeZoneNote />
    </>
  )
}

export default function PhotovoltaicsPage() {
  const { data: pv, error } = usePv()
  const t = useT()
  const name = pv?.configured ? deviceName(pv) : null
  return (
    <section className="page pv-page">
      <header className="page-header">
        <div className="page-title">
          <h1>{t(m.title)}</h1>
          {name && <p className="muted">{name}</p>}
        </div>
      </header>
      {!pv && error && (
        <p className="banner banner-error">{t(m.notLoaded, { reason: errorMessage(error) })}</p>
      )}
      {!pv && !error && <InlineSpinner label={t(m.loading)} />}
      {pv && !pv.configured && <PvNotConfigured />}
      {pv?.configured && <Overview pv={pv} />}
    </section>
  )
}
