// The newest time the hub has written to its database: a floor for its clock, which cannot
// have gone back past its own records (hub/clock/clock-watch.ts).
import { sql } from 'drizzle-orm'
import type { Db } from './open'

export function newestRecordAt(db: Db): number | null {
  const row = db.get<{ newest: number | null }>(sql`
    SELECT max(newest) AS newest FROM (
      SELECT max(updated_at) AS newest FROM users
      UNION ALL SELECT max(created_at) FROM sessions
      UNION ALL SELECT max(updated_at) FROM blinds
      UNION ALL SELECT max(updated_at) FROM automations
      UNION ALL SELECT max(coalesce(finished_at, started_at)) FROM automation_runs
    )`)
  return row?.newest ?? null
}
