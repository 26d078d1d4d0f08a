// A stand-in hub for component tests: `fetch` answers GraphQL requests by operation name with
// JSON bodies like the hub's, and every request is recorded, so a test can say both what the
// user sees and what was (or was not) sent.
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { SWRConfig } from 'swr'
import { vi } from 'vitest'
import { fetchKey } from '../api/operations'
import { ToastProvider } from '../shell/toast'

export interface SentRequest {
  operationName: string
  variables: Record<string, unknown>
}

/** A GraphQL error as the hub sends it, with its numeric code and the field it is about. */
export class HubErrorAnswer {
  constructor(
    readonly message: string,
    readonly code: number,
    readonly field?: string,
  ) {}
}

/** The data for an operation (or a HubErrorAnswer), or a function of the variables giving it, maybe later. */
export type Answer = unknown | ((variables: Record<string, unknown>) => unknown)

/** Replaces `fetch`; returns the list that every request sent is appended to. */
export function stubHub(answers: Record<string, Answer>): SentRequest[] {
  const sent: SentRequest[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const request = JSON.parse(String(init.body)) as SentRequest
      sent.push(request)
      if (!(request.operationName in answers)) {
        throw new Error(`The stub hub has no answer for ${request.operationName}`)
      }
      const answer = answers[request.operationName]
      const data: unknown = await (typeof answer === 'function'
        ? answer(request.variables)
        : answer)
      const body =
        data instanceof HubErrorAnswer
          ? {
              data: null,
              errors: [
                { message: data.message, extensions: { code: data.code, field: data.field } },
              ],
            }
          : { data: { [request.operationName]: data } }
      return {
        ok: true,
        status: 200,
        statusText: 'OK',
        json: async () => body,
      } as Response
    }),
  )
  return sent
}

/** Renders with a fresh SWR cache fetching from the (stubbed) hub, and the toast. */
export function renderWithHub(ui: ReactNode) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: fetchKey, dedupingInterval: 0 }}>
      <ToastProvider>{ui}</ToastProvider>
    </SWRConfig>,
  )
}
