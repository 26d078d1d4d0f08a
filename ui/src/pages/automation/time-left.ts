// How long a running automation has to go: until the end the hub expects (estimated at each
// step from where the blinds are and their travel times), or, where the hub gave none, its
// scenes' durations from the run's start (a POSITION scene's is a full run, the most it can
// take). The hook re-renders once a second while a run is under way, so the figure counts down.
import { useEffect, useState } from 'react'
import { translateNow } from '../../i18n/intl-locale'
import { timeLeftMessages as m } from './automation.messages'
import { formatDuration } from './time-format'

/** Milliseconds until a run ends, never below 0. */
export function timeLeftMs(
  run: { startedAt: string; estimatedEndAt?: string | null },
  scenes: readonly { duration: number }[],
  now: number,
) {
  if (run.estimatedEndAt) return Math.max(0, Date.parse(run.estimatedEndAt) - now)
  const total = scenes.reduce((sum, scene) => sum + scene.duration, 0)
  return Math.max(0, Date.parse(run.startedAt) + total - now)
}

/** "1 h 5 min left", "12 min left", "40 s left", "ending"; minutes rounded up. */
export function formatTimeLeft(ms: number): string {
  const { t } = translateNow()
  if (ms <= 0) return t(m.ending)
  if (ms < 60_000) return t(m.secondsLeft, { seconds: Math.ceil(ms / 1000) })
  return t(m.left, { duration: formatDuration(Math.ceil(ms / 60_000) * 60_000) })
}

/** The clock, ticking every second while `ticking`. */
export function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!ticking) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [ticking])
  return now
}
