// What a crash or a power cut may not leave in the hub's database file: damage SQLite itself
// finds, rows whose parent is gone, and rows that only a write cut in half could leave. Read
// while no hub has the file open, as the next start would find it.
import Database from 'better-sqlite3'

/** Rows that only a write cut in half could leave, each with what it would mean. */
const HALF_WRITTEN: [string, string][] = [
  [
    'an automation without scenes',
    'SELECT id, name FROM automations a WHERE NOT EXISTS (SELECT 1 FROM scenes s WHERE s.automation_id = a.id)',
  ],
  [
    'an automation whose scene indexes are not 0..n-1',
    'SELECT automation_id FROM scenes GROUP BY automation_id HAVING min(idx) <> 0 OR max(idx) <> count(*) - 1',
  ],
  [
    'a BLIND_CONTROL scene without relays',
    "SELECT id FROM scenes s WHERE type = 'BLIND_CONTROL' AND NOT EXISTS (SELECT 1 FROM scene_targets t WHERE t.scene_id = s.id)",
  ],
  [
    'a DELAY scene with relays',
    "SELECT DISTINCT s.id FROM scenes s JOIN scene_targets t ON t.scene_id = s.id WHERE s.type = 'DELAY'",
  ],
  [
    'a blind with an empty field',
    "SELECT id FROM blinds WHERE name = '' OR name_key <> lower(name) OR address_up = '' OR address_down = '' OR travel_time_up_ms < 1000 OR travel_time_down_ms < 1000",
  ],
  ['a user without a password hash', "SELECT id FROM users WHERE password_hash = ''"],
]

/** What the file says, read-only: [] when all is well. */
export function checkFile(dbPath: string): string[] {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true })
  try {
    const problems: string[] = []
    const integrity = db.pragma('integrity_check', { simple: true })
    if (integrity !== 'ok') problems.push(`integrity_check: ${String(integrity)}`)
    const orphans = db.pragma('foreign_key_check') as unknown[]
    if (orphans.length > 0) problems.push(`foreign_key_check: ${JSON.stringify(orphans)}`)
    for (const [what, sql] of HALF_WRITTEN) {
      const rows = db.prepare(sql).all()
      if (rows.length > 0) problems.push(`${what}: ${JSON.stringify(rows)}`)
    }
    return problems
  } finally {
    db.close()
  }
}

/** What else the file tells after a power cut, for the figures and the PV count. */
export interface FileFacts {
  /** Runs the crash cut off: the next start must mark them FAILED. */
  runsLeftRunning: number
  /**
   * The inverter's lifetime counter as last counted, less every 15-minute slot: the counter at
   * the first reading, the same after every cut when no energy was lost or counted twice.
   * Null before the first reading.
   */
  pvBaselineWh: number | null
  pvSamples: number
  shadingMoves: number
}

export function factsOf(dbPath: string): FileFacts {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true })
  try {
    const value = (sql: string) => (db.prepare(sql).pluck().get() as number | null) ?? null
    return {
      runsLeftRunning: value("SELECT count(*) FROM automation_runs WHERE status = 'RUNNING'")!,
      pvBaselineWh: value(
        'SELECT wh - (SELECT coalesce(sum(wh), 0) FROM pv_energy) FROM pv_counter WHERE id = 1',
      ),
      pvSamples: value('SELECT count(*) FROM pv_samples')!,
      shadingMoves: value('SELECT count(*) FROM shading_moves')!,
    }
  } finally {
    db.close()
  }
}
