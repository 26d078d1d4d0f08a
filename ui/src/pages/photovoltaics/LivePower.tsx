// The figures at the top: the power now with the inverter's state in words and how fresh it is,
// today's energy and the lifetime counter.
import type { PvStatus } from '../../api/types'
import { UpdatedAgo } from './UpdatedAgo'
import { formatEnergy, formatPower, stateTone, stateWords } from './pv-format'

export function LivePower({ pv }: { pv: PvStatus }) {
  const tone = pv.online ? stateTone(pv.state) : 'offline'
  return (
    <div className="pv-stats">
      <section className="card pv-stat pv-now" aria-labelledby="pv-now">
        <h2 id="pv-now" className="pv-stat-label">
          Power now
        </h2>
        <p className="pv-power">{pv.online ? formatPower(pv.powerW) : '—'}</p>
        <p className={`pv-state pv-state-${tone}`}>
          <span className="pv-state-dot" aria-hidden="true" />
          {pv.online ? stateWords(pv.state) : 'Not reachable'}
        </p>
        <p className="pv-updated muted">
          <UpdatedAgo at={pv.updatedAt} online={pv.online} />
          {pv.online && pv.dcPowerW !== null && <> · DC input {formatPower(pv.dcPowerW)}</>}
        </p>
      </section>
      <section className="card pv-stat" aria-labelledby="pv-today">
        <h2 id="pv-today" className="pv-stat-label">
          Energy today
        </h2>
        <p className="pv-energy">{formatEnergy(pv.todayWh)}</p>
      </section>
      <section className="card pv-stat" aria-labelledby="pv-lifetime">
        <h2 id="pv-lifetime" className="pv-stat-label">
          Lifetime
        </h2>
        <p className="pv-energy">{formatEnergy(pv.lifetimeWh)}</p>
      </section>
    </div>
  )
}
