// The client cache of one login (spec section 4): made when the logged-in app mounts after a
// login, dropped with it at logout, so the next user never sees the last one's data.
import type { ReactNode } from 'react'
import { SWRConfig } from 'swr'
import { fetchKey, type QueryKey } from '../api/operations'

export function SessionCache({ children }: { children: ReactNode }) {
  return (
    <SWRConfig
      value={{
        provider: () => new Map(),
        fetcher: (key: QueryKey) => fetchKey(key),
        // A failed revalidation keeps what is shown; the error is in the hook's `error`.
        shouldRetryOnError: (err: { code?: number }) => err?.code === 0 || err?.code === 503,
        errorRetryCount: 5,
      }}
    >
      {children}
    </SWRConfig>
  )
}
