// Holiday mode over the real GraphQL API and socket.io (issue 14): every user reads it, only
// admins switch it, a bad offset is a 400 naming randomOffsetMinutes that changes nothing,
// browsers hear of each change, automations show no next run while it is on but why they rest
// and when they would run (manual runs still start), and a restart keeps it.
import { join } from 'node:path'
import { io, type Socket } from 'socket.io-client'
import { afterEach, describe, expect, it } from 'vitest'
import type {
  ClientToServerEvents,
  DataChangedEvent,
  ServerToClientEvents,
} from '../../hub/realtime/events'
import { startHub, type TestHub } from '../helpers/hub'
import { temporaryFolders } from '../helpers/temporary-folders'

const HOLIDAY = '{ holiday { enabled randomOffsetMinutes since } }'
const SET = `mutation($enabled: Boolean!, $offset: Int) {
  holidaySet(enabled: $enabled, randomOffsetMinutes: $offset) { enabled randomOffsetMinutes since } }`
const CREATE = `mutation($input: AutomationInput!) { automationCreate(input: $input) { id nextRunAt } }`
const AUTOMATION = 'query($id: ID!) { automation(id: $id) { nextRunAt wouldRunAt schedulePause } }'
const RUN = 'mutation($id: ID!) { automationRun(id: $id) { status source } }'

interface Holiday {
  enabled: boolean
  randomOffsetMinutes: number
  since: string | null
}

const OFF: Holiday = { enabled: false, randomOffsetMinutes: 0, since: null }

const temporaryFolder = temporaryFolders('lamella-holiday-')
let t: TestHub | undefined
const sockets: Socket[] = []

afterEach(async () => {
  for (const s of sockets.splice(0)) s.close()
  await t?.close()
  t = undefined
})

async function holidayOf(hub: TestHub, token: string): Promise<Holiday> {
  const res = await hub.gql<{ holiday: Holiday }>(HOLIDAY, {}, token)
  expect(res.errors).toBeUndefined()
  return res.data!.holiday
}

async function set(hub: TestHub, enabled: boolean, offset?: number): Promise<Holiday> {
  const res = await hub.gql<{ holidaySet: Holiday }>(SET, { enabled, offset }, hub.adminToken)
  expect(res.errors).toBeUndefined()
  return res.data!.holidaySet
}

