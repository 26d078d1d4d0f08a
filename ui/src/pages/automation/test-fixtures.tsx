// For the automation pages' component tests: their data, the stub hub answering what every
// automation page asks for, and the automation routes as the app has them.
import { screen } from '@testing-library/react'
import { Route, Switch } from 'wouter'
import type { Automation, AutomationRun, Blind, HubStatus } from '../../api/types'
import { RouteErrorBoundary } from '../../shell/route-error'
import { testBlind } from '../../test-support/blinds'
import { stubHub, type Answer } from '../../test-support/hub-stub'
import AutomationEditPage from './AutomationEditPage'
import AutomationListPage from './AutomationListPage'

// Ids are UUIDs, as a position scene's blindIds must be.
export const LIVING_ROOM: Blind = testBlind({
  id: '0b1d7a52-6c1e-4f6a-9d3c-7a1e5b2c4d01',
  name: 'Living room',
  blindAddressUp: '1:0',
  blindAddressDown: '1:1',
  travelTimeMs: 30000,
  travelTimeUpMs: 30000,
  travelTimeDownMs: 30000,
})
export const KITCHEN: Blind = {
  ...LIVING_ROOM,
  id: '0b1d7a52-6c1e-4f6a-9d3c-7a1e5b2c4d02',
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
  bus: { online: true, path: 'emulator', error: null, strayFrames: 0 },
  pulseMode: 'DEVICE',
  hubTimedPulseUnits: [],
  mqtt: null,
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
    estimatedEndAt: null,
    skipped: [],
    ...overrides,
  }
}

/** A scene's position fields when it is no POSITION scene. */
export const NOT_POSITION = { blindIds: [], position: null, tilt: null }

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
        ...NOT_POSITION,
      },
      {
        id: 's-2',
        name: 'Wait',
        type: 'DELAY',
        index: 1,
        duration: 1500,
        blindAddresses: [],
        ...NOT_POSITION,
      },
    ],
    nextRunAt: '2025-03-13T06:00:00.000Z',
    wouldRunAt: '2025-03-13T06:00:00.000Z',
    schedulePause: null,
    lastRun: null,
    ...overrides,
  }
}

/** stubHub, with two blinds, a healthy hub and no automations unless told otherwise. */
export function stubAutomationHub(answers: Record<string, Answer> = {}) {
  return stubHub({
    blindList: [LIVING_ROOM, KITCHEN],
    hubStatus: HUB_STATUS,
    automationList: [],
    automationRuns: [],
    automation: null,
    ...answers,
  })
}

/** The automation routes, for renderWithHub(<AutomationRoutes />, { path }). */
export function AutomationRoutes() {
  return (
    <RouteErrorBoundary>
      <Switch>
        <Route path="/automation" component={AutomationListPage} />
        <Route path="/automation/create" component={AutomationEditPage} />
        <Route path="/automation/:id" component={AutomationEditPage} />
      </Switch>
    </RouteErrorBoundary>
  )
}

/** The editor's scene `n`, counted from 1. */
export const scene = (n: number) => screen.getByRole('group', { name: `Scene ${n}` })
