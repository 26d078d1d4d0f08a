// A stand-in hub for component tests: `fetch` answers GraphQL requests by operation name with
// JSON bodies like the hub's, and every request is recorded, so a test can say both what the
// user sees and what was (or was not) sent.
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { SWRConfig } from 'swr'
import { afterEach, beforeEach, vi } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { fetchKey } from '../api/operations'
import { BlindMotionProvider } from '../position/blind-motion'
import { LiveUpdates } from '../realtime/LiveUpdates'
import { RealtimeContext } from '../realtime/realtime'
import { ToastProvider } from '../shell/toast'
import { fakeHubSocket } from './hub-socket'

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

export interface StubbedHub {
  /** Every request sent, in order. */
  sent: SentRequest[]
  /** The variables of each `operationName` sent, in order. */
  variablesOf: (operationName: string) => Record<string, unknown>[]
}

/** Replaces `fetch`. An operation without an answer gets a GraphQL error saying so. */
export function stubHub(answers: Record<string, Answer> = {}): StubbedHub {
  const sent: SentRequest[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const request = JSON.parse(String(init.body)) as SentRequest
      sent.push(request)
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
          : request.operationName in answers
            ? { data: { [request.operationName]: data } }
            : {
                data: null,
                errors: [{ message: `The stub hub has no answer for ${request.operationName}` }],
              }
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      })
    }),
  )
  return {
    sent,
    variablesOf: (operationName) =>
      sent.filter((s) => s.operationName === operationName).map((s) => s.variables),
  }
}

/**
 * Renders inside the providers the app gives its pages: a fresh SWR cache fetching from the
 * (stubbed) hub, the hub's pushes (`hub.push(name, payload)` sends one, and the app's
 * LiveUpdates applies it), the toast, and a router at `path` (`location` tells where it went
 * since).
 */
export function renderWithHub(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const location = memoryLocation({ path, record: true })
  const hub = fakeHubSocket()
  const view = render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: fetchKey, dedupingInterval: 0 }}>
      <RealtimeContext.Provider value={{ socket: hub.socket, connection: 'connected' }}>
        <LiveUpdates />
        <BlindMotionProvider>
          <ToastProvider>
            <Router hook={location.hook}>{ui}</Router>
          </ToastProvider>
        </BlindMotionProvider>
      </RealtimeContext.Provider>
    </SWRConfig>,
  )
  return { ...view, location, hub }
}

/**
 * Call at the top of a test file (or describe) using the stub: the API client's console.error
 * for each GraphQL error is muted, as the tests look at the page instead, and `fetch` and every
 * spy are restored after each test.
 */
export function setUpHubTests() {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })
}
