// What a person does to blinds: move them (one, a room's or the whole house's), take them to a
// position or a tilt, star one. The hub's answer carries each blind's new motion, target and
// position, and what shading does with them now (a person's command pauses it), which go into
// the cached list at once (the `blind:motion` push may come later); a refusal, such as 503
// while the bus is offline, goes to the toast.
import { useSWRConfig } from 'swr'
import { staleAfterChangeOf } from '../api/cache-keys'
import { keys, mutations } from '../api/operations'
import { usePatchCached } from '../api/patch-cached'
import type { Blind, Direction } from '../api/types'
import { errorMessage } from '../forms/field-errors'
import { useToast } from '../shell/toast'
import { useHubTimeZone } from '../time/HubTime'

type BlindPatch = Partial<Blind> & Pick<Blind, 'id'>

export function patchBlinds(list: Blind[] | undefined, changed: BlindPatch[]) {
  return list?.map((blind) => {
    const update = changed.find((c) => c.id === blind.id)
    return update ? { ...blind, ...update } : blind
  })
}

/** Where a command left the blinds, from the hub's answer: not their names or settings. */
function positionsOf(blinds: Blind[]): BlindPatch[] {
  return blinds.map(({ id, motion, position, tilt, target, endsAt, shading }) => ({
    id,
    motion,
    position,
    tilt,
    target,
    endsAt,
    shading,
  }))
}

/** Commands for any set of blinds; each resolves to whether the hub took it. */
export function useBlindCommands() {
  const patchCached = usePatchCached()
  const toast = useToast()
  const timeZone = useHubTimeZone()

  const apply = async (command: Promise<Blind[]>): Promise<boolean> => {
    try {
      const moved = positionsOf(await command)
      patchCached<Blind[]>(keys.blindList, (list) => patchBlinds(list, moved) ?? list)
      return true
    } catch (err) {
      toast(errorMessage(err, timeZone), 'error')
      return false
    }
  }

  return {
    move: (ids: string[], direction: Direction) => apply(mutations.blindMove(ids, direction)),
    /** A position and/or a tilt, 0-100 (100 = open). */
    setPosition: (ids: string[], target: { position?: number; tilt?: number }) =>
      apply(mutations.blindSetPosition(ids, target)),
  }
}

/** Stars or unstars a blind: the star turns at once and turns back if the hub refuses. */
export function useFavoriteToggle(blind: Blind) {
  const { mutate } = useSWRConfig()
  const toast = useToast()
  return async () => {
    const favorite = !blind.isFavorite
    const starred = (list: Blind[] | undefined) =>
      patchBlinds(list, [{ id: blind.id, isFavorite: favorite }])
    try {
      await mutate<Blind[], unknown>(
        keys.blindList,
        mutations.setFavoriteBlind(blind.id, favorite),
        {
          optimisticData: (list) => starred(list) ?? [],
          populateCache: (_, list) => starred(list) ?? [],
          rollbackOnError: true,
          revalidate: false,
        },
      )
      void mutate(staleAfterChangeOf('blind'))
    } catch (err) {
      toast(errorMessage(err), 'error')
    }
  }
}