describe('holiday mode through the API', () => {
  it('is off with no offset on a new hub, for every logged-in user, and 401 without a token', async () => {
    t = await startHub()
    const anna = await t.createUser('anna')
    expect(await holidayOf(t, t.adminToken)).toEqual(OFF)
    expect(await holidayOf(t, anna.token)).toEqual(OFF)
    const anonymous = await t.gql(HOLIDAY)
    expect(anonymous.status).toBe(401)
  })

  it('is switched on by an admin with an offset, which every user then reads, and off again keeping the offset', async () => {
    t = await startHub()
    const anna = await t.createUser('anna')
    const before = Date.now()
    const on = await set(t, true, 20)
    expect(on).toMatchObject({ enabled: true, randomOffsetMinutes: 20 })
    expect(Date.parse(on.since!)).toBeGreaterThanOrEqual(before - 1000)
    expect(Date.parse(on.since!)).toBeLessThanOrEqual(Date.now())
    expect(await holidayOf(t, anna.token)).toEqual(on)
    // Switched on again: still the same holiday, since when it began.
    expect(await set(t, true)).toEqual(on)
    expect(await set(t, false)).toEqual({ enabled: false, randomOffsetMinutes: 20, since: null })
    expect(await set(t, false, 0)).toEqual(OFF)
  })

  it('refuses a regular user with 403, changing nothing', async () => {
    t = await startHub()
    const anna = await t.createUser('anna')
    const before = t.snapshot()
    const res = await t.gql(SET, { enabled: true, offset: 5 }, anna.token)
    expect(res.status).toBe(403)
    expect(res.errors?.[0]?.extensions.code).toBe(403)
    expect(t.snapshot()).toBe(before)
    expect(await holidayOf(t, anna.token)).toEqual(OFF)
  })

  it.each([31, -1, 2.5])(
    'refuses a random offset of %s minutes with a 400 naming randomOffsetMinutes, changing nothing',
    async (offset) => {
      t = await startHub()
      await set(t, false, 10)
      const before = t.snapshot()
      const res = await t.gql(SET, { enabled: true, offset }, t.adminToken)
      expect(res.status).toBe(400)
      expect(res.errors).toHaveLength(1)
      if (Number.isInteger(offset)) {
        expect(res.errors![0]!.extensions).toMatchObject({
          code: 400,
          field: 'randomOffsetMinutes',
          reason: expect.any(String),
        })
        expect(res.errors![0]!.message).toBe(
          `randomOffsetMinutes must be an integer from 0 to 30 minutes (got ${offset})`,
        )
      } else {
        // Not an Int at all: GraphQL itself refuses the variable, naming it.
        expect(res.errors![0]!.message).toMatch(/\$offset/)
      }
      expect(t.snapshot()).toBe(before)
      expect(await holidayOf(t, t.adminToken)).toEqual({ ...OFF, randomOffsetMinutes: 10 })
    },
  )

  it('tells every connected browser with data:changed for holiday', async () => {
    t = await startHub()
    const anna = await t.createUser('anna')
    const heard: DataChangedEvent[][] = [[], []]
    for (const [i, token] of [t.adminToken, anna.token].entries()) {
      const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(t.url, {
        path: '/socket.io',
        auth: { token },
        reconnection: false,
        forceNew: true,
      })
      sockets.push(socket)
      socket.on('data:changed', (e) => heard[i]!.push(e))
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve)
        socket.once('connect_error', reject)
      })
    }
    await set(t, true)
    await expect.poll(() => heard.map((h) => h.length)).toEqual([1, 1])
    expect(heard).toEqual([[{ entity: 'holiday', ids: [] }], [{ entity: 'holiday', ids: [] }]])
  })

  it('shows no next run for a CRON automation while on, its next run once off, and still runs it by hand', async () => {
    t = await startHub()
    const created = await t.gql<{ automationCreate: { id: string; nextRunAt: string | null } }>(
      CREATE,
      {
        input: {
          name: 'Morning',
          trigger: { type: 'CRON', cron: '0 7 * * *' },
          scene: [{ name: 'Pause', type: 'DELAY', duration: 100 }],
        },
      },
      t.adminToken,
    )
    const { id, nextRunAt } = created.data!.automationCreate
    expect(nextRunAt).not.toBeNull()
    await set(t, true)
    const during = await t.gql<{ automation: { nextRunAt: string | null } }>(
      AUTOMATION,
      { id },
      t.adminToken,
    )
    // Paused, and it says so and when it would run: not a schedule that looks broken.
    expect(during.data?.automation).toEqual({
      nextRunAt: null,
      wouldRunAt: nextRunAt,
      schedulePause: 'HOLIDAY',
    })
    const manual = await t.gql<{ automationRun: { status: string; source: string } }>(
      RUN,
      { id },
      t.adminToken,
    )
    expect(manual.data?.automationRun).toEqual({ status: 'RUNNING', source: 'manual' })
    await set(t, false)
    const after = await t.gql<{ automation: { nextRunAt: string | null } }>(
      AUTOMATION,
      { id },
      t.adminToken,
    )
    expect(after.data?.automation).toEqual({
      nextRunAt,
      wouldRunAt: nextRunAt,
      schedulePause: null,
    })
  })

  it('says a schedule rests for the clock, not for holiday mode, while the clock is not trusted', async () => {
    t = await startHub({ ntpSynchronized: () => false })
    await set(t, true)
    const created = await t.gql<{ automationCreate: { id: string } }>(
      CREATE,
      {
        input: {
          name: 'Morning',
          trigger: { type: 'CRON', cron: '0 7 * * *' },
          scene: [{ name: 'Pause', type: 'DELAY', duration: 100 }],
        },
      },
      t.adminToken,
    )
    const res = await t.gql(AUTOMATION, { id: created.data!.automationCreate.id }, t.adminToken)
    expect(res.data?.automation).toEqual({
      nextRunAt: null,
      wouldRunAt: null,
      schedulePause: 'CLOCK',
    })
  })

  it('pauses nothing of a manual automation: it has no schedule', async () => {
    t = await startHub()
    await set(t, true)
    const created = await t.gql<{ automationCreate: { id: string } }>(
      CREATE,
      {
        input: {
          name: 'By hand',
          trigger: { type: 'MANUAL' },
          scene: [{ name: 'Pause', type: 'DELAY', duration: 100 }],
        },
      },
      t.adminToken,
    )
    const res = await t.gql(AUTOMATION, { id: created.data!.automationCreate.id }, t.adminToken)
    expect(res.data?.automation).toEqual({ nextRunAt: null, wouldRunAt: null, schedulePause: null })
  })

  it('is still on, with its offset and since, after the hub restarts on the same database', async () => {
    const dbPath = join(temporaryFolder(), 'lamella.db')
    t = await startHub({ dbPath })
    const on = await set(t, true, 12)
    await t.close()
    t = await startHub({ dbPath })
    expect(await holidayOf(t, t.adminToken)).toEqual(on)
    expect(t.hub.services.holiday.enabled).toBe(true)
  })
})
