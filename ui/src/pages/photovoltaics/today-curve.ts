// Today's power curve: the hub's 1-minute samples from local midnight (the hub's time zone),
// then each live `pv:sample` pushed since, so the curve grows while the page is open. A new
// day starts a new curve.
import { useMemo, useState } from 'react'
import { useHubStatus, usePvHistory } from '../../api/hooks'
import type { ApiError } from '../../api/client'
import type { PvSample } from '../../api/types'
import { useHubEvent } from '../../realtime/realtime'
import { browserTimeZone } from '../../time/HubTime'
import { todayRange } from '../../time/hub-day'
import { useNow } from '../../time/use-now'

export interface TodayCurve {
  /** Today as [midnight, next midnight), ISO-8601; null until the hub's zone is known. */
  range: { from: string; to: string } | null
  timeZone: string | undefined
  /** Now, re-read every 30 s: where the curve ends. */
  now: number
  /** Oldest first; a null power is a gap (the inverter could not be read). */
  samples: PvSample[]
  loading: boolean
  error: ApiError | undefined
}

/** The zone the charts' days are in: the hub's; once its status cannot be had, the browser's. */
export function useChartTimeZone(): { timeZone: string | undefined; known: boolean } {
  const status = useHubStatus()
  // Without the hub's status the browser's zone is the best guess left.
  const timeZone = status.data?.timeZone ?? (status.error ? browserTimeZone() : undefined)
  return { timeZone, known: status.data !== undefined || status.error !== undefined }
}

export function useTodayCurve(): TodayCurve {
  const { timeZone, known: zoneKnown } = useChartTimeZone()
  const now = useNow(30_000)
  const range = zoneKnown ? todayRange(now, timeZone) : null
  const history = usePvHistory(range)
  const [live, setLive] = useState<{ from: string; samples: PvSample[] }>({
    from: '',
    samples: [],
  })

  useHubEvent('pv:sample', ({ at, online, powerW, dcPowerW }) => {
    const t = Date.parse(at)
    if (!range || t < Date.parse(range.from) || t >= Date.parse(range.to)) return
    const sample = { at, powerW: online ? powerW : null, dcPowerW: online ? dcPowerW : null }
    setLive((prev) =>
      prev.from === range.from
        ? { from: prev.from, samples: [...prev.samples, sample] }
        : { from: range.from, samples: [sample] },
    )
  })

  const samples = useMemo(() => {
    const stored = history.data ?? []
    const lastStored = Date.parse(stored[stored.length - 1]?.at ?? '') || 0
    const pushed =
      live.from === range?.from ? live.samples.filter((s) => Date.parse(s.at) > lastStored) : []
    return [...stored, ...pushed]
  }, [history.data, live, range?.from])
  return {
    range,
    timeZone,
    now: now.getTime(),
    samples,
    loading: range === null || (history.data === undefined && history.error === undefined),
    error: history.error,
  }
}
