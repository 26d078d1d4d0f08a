// "Updated 12 s ago" (or "Last read 2 h ago" while the inverter cannot be read), ticking every
// second on its own, so the rest of the page stays still.
import { useHubTimeZone } from '../../time/HubTime'
import { useNow } from '../../time/use-now'
import { formatFullDate } from '../automation/time-format'
import { useT } from '../../i18n/I18nProvider'
import { formatAgo } from './pv-format'
import { pvMessages as m } from './pv.messages'

export function UpdatedAgo({ at, online }: { at: string | null; online: boolean }) {
  const now = useNow(1000)
  const timeZone = useHubTimeZone()
  const t = useT()
  if (!at) return <span>{t(m.notReadYet)}</span>
  return (
    <time dateTime={at} title={formatFullDate(at, timeZone)}>
      {t(online ? m.updatedAgo : m.lastReadAgo, {
        ago: formatAgo(now.getTime() - Date.parse(at), t),
      })}
    </time>
  )
}
