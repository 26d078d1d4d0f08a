// The PV inverter, read-only on the settings page: it is set on the hub (LAMELLA_PV), so the
// page says which address the hub reads and whether the inverter answers. Its state is the
// PV status that `pv:sample` pushes keep live.
import { Link } from 'wouter'
import { usePv, usePvAddress } from '../../api/hooks'
import { HubTime } from '../../time/HubTime'
import { LinkState } from './LinkState'
import { SettingsSection } from './SettingsSection'

export function PvSettings() {
  const { data: pv } = usePv()
  const { data: address } = usePvAddress()
  return (
    <SettingsSection
      title="Photovoltaics"
      description={
        <>
          Set on the hub with <code>LAMELLA_PV</code>.
        </>
      }
    >
      {pv && !pv.configured && (
        <p className="settings-off">
          Off. With it set, Home shows the inverter’s power and shading can wait for real sun.
        </p>
      )}
      {pv?.configured && (
        <dl className="settings-facts">
          <div>
            <dt>Inverter</dt>
            <dd>{address ? <code>{address}</code> : <span className="muted">Not known</span>}</dd>
          </div>
          <div>
            <dt>Link</dt>
            <dd>
              {pv.online ? (
                <LinkState state="up">Online</LinkState>
              ) : pv.offlineSince ? (
                <LinkState state="down">
                  Offline since <HubTime at={pv.offlineSince} />
                </LinkState>
              ) : (
                <LinkState state="down">Offline</LinkState>
              )}
            </dd>
          </div>
          {!pv.online && pv.error && (
            <div>
              <dt>Error</dt>
              <dd>
                <code>{pv.error}</code>
              </dd>
            </div>
          )}
        </dl>
      )}
      {pv?.configured && (
        <p className="settings-more">
          <Link href="/photovoltaics">Power and energy</Link>
        </p>
      )}
    </SettingsSection>
  )
}
