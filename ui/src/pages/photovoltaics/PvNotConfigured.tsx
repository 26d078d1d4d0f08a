// What the page shows while LAMELLA_PV is not set: what it would show, and how to turn it on.
import { SolarIcon } from '../../shell/icons'
import { useT } from '../../i18n/I18nProvider'
import { pvMessages as m } from './pv.messages'

export function PvNotConfigured() {
  const t = useT()
  return (
    <div className="card empty-state pv-setup">
      <SolarIcon />
      <h2>{t(m.notSetUp)}</h2>
      <p>{t(m.setupIntro)}</p>
      <p>{t(m.setupHow)}</p>
      <code className="pv-setting">LAMELLA_PV=modbus-tcp://HOST[:PORT][?unit=N]</code>
      <p>
        {t(m.setupDefaults)} <code>LAMELLA_PV=modbus-tcp://192.168.1.20</code>.
      </p>
      <p>
        {t(m.setupReadmeBefore)} <strong>{t(m.title)}</strong> {t(m.setupReadmeAfter)}
      </p>
    </div>
  )
}
