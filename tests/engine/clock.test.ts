// A Pi without a battery-backed clock that boots during an internet outage has a wrong time.
// While timesyncd has not set the clock, no schedule fires, hubStatus and /healthz say so;
// once it is set, the schedules start again and what fell due meanwhile is accounted for.
import { afterEach, describe, expect, it } from 'vitest'
import { startHub, type TestHub } from '../helpers/hub'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

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
    t = await startHub({ ntpSynchronized: () => synchronized, clockCheckMs: 50 })
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
    await sleep(2500)
    const none = await hub.gql<{ automationRuns: unknown[] }>(RUNS, { id }, hub.adminToken)
    expect(none.data?.automationRuns).toEqual([])

    synchronized = true
    await expect
      .poll(async () => {
        const res = await hub.gql<{ automation: { nextRunAt: string | null } }>(
          AUTOMATION,
          { id },
          hub.adminToken,
        )
        return res.data?.automation.nextRunAt ?? null
      })
      .not.toBeNull()
    await expect
      .poll(
        async () => {
          const res = await hub.gql<{ automationRuns: { source: string; status: string }[] }>(
            RUNS,
            { id },
            hub.adminToken,
          )
          return res.data!.automationRuns.some((r) => r.status === 'SUCCEEDED')
        },
        { timeout: 5000 },
      )
      .toBe(true)
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
    t = await startHub({ ntpSynchronized: () => synchronized, clockCheckMs: 50 })
    const hub = t
    const { id, nextRunAt } = await everySecond(hub)
    expect(nextRunAt).not.toBeNull()
    synchronized = false
    await sleep(300)
    const res = await hub.gql<{ automation: { nextRunAt: string | null } }>(
      AUTOMATION,
      { id },
      hub.adminToken,
    )
    expect(res.data?.automation.nextRunAt).toBeNull()
    const before = await hub.gql<{ automationRuns: unknown[] }>(RUNS, { id }, hub.adminToken)
    await sleep(2000)
    const later = await hub.gql<{ automationRuns: unknown[] }>(RUNS, { id }, hub.adminToken)
    expect(later.data?.automationRuns).toHaveLength(before.data!.automationRuns.length)
  })

  it('arms no schedule once the engine has stopped, though the clock is set while the hub winds down', async () => {
    let synchronized = false
    t = await startHub({ ntpSynchronized: () => synchronized, clockCheckMs: 50 })
    const hub = t
    await everySecond(hub)
    // The engine stops before the clock does (hub/app.ts stops modules in reverse).
    await hub.hub.engine.stop()
    synchronized = true
    await sleep(300)
    expect(hub.hub.engine.scheduler.active).toBe(false)
  })
})
