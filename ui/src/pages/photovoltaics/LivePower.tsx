// The figures at the top: the power now with the inverter's state in words and how fresh it is,
// today's energy and the lifetime counter.
import type { PvStatus } from '../../api/types'
import { useT } from '../../i18n/I18nProvider'
import { UpdatedAgo } from './UpdatedAgo'
import { pvMessages as m } from './pv.messages'
import { formatEnergy, formatPower, stateTone, stateWords } from './pv-format'

export function LivePower({ pv }: { pv: PvStatus }) {
  const t = useT()
  const tone = pv.online ? stateTone(pv.state) : 'offline'
  return (
    <div className="pv-stats">
      <section className="card pv-stat pv-now" aria-labelledby="pv-now">
        <h2 id="pv-now" className="pv-stat-label">
          {t(m.powerNow)}
        </h2>
        <p className="pv-power">{pv.online ? formatPower(pv.powerW) : '—'}</p>
        <p className={`pv-state pv-state-${tone}`}>
          <span className="pv-state-dot" aria-hidden="true" />
          {pv.online ? stateWords(pv.state, t) : t(m.notReachable)}
        </p>
        <p className="pv-updated muted">
          <UpdatedAgo at={pv.updatedAt} online={pv.online} />
          {pv.online && pv.dcPowerW !== null && (
            <> · {t(m.dcInput, { power: formatPower(pv.dcPowerW) })}</>
          )}
        </p>
      </section>
      <section className="card pv-stat" aria-labelledby="pv-today">
        <h2 id="pv-today" className="pv-stat-label">
          {t(m.energyToday)}
        </h2>
        <p className="pv-energy">{formatEnergy(pv.todayWh)}</p>
      </section>
      <section className="card pv-stat" aria-labelledby="pv-lifetime">
        <h2 id="pv-lifetime" className="pv-stat-label">
          {t(m.lifetime)}
        </h2>
        <p className="pv-energy">{formatEnergy(pv.lifetimeWh)}</p>
      </section>
    </div>
  )
}
