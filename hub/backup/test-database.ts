// For the tests of this folder: a real migrated database in a temporary folder, and rows put
// in with plain SQL so a test can count them in any copy.
import Database from 'better-sqlite3'
import { join } from 'node:path'
import { temporaryFolders } from '../../tests/helpers/temporary-folders'
import { openDatabase, type OpenDatabase } from '../db/open'

/** A fresh folder, removed when the importing test file's suite ends. */
export const temporaryFolder = temporaryFolders('lamella-backup-')

/** A fresh database at `folder/lamella.db` with the real migrations. */
export function freshDatabase(folder = temporaryFolder()): OpenDatabase & { path: string } {
  const path = join(folder, 'lamella.db')
  return { ...openDatabase(path), path }
}

/** Adds blinds `prefix-0`..; each on its own relays, as the hub would write them. */
export function addBlinds(sqlite: Database.Database, count: number, prefix = 'blind'): void {
  const insert = sqlite.prepare(
    `INSERT INTO blinds (id, name, name_key, address_up, address_down, travel_time_up_ms,
       travel_time_down_ms, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 60000, 60000, 0, 0)`,
  )
  const start = (sqlite.prepare('SELECT count(*) AS n FROM blinds').get() as { n: number }).n
  sqlite.transaction(() => {
    for (let i = start; i < start + count; i++) {
      const name = `${prefix}-${i}`
      insert.run(name, name, name, `1:${2 * i}`, `1:${2 * i + 1}`)
    }
  })()
}

/**
 * The names of the blinds in the database file at `path`, sorted. Read-write: a read-only
 * connection to a database in WAL mode leaves -wal and -shm files behind.
 */
export function blindNames(path: string): string[] {
  const sqlite = new Database(path, { fileMustExist: true })
  try {
    return (
      sqlite.prepare('SELECT name FROM blinds ORDER BY name').all() as { name: string }[]
    ).map((r) => r.name)
  } finally {
    sqlite.close()
  }
}
