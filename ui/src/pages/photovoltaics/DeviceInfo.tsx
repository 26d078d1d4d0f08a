// The inverter as it names itself in SunSpec's common model: make, model, serial, firmware.
import type { PvDevice } from '../../api/types'
import { useT } from '../../i18n/I18nProvider'
import { pvMessages as m } from './pv.messages'

const FIELDS = [
  ['manufacturer', m.manufacturer],
  ['model', m.model],
  ['serial', m.serial],
  ['version', m.version],
] as const

export function DeviceInfo({ device }: { device: PvDevice | null }) {
  const t = useT()
  const known = FIELDS.filter(([key]) => device?.[key])
  return (
    <section className="card pv-section" aria-labelledby="pv-device">
      <h2 id="pv-device">{t(m.inverter)}</h2>
      {known.length === 0 ? (
        <p className="muted">{t(m.namePlateUnknown)}</p>
      ) : (
        <dl className="pv-device">
          {known.map(([key, label]) => (
            <div key={key}>
              <dt>{t(label)}</dt>
              <dd>{device?.[key]}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  )
}
