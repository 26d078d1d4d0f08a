// The hub's health at a glance: warnings when blinds cannot move (bus offline) or schedules
// are paused (clock not synchronised), and a small line with the bus state, always. The bus
// part follows `bus:status` pushes, which LiveUpdates patches into the cached status.
import { useHubStatus } from '../../api/hooks'
import { AlertIcon } from '../../shell/icons'

export function HubHealth() {
  const { data: status, error } = useHubStatus()
  if (!status) {
    return error ? (
      <p className="hub-line">
        <span className="hub-dot hub-dot-unknown" aria-hidden="true" />
        Hub status unavailable
      </p>
    ) : null
  }
  const { bus } = status
  return (
    <div className="hub-health">
      {!bus.online && (
        <p className="banner banner-warning" role="status">
          <AlertIcon />
          <span>
            The relay bus is offline: {bus.error ?? 'no answer from the relay boards'}. Blinds
            cannot move until it is back.
          </span>
        </p>
      )}
      {status.clockSynchronized === false && (
        <p className="banner banner-warning" role="status">
          <AlertIcon />
          <span>The hub's clock is not synchronised, so schedules are paused until it is.</span>
        </p>
      )}
      <p className="hub-line">
        <span
          className={`hub-dot ${bus.online ? 'hub-dot-online' : 'hub-dot-offline'}`}
          aria-hidden="true"
        />
        <span>
          Relay bus {bus.online ? 'online' : 'offline'}
          <span className="muted"> · {bus.path}</span>
        </span>
      </p>
    </div>
  )
}
