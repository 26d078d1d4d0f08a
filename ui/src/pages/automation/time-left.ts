// How long a running automation has to go: its scenes' durations from the run's start, as the
// hub times them (steps against absolute deadlines, so the sum is the run's length). The
// hook re-renders once a second while a run is under way, so the figure counts down.
import { useEffect, useState } from 'react'
import { formatDuration } from './time-format'

/** Milliseconds until a run started at `startedAt` ends, never below 0. */
export function timeLeftMs(
  startedAt: string,
  scenes: readonly { duration: number }[],
  now: number,
) {
  const total = scenes.reduce((sum, scene) => sum + scene.duration, 0)
  return Math.max(0, Date.parse(startedAt) + total - now)
}

/** "1 h 5 min left", "12 min left", "40 s left", "ending"; minutes rounded up. */
export function formatTimeLeft(ms: number): string {
  if (ms <= 0) return 'ending'
  if (ms < 60_000) return `${Math.ceil(ms / 1000)} s left`
  return `${formatDuration(Math.ceil(ms / 60_000) * 60_000)} left`
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
