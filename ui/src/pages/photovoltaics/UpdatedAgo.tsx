// "Updated 12 s ago" (or "Last read 2 h ago" while the inverter cannot be read), ticking every
// second on its own, so the rest of the page stays still.
import { useHubTimeZone } from '../../time/HubTime'
import { useNow } from '../../time/use-now'
import { formatFullDate } from '../automation/time-format'
import { formatAgo } from './pv-format'

export function UpdatedAgo({ at, online }: { at: string | null; online: boolean }) {
  const now = useNow(1000)
  const timeZone = useHubTimeZone()
  if (!at) return <span>Not read yet</span>
  return (
    <time dateTime={at} title={formatFullDate(at, timeZone)}>
      {online ? 'Updated' : 'Last read'} {formatAgo(now.getTime() - Date.parse(at))}
    </time>
  )
}
