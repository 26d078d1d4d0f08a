// Every time the UI shows is in the hub's time zone, where schedules run: a browser elsewhere
// (a phone abroad, a laptop set to UTC) would otherwise show "Next run 06:00" beside
// "At 07:00". A small note says so where the browser's own zone differs.
import { timeMessages } from './time.messages'
import { useI18n, useT } from '../i18n/I18nProvider'
import { useHubStatus } from '../api/hooks'
import { formatFullDate, formatWhen } from '../pages/automation/time-format'

/** The hub's time zone once known; until then the browser's. */
export function useHubTimeZone(): string | undefined {
  return useHubStatus().data?.timeZone
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone
}

/** "Tomorrow 07:00" in the hub's zone, with the full date and zone on hover. */
export function HubTime({ at }: { at: string }) {
  const timeZone = useHubTimeZone()
  // Read so a language switch re-renders the time in the new language.
  useI18n()
  return (
    <time dateTime={at} title={formatFullDate(at, timeZone)}>
      {formatWhen(at, new Date(), timeZone)}
    </time>
  )
}

/** "Times in Europe/Berlin", only when this browser's zone is another. */
export function TimeZoneNote() {
  const timeZone = useHubTimeZone()
  const t = useT()
  if (!timeZone || timeZone === browserTimeZone()) return null
  return <p className="time-zone-note muted">{t(timeMessages.zoneNote, { timeZone })}</p>
}
