// The last days' energy for the bars: the hub's answer, with today's bar the live "Energy
// today" (each `pv:sample` patches it into the inverter's status), so the bars and the best day
// follow the inverter while the page is open. Once the day turns, the days are asked for again.
import { useEffect, useMemo } from 'react'
import { usePvEnergy } from '../../api/hooks'
import type { ApiError } from '../../api/client'
import type { PvDay } from '../../api/types'
import { dayOf } from '../../time/hub-day'
import { useNow } from '../../time/use-now'
import { withTodayEnergy } from './chart-data'
import { useChartTimeZone } from './today-curve'

export interface EnergyDays {
  /** Oldest first, the last today; undefined while loading. */
  days: readonly PvDay[] | undefined
  error: ApiError | undefined
}

export function useEnergyDays(count: number, todayWh: number | null): EnergyDays {
  const { timeZone, known: zoneKnown } = useChartTimeZone()
  const now = useNow(30_000)
  const today = zoneKnown ? dayOf(now, timeZone) : null
  const { data, error, mutate } = usePvEnergy(count)
  const lastDay = data?.[data.length - 1]?.day

  useEffect(() => {
    if (today !== null && lastDay !== undefined && lastDay < today) void mutate()
  }, [today, lastDay, mutate])

  const days = useMemo(
    () => (data ? withTodayEnergy(data, today, todayWh) : undefined),
    [data, today, todayWh],
  )
  return { days, error }
}
