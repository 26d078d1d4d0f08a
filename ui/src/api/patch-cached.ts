// Patching an answer already in SWR's cache, with what a push or a command's answer says. SWR
// drops a fetch's answer when its key is mutated while the fetch is in flight, so a patch then
// asks again (the fresh answer may hold more than the patch, such as a blind's shading), and a
// query still loading is left alone, so that its first answer is never dropped.
import { useCallback } from 'react'
import { unstable_serialize, useSWRConfig } from 'swr'
import type { QueryKey } from './operations'

export function usePatchCached() {
  const { mutate, cache } = useSWRConfig()
  return useCallback(
    <T>(key: QueryKey, patch: (data: T) => T) => {
      const state = cache.get(unstable_serialize(key))
      if (state?.data === undefined) return
      void mutate<T>(key, (data) => (data === undefined ? data : patch(data)), {
        revalidate: state.isValidating === true,
      })
    },
    [mutate, cache],
  )
}
