// The inverter cannot be read: since when (the hub's time zone), and the hub's one-line reason.
import type { PvStatus } from '../../api/types'
import { AlertIcon } from '../../shell/icons'
import { HubTime } from '../../time/HubTime'
import { useT } from '../../i18n/I18nProvider'
import { pvMessages as m } from './pv.messages'

export function PvOffline({ pv }: { pv: PvStatus }) {
  const t = useT()
  return (
    <div className="banner banner-error pv-offline" role="status">
      <AlertIcon />
      <div className="pv-offline-text">
        <p>
          <strong>
            {pv.offlineSince ? (
              <>
                {t(m.offlineSince)} <HubTime at={pv.offlineSince} />
              </>
            ) : (
              t(m.offlineSinceStart)
            )}
          </strong>
        </p>
        {pv.error && <code className="pv-error">{pv.error}</code>}
        <p className="pv-offline-hint">{t(m.offlineHint)}</p>
      </div>
    </div>
  )
}
