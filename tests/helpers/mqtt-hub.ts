// The MQTT settings a test hub gets: a broker on 127.0.0.1, its own hub id, discovery on.
import type { MqttSettings } from '../../hub/mqtt/settings'

export function mqttConfig(
  url: string,
  hubId: string,
  extra: Partial<MqttSettings> = {},
): MqttSettings {
  return {
    url,
    username: undefined,
    password: undefined,
    prefix: 'lamella',
    hubId,
    discoveryPrefix: 'homeassistant',
    ...extra,
  }
}
