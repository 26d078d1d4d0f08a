// The MQTT link to Home Assistant and other hubs, read-only on the settings page: it is set on
// the hub (LAMELLA_MQTT_URL, LAMELLA_HUB_ID), so the page says which broker, as which hub, and
// whether the link is up. Its state is hubStatus, asked again every 30 s.
import { useHubStatus } from '../../api/hooks'
import { HubTime } from '../../time/HubTime'
import { LinkState } from './LinkState'
import { SettingsSection } from './SettingsSection'

export function MqttSettings() {
  const { data: status } = useHubStatus()
  const mqtt = status?.mqtt
  return (
    <SettingsSection
      title="Home Assistant (MQTT)"
      description={
        <>
          Set on the hub with <code>LAMELLA_MQTT_URL</code> and <code>LAMELLA_HUB_ID</code>.
        </>
      }
    >
      {status && !mqtt && (
        <p className="settings-off">
          Off. With it set, Home Assistant and other hubs see and move the blinds.
        </p>
      )}
      {mqtt && (
        <dl className="settings-facts">
          <div>
            <dt>Broker</dt>
            <dd>
              <code>{mqtt.broker}</code>
            </dd>
          </div>
          <div>
            <dt>Hub id</dt>
            <dd>
              <code>{mqtt.hubId}</code>
            </dd>
          </div>
          <div>
            <dt>Link</dt>
            <dd>
              {mqtt.connected ? (
                <LinkState state="up">Connected</LinkState>
              ) : mqtt.since ? (
                <LinkState state="down">
                  Disconnected since <HubTime at={mqtt.since} />
                </LinkState>
              ) : (
                <LinkState state="waiting">Connecting…</LinkState>
              )}
            </dd>
          </div>
          {!mqtt.connected && mqtt.error && (
            <div>
              <dt>Error</dt>
              <dd>
                <code>{mqtt.error}</code>
              </dd>
            </div>
          )}
        </dl>
      )}
    </SettingsSection>
  )
}
