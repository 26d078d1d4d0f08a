// A locked blind, on its card and in its dialog: a padlock (a snowflake for frost) and short
// words ("Locked: wind alarm", "Held: frost"), with the hub's full reason (the value, the limit
// and when it may lift) as its accessible description and tooltip.
import { useId } from 'react'
import type { WeatherLock } from '../api/weather-types'
import { useI18n } from '../i18n/I18nProvider'
import { FrostIcon, LockIcon } from '../shell/icons'
import { useHubTimeZone } from '../time/HubTime'
import { lockReason, lockWords } from './weather-words'
import './weather.css'

export function WeatherLockChip({ lock, full = false }: { lock: WeatherLock; full?: boolean }) {
  const reasonId = useId()
  const { t, language } = useI18n()
  const timeZone = useHubTimeZone()
  const reason = lockReason(lock, t, language, timeZone)
  return (
    <span className="weather-lock-line">
      <span
        className={`chip weather-lock weather-lock-${lock.kind.toLowerCase()}`}
        title={reason}
        aria-describedby={full ? undefined : reasonId}
      >
        {lock.kind === 'FROST' ? <FrostIcon /> : <LockIcon />}
        <span>{lockWords(lock, t)}</span>
      </span>
      {full ? (
        <span className="weather-lock-reason">{reason}</span>
      ) : (
        <span id={reasonId} hidden>
          {reason}
        </span>
      )}
    </span>
  )
}
