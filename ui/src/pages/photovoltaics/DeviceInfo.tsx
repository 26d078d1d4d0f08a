// The inverter as it names itself in SunSpec's common model: make, model, serial, firmware.
import type { PvDevice } from '../../api/types'

const FIELDS = [
  ['manufacturer', 'Manufacturer'],
  ['model', 'Model'],
  ['serial', 'Serial number'],
  ['version', 'Firmware version'],
] as const

export function DeviceInfo({ device }: { device: PvDevice | null }) {
  const known = FIELDS.filter(([key]) => device?.[key])
  return (
    <section className="card pv-section" aria-labelledby="pv-device">
      <h2 id="pv-device">Inverter</h2>
      {known.length === 0 ? (
        <p className="muted">Not known yet: the hub has not read the inverter&apos;s name plate.</p>
      ) : (
        <dl className="pv-device">
          {known.map(([key, label]) => (
            <div key={key}>
              <dt>{label}</dt>
              <dd>{device?.[key]}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  )
}
