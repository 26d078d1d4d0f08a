// The PV inverter, read-only on the settings page: it is set on the hub (LAMELLA_PV), so the
// page says which address the hub reads and whether the inverter answers. Its state is the
// PV status that `pv:sample` pushes keep live.
import { Link } from 'wouter'
import { usePv, usePvAddress } from '../../api/hooks'
import { HubTime } from '../../time/HubTime'
import { LinkState } from './LinkState'
import { SettingsSection } from './SettingsSection'
import { useT } from '../../i18n/I18nProvider'
import { settingsMessages as m } from './settings.messages'

export function PvSettings() {
  const { data: pv } = usePv()
  const { data: address } = usePvAddress()
  const t = useT()
  return (
    <SettingsSection
      title={t(m.pvTitle)}
      description={
        <>
          {t(m.setOnHubWith)} <code>LAMELLA_PV</code>.
        </>
      }
    >
      {pv && !pv.configured && (
        <p className="settings-off">
          {t(m.off)} {t(m.pvOff)}
        </p>
      )}
      {pv?.configured && (
        <dl className="settings-facts">
          <div>
            <dt>{t(m.inverter)}</dt>
            <dd>
              {address ? <code>{address}</code> : <span className="muted">{t(m.notKnown)}</span>}
            </dd>
          </div>
          <div>
            <dt>{t(m.link)}</dt>
            <dd>
              {pv.online ? (
                <LinkState state="up">{t(m.online)}</LinkState>
              ) : pv.offlineSince ? (
                <LinkState state="down">
                  {t(m.offlineSince)} <HubTime at={pv.offlineSince} />
                </LinkState>
              ) : (
                <LinkState state="down">{t(m.offline)}</LinkState>
              )}
            </dd>
          </div>
          {!pv.online && pv.error && (
            <div>
              <dt>{t(m.error)}</dt>
              <dd>
                <code>{pv.error}</code>
              </dd>
            </div>
          )}
        </dl>
      )}
      {pv?.configured && (
        <p className="settings-more">
          <Link href="/photovoltaics">{t(m.powerAndEnergy)}</Link>
        </p>
      )}
    </SettingsSection>
  )
}
