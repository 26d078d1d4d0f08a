// Schedules through the API, on real time: what nextRunAt says after creating and changing
// an automation, in the hub's time zone, and cron runs that really start and stop.
import { afterEach, describe, expect, it } from 'vitest'
import { TestClock } from '../../hub/clock/test-clock'
import { nextSunTrigger } from '../../hub/engine/sun'
import type { AutomationInput, TriggerInput } from '../../hub/validation/automation'
import { startHub, type TestHub } from '../helpers/hub'

interface Automation {
  id: string
  trigger: { type: string; cron: string | null; enabled: boolean }
  nextRunAt: string | null
}

interface Run {
  id: string
  automationId: string
  source: string
  status: string
  startedAt: string
  error: string | null
}

const AUTOMATION = 'id trigger { type cron enabled } nextRunAt'
const CREATE = `mutation($input: AutomationInput!) { automationCreate(input: $input) { ${AUTOMATION} } }`
const UPDATE = `mutation($id: ID!, $input: AutomationInput!) { automationUpdate(id: $id, input: $input) { ${AUTOMATION} } }`
const GET = `query($id: ID!) { automation(id: $id) { ${AUTOMATION} } }`
const DELETE = 'mutation($ids: [ID!]!) { automationDelete(ids: $ids) }'
const RUNS = `query($automationId: ID) { automationRuns(automationId: $automationId, limit: 100) {
  id automationId source status startedAt error } }`

const KOLKATA = 'Asia/Kolkata' // UTC+05:30 all year: a wall time no UTC hour can fake
const BERLIN_CENTRE = { lat: 52.52, lon: 13.405 }

const input = (name: string, trigger: TriggerInput): AutomationInput => ({
  name,
  trigger,
  scene: [{ name: 'Pause', type: 'DELAY', duration: 100 }],
})

/** How the wall clock of `timeZone` reads at `iso`: "06:15:00". */
function wallTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso))
}

let t: TestHub | undefined

afterEach(async () => {
  await t?.close()
  t = undefined
})

async function create(hub: TestHub, name: string, trigger: TriggerInput): Promise<Automation> {
  const res = await hub.gql<{ automationCreate: Automation }>(
    CREATE,
    { input: input(name, trigger) },
    hub.adminToken,
  )
  expect(res.errors).toBeUndefined()
  return res.data!.automationCreate
}

describe('nextRunAt through the API', () => {
  it("is the next time the cron matches on the hub's wall clock, in the future, right after automationCreate", async () => {
    t = await startHub({ config: { timeZone: KOLKATA } })
    const before = Date.now()
    const created = await create(t, 'Morning', { type: 'CRON', cron: '15 6 * * *' })
    expect(created.nextRunAt).not.toBeNull()
    const next = Date.parse(created.nextRunAt!)
    expect(next).toBeGreaterThan(before)
    expect(next - before).toBeLessThanOrEqual(24 * 3600_000)
    expect(wallTime(created.nextRunAt!, KOLKATA)).toBe('06:15:00')
    expect(wallTime(created.nextRunAt!, 'UTC')).toBe('00:45:00')
  })

  it('moves at once when automationUpdate gives another cron', async () => {
    t = await startHub({ config: { timeZone: KOLKATA } })
    const created = await create(t, 'Morning', { type: 'CRON', cron: '15 6 * * *' })
    const res = await t.gql<{ automationUpdate: Automation }>(
      UPDATE,
      { id: created.id, input: input('Morning', { type: 'CRON', cron: '40 21 * * 1-5' }) },
      t.adminToken,
    )
    expect(res.errors).toBeUndefined()
    const updated = res.data!.automationUpdate
    expect(wallTime(updated.nextRunAt!, KOLKATA)).toBe('21:40:00')
    expect(Date.parse(updated.nextRunAt!)).toBeGreaterThan(Date.now())
    const weekday = new Intl.DateTimeFormat('en-US', { timeZone: KOLKATA, weekday: 'short' })
    expect(weekday.format(new Date(updated.nextRunAt!))).toMatch(/Mon|Tue|Wed|Thu|Fri/)
    const read = await t.gql<{ automation: Automation }>(GET, { id: created.id }, t.adminToken)
    expect(read.data!.automation.nextRunAt).toBe(updated.nextRunAt)
  })

  it('is null for a MANUAL automation and for a disabled CRON one, and back when enabled again', async () => {
    t = await startHub()
    const manual = await create(t, 'By hand', { type: 'MANUAL' })
    expect(manual.nextRunAt).toBeNull()
    const off = await create(t, 'Off', { type: 'CRON', cron: '0 8 * * *', enabled: false })
    expect(off.nextRunAt).toBeNull()
    const on = await t.gql<{ automationUpdate: Automation }>(
      UPDATE,
      { id: off.id, input: input('Off', { type: 'CRON', cron: '0 8 * * *', enabled: true }) },
      t.adminToken,
    )
    expect(wallTime(on.data!.automationUpdate.nextRunAt!, 'Europe/Berlin')).toBe('08:00:00')
    const offAgain = await t.gql<{ automationUpdate: Automation }>(
      UPDATE,
      { id: off.id, input: input('Off', { type: 'CRON', cron: '0 8 * * *', enabled: false }) },
      t.adminToken,
    )
    expect(offAgain.data!.automationUpdate.nextRunAt).toBeNull()
  })

  it("is the next sunset plus the offset for a SUN trigger at the hub's location", async () => {
    t = await startHub({ config: { location: BERLIN_CENTRE } })
    const before = new Date()
    const dusk = await create(t, 'Dusk', { type: 'SUN', sunEvent: 'SUNSET', offsetMinutes: -20 })
    const expected = nextSunTrigger(before, 'SUNSET', -20, BERLIN_CENTRE, 'Europe/Berlin')
    expect(dusk.nextRunAt).toBe(expected!.toISOString())
  })
})

