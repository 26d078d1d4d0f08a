// Opens the SQLite file (creating its folder), sets the pragmas that make every acknowledged
// write survive a power cut, and applies the committed drizzle-kit migrations.
import Database from 'better-sqlite3'
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import { dirname } from 'node:path'
import { migrationsFolder } from '../paths'
import { createFolder } from './create-folder'
import * as schema from './schema'

export type Db = BetterSQLite3Database<typeof schema>

export interface OpenDatabase {
  db: Db
  sqlite: Database.Database
  close(): void
}

export function openDatabase(path: string): OpenDatabase {
  createFolder(dirname(path))
  const sqlite = new Database(path)
  sqlite.pragma('journal_mode = WAL')
  // FULL: every commit is on the card before it is acknowledged (a power cut keeps it); the
  // card is spared by committing less often (PV in 15-minute batches), not by syncing less.
  sqlite.pragma('synchronous = FULL')
  // After a checkpoint empties it, the WAL is cut back to 4 MB: a large write (a restore, a
  // migration) does not leave a large file on the card. Checkpoints stay at SQLite's 1000
  // pages: at some 6 MB a day (npm run bench -- writes) that is about one a day.
  sqlite.pragma('journal_size_limit = 4194304')
  sqlite.pragma('foreign_keys = ON')
  // Another process (the `lamella` command) may write while the hub runs.
  sqlite.pragma('busy_timeout = 5000')
  const db = drizzle(sqlite, { schema })
  migrate(db, { migrationsFolder })
  return {
    db,
    sqlite,
    close: () => {
      if (sqlite.open) sqlite.close()
    },
  }
}
