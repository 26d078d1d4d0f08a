// A Pi without a battery-backed clock that boots during an internet outage has a wrong time.
// While timesyncd has not set the clock, no schedule fires, hubStatus and /healthz say so;
// once it is set, the schedules start again and what fell due meanwhile is accounted for.
// Time is a test clock (hub/clock/test-clock.ts): the seconds a schedule waits are the test's.
import { afterEach, describe, expect, it } from 'vitest'
import { TestClock } from '../../hub/clock/test-clock'
import { startHub, type TestHub } from '../helpers/hub'

const CREATE = `mutation($input: AutomationInput!) {
  automationCreate(input: $input) { id nextRunAt } }`
const AUTOMATION = 'query($id: ID!) { automation(id: $id) { nextRunAt } }'
const RUNS = `query($id: ID) { automationRuns(automationId: $id) { source status error } }`
const STATUS = '{ hubStatus { clockSynchronized } }'

let t: TestHub | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

async function everySecond(hub: TestHub): Promise<{ id: string; nextRunAt: string | null }> {
  const res = await hub.gql<{ automationCreate: { id: string; nextRunAt: string | null } }>(
    CREATE,
    {
      input: {
        name: 'Every second',
        trigger: { type: 'CRON', cron: '* * * * * *' },
        scene: [{ name: 'Pause', type: 'DELAY', duration: 100 }],
      },
    },
    hub.adminToken,
  )
  expect(res.errors).toBeUndefined()
  return res.data!.automationCreate
}

describe('schedules and an unsynchronised clock', () => {
  it('fires nothing while timesyncd has not set the clock, and starts once it has', async () => {
    let synchronized = false
    const clock = new TestClock()
    t = await startHub({ ntpSynchronized: () => synchronized, clockCheckMs: 50, clock })
    const hub = t

    const status = await hub.gql<{ hubStatus: { clockSynchronized: boolean | null } }>(
      STATUS,
      {},
      hub.adminToken,
    )
    expect(status.data?.hubStatus.clockSynchronized).toBe(false)
    const health = (await (await fetch(`${hub.url}/healthz`)).json()) as Record<string, unknown>
    expect(health).toMatchObject({ status: 'degraded', clock: 'unsynchronized' })

    const { id, nextRunAt } = await everySecond(hub)
    expect(nextRunAt).toBeNull()
    await clock.advance(2500)
    const none = await hub.gql<{ automationRuns: unknown[] }>(RUNS, { id }, hub.adminToken)
    expect(none.data?.automationRuns).toEqual([])

    synchronized = true
    // The next check (50 ms on) finds the clock set and arms the schedule.
    await clock.advance(100)
    const armed = await hub.gql<{ automation: { nextRunAt: string | null } }>(
      AUTOMATION,
      { id },
      hub.adminToken,
    )
    expect(armed.data?.automation.nextRunAt).not.toBeNull()
    // Within the next second it fires, and its 100 ms pause ends.
    await clock.advance(1200)
    const runs = await hub.gql<{ automationRuns: { source: string; status: string }[] }>(
      RUNS,
      { id },
      hub.adminToken,
    )
    expect(runs.data!.automationRuns.map((r) => r.status)).toContain('SUCCEEDED')
    const after = await hub.gql<{ hubStatus: { clockSynchronized: boolean | null } }>(
      STATUS,
      {},
      hub.adminToken,
    )
    expect(after.data?.hubStatus.clockSynchronized).toBe(true)
    const healthy = (await (await fetch(`${hub.url}/healthz`)).json()) as Record<string, unknown>
    expect(healthy).toMatchObject({ status: 'ok', clock: 'synchronized' })
  })

  it('pauses running schedules when the clock is found wrong again', async () => {
    let synchronized: boolean | null = null
    const clock = new TestClock()
    t = await startHub({ ntpSynchronized: () => synchronized, clockCheckMs: 50, clock })
    const hub = t
    const { id, nextRunAt } = await everySecond(hub)
    expect(nextRunAt).not.toBeNull()
    synchronized = false
    await clock.advance(100)
    const res = await hub.gql<{ automation: { nextRunAt: string | null } }>(
      AUTOMATION,
      { id },
      hub.adminToken,
    )
    expect(res.data?.automation.nextRunAt).toBeNull()
    const before = await hub.gql<{ automationRuns: unknown[] }>(RUNS, { id }, hub.adminToken)
    await clock.advance(2000)
    const later = await hub.gql<{ automationRuns: unknown[] }>(RUNS, { id }, hub.adminToken)
    expect(later.data?.automationRuns).toHaveLength(before.data!.automationRuns.length)
  })

  it('arms no schedule once the engine has stopped, though the clock is set while the hub winds down', async () => {
    let synchronized = false
    const clock = new TestClock()
    t = await startHub({ ntpSynchronized: () => synchronized, clockCheckMs: 50, clock })
    const hub = t
    await everySecond(hub)
    // The engine stops before the clock does (hub/app.ts stops modules in reverse).
    await hub.hub.engine.stop()
    synchronized = true
    await clock.advance(300)
    expect(hub.hub.engine.scheduler.active).toBe(false)
  })
})
