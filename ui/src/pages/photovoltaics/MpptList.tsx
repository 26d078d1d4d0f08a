// Power per MPPT tracker (SunSpec model 160), each string's share drawn as a bar: one string
// far below the others points at shade or a fault.
import type { PvMppt } from '../../api/types'
import { formatPower } from './pv-format'
import { useT } from '../../i18n/I18nProvider'
import { localNumber } from '../../i18n/intl-locale'
import { pvMessages as m } from './pv.messages'

function electrical({ voltageV, currentA }: PvMppt): string {
  const parts = [
    voltageV !== null && `${localNumber(voltageV, { digits: 0 })} V`,
    currentA !== null && `${localNumber(currentA, { digits: 1 })} A`,
  ].filter(Boolean)
  return parts.join(' · ')
}

export function MpptList({ mppt }: { mppt: readonly PvMppt[] }) {
  const t = useT()
  const most = Math.max(1, ...mppt.map((m) => m.powerW ?? 0))
  return (
    <section className="card pv-section" aria-labelledby="pv-mppt">
      <h2 id="pv-mppt">{t(m.strings)}</h2>
      <ul className="pv-mppt" aria-labelledby="pv-mppt">
        {mppt.map((tracker) => (
          <li key={tracker.id}>
            <div className="pv-mppt-head">
              <span className="pv-mppt-name">
                {tracker.label ?? t(m.tracker, { id: String(tracker.id) })}
              </span>
              <span className="pv-mppt-power">{formatPower(tracker.powerW)}</span>
            </div>
            <div className="pv-mppt-bar" aria-hidden="true">
              <span style={{ width: `${(100 * Math.max(0, tracker.powerW ?? 0)) / most}%` }} />
            </div>
            {electrical(tracker) && <span className="muted">{electrical(tracker)}</span>}
          </li>
        ))}
      </ul>
    </section>
  )
}
