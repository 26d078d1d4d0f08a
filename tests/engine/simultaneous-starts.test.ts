// Automations due at the same moment start together (issue 10): their runs go on record in
// one transaction, so with synchronous=FULL the disk is waited for once, not once per run,
// and every run is on record before any of them takes its first step.
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { startHub, type TestHub } from '../helpers/hub'
import { resetWal, walCommits } from '../helpers/wal-commits'

const CREATE = `mutation($input: AutomationInput!) {
  automationCreate(input: $input) { id nextRunAt } }`

let t: TestHub | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

describe('automations due at the same second', () => {
  it('go on record in one transaction, before any of them takes its first step', async () => {
    // The hub's wall clock is the test's; schedules wait until timesyncd has set it.
    let now = Date.parse('2026-01-15T06:29:59.000Z') // 07:29:59 in Europe/Berlin
    let synchronized = false
    t = await startHub({ now: () => now, ntpSynchronized: () => synchronized, clockCheckMs: 20 })
    const hub = t

    const ids: string[] = []
    for (const room of ['Hall', 'Study', 'Kitchen', 'Bedroom', 'Bath']) {
      const res = await hub.gql<{ automationCreate: { id: string } }>(
        CREATE,
        {
          input: {
            name: `${room} at half past seven`,
            trigger: { type: 'CRON', cron: '0 30 7 * * *' },
            // Long enough that no run ends while the test looks.
            scene: [{ name: 'Pause', type: 'DELAY', duration: 60_000 }],
          },
        },
        hub.adminToken,
      )
      expect(res.errors).toBeUndefined()
      ids.push(res.data!.automationCreate.id)
    }

    // What another connection finds on disk when the first run takes its first step.
    const reader = new Database(hub.dbPath, { readonly: true })
    const atFirstStep = new Promise<{ commits: number; onRecord: number }>((resolve) => {
      const off = hub.hub.events.on('automation:run', ({ event }) => {
        if (event.status !== 'RUNNING' || event.sceneIndex !== null) return
        off()
        resolve({
          commits: walCommits(hub.dbPath),
          onRecord: (
            reader
              .prepare("SELECT count(*) AS n FROM automation_runs WHERE status = 'RUNNING'")
              .get() as { n: number }
          ).n,
        })
      })
    })

    // 07:30:00 has passed by 200 ms when the clock is found set: all five are due at once.
    resetWal(hub.database.sqlite)
    now = Date.parse('2026-01-15T06:30:00.200Z')
    synchronized = true
    const seen = await atFirstStep
    reader.close()

    expect(seen).toEqual({ commits: 1, onRecord: 5 })
    const runs = hub.database.sqlite
      .prepare('SELECT automation_id AS id, source, status, started_at AS at FROM automation_runs')
      .all()
    expect(runs).toHaveLength(5)
    for (const id of ids) {
      expect(runs).toContainEqual({
        id,
        source: 'cron',
        status: 'RUNNING',
        at: Date.parse('2026-01-15T06:30:00.200Z'),
      })
    }
  })
})
