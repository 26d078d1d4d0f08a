// For the automation pages' component tests: a stubbed /graphql that answers each operation
// from a table and records what was sent, and a render inside the app's providers at a path.
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { SWRConfig } from 'swr'
import { vi } from 'vitest'
import { Route, Router, Switch } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { fetchKey, type QueryKey } from '../../api/operations'
import type { Automation, AutomationRun, Blind, HubStatus } from '../../api/types'
import { RouteErrorBoundary } from '../../shell/route-error'
import { ToastProvider } from '../../shell/toast'
import AutomationEditPage from './AutomationEditPage'
import AutomationListPage from './AutomationListPage'

export interface SentOperation {
  operationName: string
  variables: Record<string, unknown>
}

/** An answer with a GraphQL error, as the hub sends it. */
export class HubErrorAnswer {
  constructor(
    readonly message: string,
    readonly code: number,
    readonly field?: string,
  ) {}
}

type Answer = unknown | ((variables: Record<string, unknown>) => unknown)

export const LIVING_ROOM: Blind = {
  id: 'b-living',
  name: 'Living room',
  blindAddressUp: '1:0',
  blindAddressDown: '1:1',
  travelTimeMs: 30000,
  isFavorite: false,
  motion: 'IDLE',
}
export const KITCHEN: Blind = {
  ...LIVING_ROOM,
  id: 'b-kitchen',
  name: 'Kitchen',
  blindAddressUp: '1:2',
  blindAddressDown: '1:3',
}

export const HUB_STATUS: HubStatus = {
  version: '0.1.0',
  uptimeSeconds: 60,
  now: '2025-03-12T08:00:00.000Z',
  timeZone: 'Europe/Berlin',
  clockSynchronized: true,
  locationConfigured: true,
  bus: { online: true, path: 'emulator', error: null },
}

export function run(overrides: Partial<AutomationRun> = {}): AutomationRun {
  return {
    id: 'run-1',
    automationId: 'a-morning',
    status: 'SUCCEEDED',
    source: 'manual',
    startedAt: '2025-03-12T06:00:00.000Z',
    finishedAt: '2025-03-12T06:00:31.500Z',
    sceneIndex: 1,
    error: null,
    ...overrides,
  }
}

export function automation(overrides: Partial<Automation> = {}): Automation {
  return {
    id: 'a-morning',
    name: 'Morning',
    isFavorite: false,
    trigger: { type: 'CRON', cron: '0 7 * * 1-5', sunEvent: null, offsetMinutes: 0, enabled: true },
    scene: [
      {
        id: 's-1',
        name: 'Open',
        type: 'BLIND_CONTROL',
        index: 0,
        duration: 30000,
        blindAddresses: ['1:0'],
      },
      { id: 's-2', name: 'Wait', type: 'DELAY', index: 1, duration: 1500, blindAddresses: [] },
    ],
    nextRunAt: '2025-03-13T06:00:00.000Z',
    lastRun: null,
    ...overrides,
  }
}

/** Stubs fetch with answers by operation name; returns what was sent. */
export function stubHub(answers: Record<string, Answer> = {}) {
  const sent: SentOperation[] = []
  const table: Record<string, Answer> = {
    blindList: [LIVING_ROOM, KITCHEN],
    hubStatus: HUB_STATUS,
    automationList: [],
    automationRuns: [],
    automation: null,
    ...answers,
  }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const request = JSON.parse(String(init.body)) as SentOperation
      sent.push(request)
      const answer = table[request.operationName]
      const value: unknown = await (typeof answer === 'function'
        ? answer(request.variables)
        : answer)
      const body =
        value instanceof HubErrorAnswer
          ? {
              data: null,
              errors: [
                { message: value.message, extensions: { code: value.code, field: value.field } },
              ],
            }
          : answer === undefined
            ? { data: null, errors: [{ message: `No answer for ${request.operationName}` }] }
            : { data: { [request.operationName]: value } }
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      })
    }),
  )
  return {
    sent,
    /** The variables of each `operationName` sent, in order. */
    variablesOf: (operationName: string) =>
      sent.filter((s) => s.operationName === operationName).map((s) => s.variables),
  }
}

/** Renders the automation routes at `path`, inside the providers the app gives them. */
export function renderAutomationPages(path: string, children?: ReactNode) {
  const location = memoryLocation({ path, record: true })
  const view = render(
    <SWRConfig
      value={{
        provider: () => new Map(),
        fetcher: (key: QueryKey) => fetchKey(key),
        dedupingInterval: 0,
      }}
    >
      <ToastProvider>
        <Router hook={location.hook}>
          <RouteErrorBoundary>
            <Switch>
              <Route path="/automation" component={AutomationListPage} />
              <Route path="/automation/create" component={AutomationEditPage} />
              <Route path="/automation/:id" component={AutomationEditPage} />
            </Switch>
          </RouteErrorBoundary>
          {children}
        </Router>
      </ToastProvider>
    </SWRConfig>,
  )
  return { ...view, location }
}

/** The error text tied to a control through aria-describedby, if any. */
export function fieldError(control: HTMLElement): string | null {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? []
  const error = ids
    .map((id) => document.getElementById(id))
    .find((el) => el?.classList.contains('field-error'))
  return error?.textContent ?? null
}
