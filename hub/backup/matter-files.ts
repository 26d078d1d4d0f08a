// The Matter bridge's storage (`matter/` beside the database: its fabrics, keys and pairing
// codes) travels inside the backup file, in a table of its own, so a backup stays one file and a
// restore brings every pairing back (ARCHITECTURE.md section 14). The table exists only in
// backups: a restore writes the files out and drops it before the database takes its name.
import type Database from 'better-sqlite3'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { matterStorageDir } from '../matter/storage'
import { fsyncFolder, giveToFolderOwner } from './durable-files'

const TABLE = 'backup_matter_files'

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

/** Puts the `matter/` folder beside `dbPath`, if there is one, into the backup copy. */
export function packMatterFiles(copy: Database.Database, dbPath: string): void {
  const folder = matterStorageDir(dbPath)
  if (!existsSync(folder)) return
  const files = filesUnder(folder)
  copy.exec(`CREATE TABLE ${TABLE} (path TEXT PRIMARY KEY, content BLOB NOT NULL)`)
  const insert = copy.prepare(`INSERT INTO ${TABLE} (path, content) VALUES (?, ?)`)
  copy.transaction(() => {
    for (const file of files) {
      insert.run(relative(folder, file).split(sep).join('/'), readFileSync(file))
    }
  })()
}

/**
 * Takes the Matter files out of the checked copy of a backup (and drops their table), into a
 * folder beside the database that `placeMatterFiles` moves into place. Null when the backup
 * holds none (made while Matter was off): the current `matter/` is left as it is.
 */
export function unpackMatterFiles(copy: Database.Database, dbPath: string): string | null {
  const has = copy
    .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`)
    .get(TABLE)
  if (!has) return null
  const staging = `${matterStorageDir(dbPath)}.restoring`
  rmSync(staging, { recursive: true, force: true })
  mkdirSync(staging, { recursive: true, mode: 0o700 })
  const rows = copy.prepare(`SELECT path, content FROM ${TABLE}`).all() as {
    path: string
    content: Buffer
  }[]
  for (const row of rows) {
    const target = join(staging, ...row.path.split('/'))
    // A path that climbs out of the folder is no file of ours.
    if (relative(staging, target).startsWith('..')) continue
    mkdirSync(dirname(target), { recursive: true, mode: 0o700 })
    writeFileSync(target, row.content, { mode: 0o600 })
  }
  copy.exec(`DROP TABLE ${TABLE}`)
  // `sudo lamella restore` runs as root: the hub's user must own what it reads and writes. Each
  // takes its folder's owner, so parents go first.
  giveToFolderOwner(staging)
  const entries = (readdirSync(staging, { recursive: true }) as string[]).sort(
    (a, b) => a.split(sep).length - b.split(sep).length,
  )
  for (const entry of entries) giveToFolderOwner(join(staging, entry))
  return staging
}

/** Puts the unpacked files in place of `matter/`, keeping the current one aside as `aside`. */
export function placeMatterFiles(staging: string, dbPath: string, aside: string): string | null {
  const folder = matterStorageDir(dbPath)
  let keptAs: string | null = null
  if (existsSync(folder)) {
    renameSync(folder, aside)
    keptAs = aside
  }
  renameSync(staging, folder)
  fsyncFolder(dirname(folder))
  return keptAs
}