describe('cron runs through the API', () => {
  it('starts runs with source cron every 2 seconds, and stops when the automation is deleted', async () => {
    // The seconds go by on a test clock (hub/clock/test-clock.ts).
    const clock = new TestClock()
    t = await startHub({ clock })
    const hub = t
    const fast = await create(hub, 'Every two seconds', { type: 'CRON', cron: '*/2 * * * * *' })
    expect(Date.parse(fast.nextRunAt!) % 2000).toBe(0)
    await clock.advance(5000)
    const res = await hub.gql<{ automationRuns: Run[] }>(
      RUNS,
      { automationId: fast.id },
      hub.adminToken,
    )
    const runs = res.data!.automationRuns
    expect(runs.length).toBeGreaterThanOrEqual(2)
    for (const run of runs) {
      expect(run.source).toBe('cron')
      expect(run.error).toBeNull()
      expect(['RUNNING', 'SUCCEEDED']).toContain(run.status)
    }
    // Runs come 2 s apart, from even seconds.
    const starts = runs.map((r) => Date.parse(r.startedAt)).sort((a, b) => a - b)
    for (let i = 1; i < starts.length; i++) {
      expect(Math.round((starts[i]! - starts[i - 1]!) / 2000)).toBe(1)
    }

    const afterDelete: string[] = []
    const unsubscribe = hub.hub.events.on('automation:run', ({ event }) => {
      if (event.automationId === fast.id) afterDelete.push(`${event.status} ${event.sceneIndex}`)
    })
    const deleted = await hub.gql<{ automationDelete: string[] }>(
      DELETE,
      { ids: [fast.id] },
      hub.adminToken,
    )
    expect(deleted.data!.automationDelete).toEqual([fast.id])
    expect(hub.hub.engine.scheduler.nextRunAt(fast.id)).toBeNull()
    // A run started just before the delete may still end; nothing new starts.
    const startedBefore = afterDelete.length
    await clock.advance(4500)
    unsubscribe()
    // A run's start is its RUNNING event before any step.
    expect(afterDelete.slice(startedBefore).filter((e) => e === 'RUNNING null')).toEqual([])
    const all = await hub.gql<{ automationRuns: Run[] }>(RUNS, {}, hub.adminToken)
    expect(all.data!.automationRuns.filter((r) => r.automationId === fast.id)).toEqual([])
  })
})
