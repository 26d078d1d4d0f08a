// The inverter cannot be read: since when (the hub's time zone), and the hub's one-line reason.
import type { PvStatus } from '../../api/types'
import { AlertIcon } from '../../shell/icons'
import { HubTime } from '../../time/HubTime'

export function PvOffline({ pv }: { pv: PvStatus }) {
  return (
    <div className="banner banner-error pv-offline" role="status">
      <AlertIcon />
      <div className="pv-offline-text">
        <p>
          <strong>
            {pv.offlineSince ? (
              <>
                Not reachable since <HubTime at={pv.offlineSince} />
              </>
            ) : (
              'Not reachable since the hub started'
            )}
          </strong>
        </p>
        {pv.error && <code className="pv-error">{pv.error}</code>}
        <p className="pv-offline-hint">
          The hub keeps trying every 10 seconds. Check that the inverter is on and on the network.
        </p>
      </div>
    </div>
  )
}
