// The MQTT link to Home Assistant and other hubs, read-only on the settings page: it is set on
// the hub (LAMELLA_MQTT_URL, LAMELLA_HUB_ID), so the page says which broker, as which hub, and
// whether the link is up. Its state is hubStatus, asked again every 30 s.
import { useHubStatus } from '../../api/hooks'
import { HubTime } from '../../time/HubTime'
import { LinkState } from './LinkState'
import { SettingsSection } from './SettingsSection'
import { useT } from '../../i18n/I18nProvider'
import { settingsMessages as m } from './settings.messages'

export function MqttSettings() {
  const { data: status } = useHubStatus()
  const mqtt = status?.mqtt
  const t = useT()
  return (
    <SettingsSection
      title={t(m.mqttTitle)}
      description={
        <>
          {t(m.setOnHubWith)} <code>LAMELLA_MQTT_URL</code> {t(m.and)} <code>LAMELLA_HUB_ID</code>.
        </>
      }
    >
      {status && !mqtt && (
        <p className="settings-off">
          {t(m.off)} {t(m.mqttOff)}
        </p>
      )}
      {mqtt && (
        <dl className="settings-facts">
          <div>
            <dt>{t(m.broker)}</dt>
            <dd>
              <code>{mqtt.broker}</code>
            </dd>
          </div>
          <div>
            <dt>{t(m.hubId)}</dt>
            <dd>
              <code>{mqtt.hubId}</code>
            </dd>
          </div>
          <div>
            <dt>{t(m.link)}</dt>
            <dd>
              {mqtt.connected ? (
                <LinkState state="up">{t(m.connected)}</LinkState>
              ) : mqtt.since ? (
                <LinkState state="down">
                  {t(m.disconnectedSince)} <HubTime at={mqtt.since} />
                </LinkState>
              ) : (
                <LinkState state="waiting">{t(m.connecting)}</LinkState>
              )}
            </dd>
          </div>
          {!mqtt.connected && mqtt.error && (
            <div>
              <dt>{t(m.error)}</dt>
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
