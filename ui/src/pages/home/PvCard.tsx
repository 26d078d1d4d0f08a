// Home's small photovoltaics card, once an inverter is set up (LAMELLA_PV): the power now,
// today's energy and the inverter's state, or that it cannot be reached; the whole card opens
// /photovoltaics. It shares the page's wording but none of its charts' code.
import { useT } from '../../i18n/I18nProvider'
import { homeMessages as m } from './home.messages'
import { Link } from 'wouter'
import { usePv } from '../../api/hooks'
import { SolarIcon } from '../../shell/icons'
import { formatEnergy, formatPower, stateTone, stateWords } from '../photovoltaics/pv-format'

export function PvCard() {
  const { data: pv } = usePv()
  const t = useT()
  if (!pv?.configured) return null
  const tone = pv.online ? stateTone(pv.state) : 'offline'
  return (
    <Link href="/photovoltaics" className="card pv-card">
      <SolarIcon />
      <span className="pv-card-text">
        <span className="pv-card-title">{t(m.solarPower)}</span>
        <span className="pv-card-power">{pv.online ? formatPower(pv.powerW) : '—'}</span>
        <span className="pv-card-meta">
          <span className={`pv-card-state pv-card-${tone}`}>
            {pv.online ? stateWords(pv.state, t) : t(m.notReachable)}
          </span>
          <span className="muted"> · {t(m.today, { energy: formatEnergy(pv.todayWh) })}</span>
        </span>
      </span>
      <span className="pv-card-more" aria-hidden="true">
        ›
      </span>
    </Link>
  )
}
