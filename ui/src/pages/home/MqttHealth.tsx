// The MQTT link on Home, for admins only: a line like the relay bus's naming the broker and this
// hub's id, and while the link is down a warning that Home Assistant and other hubs cannot reach
// the blinds, with the hub's own words folded away. Its state is hubStatus, refreshed every 30 s.
import { useT } from '../../i18n/I18nProvider'
import { homeMessages as m } from './home.messages'
import type { HubStatus } from '../../api/types'
import { AlertIcon } from '../../shell/icons'
import { HubTime } from '../../time/HubTime'

export type MqttLink = NonNullable<HubStatus['mqtt']>

/** When the link went down, or null while it is up or its first attempt has not ended yet. */
function downSince(link: MqttLink): string | null {
  return link.connected ? null : link.since
}

const DOT = {
  connected: 'hub-dot-online',
  connecting: 'hub-dot-unknown',
  disconnected: 'hub-dot-offline',
} as const

export function MqttLine({ link }: { link: MqttLink }) {
  const state = link.connected ? 'connected' : link.since ? 'disconnected' : 'connecting'
  const t = useT()
  const stateText = {
    connected: m.mqttConnected,
    connecting: m.mqttConnecting,
    disconnected: m.mqttDisconnected,
  }
  return (
    <p className="hub-line">
      <span className={`hub-dot ${DOT[state]}`} aria-hidden="true" />
      <span>
        {t(stateText[state])}
        <span className="muted">
          {' '}
          · {link.broker} · {t(m.hubId, { id: link.hubId })}
        </span>
      </span>
    </p>
  )
}

export function MqttNotice({ link }: { link: MqttLink }) {
  const since = downSince(link)
  const t = useT()
  if (since === null) return null
  return (
    <div className="banner banner-warning mqtt-notice" role="status">
      <AlertIcon />
      <div className="mqtt-notice-text">
        <p>
          <strong>{t(m.mqttDownStrong)}</strong> {t(m.mqttDownSince)} <HubTime at={since} />
          {t(m.mqttDownRest)}
        </p>
        {link.error && (
          <details>
            <summary>{t(m.details)}</summary>
            <code>{link.error}</code>
          </details>
        )}
      </div>
    </div>
  )
}
