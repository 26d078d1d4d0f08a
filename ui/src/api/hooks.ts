// Typed SWR hooks, one per query. The fetcher is set once in the session's SWRConfig.
import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr'
import { keys, type QueryKey } from './operations'
import type { ApiError } from './client'
import type {
  Automation,
  AutomationRun,
  AutomationSummary,
  Blind,
  BlindUsage,
  Holiday,
  HouseLocation,
  HubStatus,
  PvDay,
  PvSample,
  PvStatus,
  ShadingMove,
  User,
} from './types'

function useQuery<T>(
  key: QueryKey | null,
  options?: SWRConfiguration<T, ApiError>,
): SWRResponse<T, ApiError> {
  return useSWR<T, ApiError>(key, options)
}

export const useWhoAmI = () => useQuery<User>(keys.whoAmI)
export const useBlindList = () => useQuery<Blind[]>(keys.blindList)
export const useBlindUsage = (id: string) => useQuery<BlindUsage | null>(keys.blindUsage(id))
export const useAutomationList = () => useQuery<AutomationSummary[]>(keys.automationList)
export const useAutomation = (id: string | null) =>
  useQuery<Automation | null>(id ? keys.automation(id) : null)
export const useAutomationRuns = (automationId: string | null) =>
  useQuery<AutomationRun[]>(automationId ? keys.automationRuns(automationId) : null)
export const useUserList = () => useQuery<User[]>(keys.userList)
/** Asked again every 30 s: the clock's state has no push of its own. */
export const HUB_STATUS_REFRESH_MS = 30_000
export const useHubStatus = () =>
  useQuery<HubStatus>(keys.hubStatus, { refreshInterval: HUB_STATUS_REFRESH_MS })
/** Kept live by `pv:sample` pushes (LiveUpdates); asked again every minute in case one is missed. */
export const PV_REFRESH_MS = 60_000
export const usePv = () => useQuery<PvStatus>(keys.pv, { refreshInterval: PV_REFRESH_MS })
/** Admins only: LAMELLA_PV as the hub reads it; null for others and while PV is off. */
export const usePvAddress = () => useQuery<string | null>(keys.pvAddress)
/** `range` null: not asked yet (the hub's time zone is not known). */
export const usePvHistory = (range: { from: string; to: string } | null) =>
  useQuery<PvSample[]>(range ? keys.pvHistory(range.from, range.to) : null)
export const usePvEnergy = (days: number) => useQuery<PvDay[]>(keys.pvEnergy(days))
/** Asked again every minute while shown: shading moves blinds on its own. */
export const SHADING_MOVES_REFRESH_MS = 60_000
export const useShadingMoves = (blindId: string | null) =>
  useQuery<ShadingMove[]>(blindId ? keys.shadingMoves(blindId) : null, {
    refreshInterval: SHADING_MOVES_REFRESH_MS,
  })
/** Kept fresh by `data:changed` 'holiday'. */
export const useHoliday = () => useQuery<Holiday>(keys.holiday)
/** Admins only (403 otherwise); kept fresh by `data:changed` 'location'. */
export const useHouseLocation = () => useQuery<HouseLocation>(keys.houseLocation)
