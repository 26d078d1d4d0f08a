// `lamella backup FILE` and the daily backup: a consistent copy of the database while the hub
// runs and writes, checked before it is kept, and never a half-written file under FILE.
import Database from 'better-sqlite3'
import { chmodSync, existsSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import {
  DestinationExistsError,
  fsyncFile,
  placeFile,
  removeIfPresent,
  temporaryPathBeside,
} from './durable-files'
import { lockPathOf } from './lock'
import { packMatterFiles } from './matter-files'
import {
  checkLamellaDatabase,
  contentsOf,
  describeContents,
  describeSize,
  NotRestorableError,
  type Contents,
} from './inspect'

/**
 * Pages per step of SQLite's online backup: all of them. One step is one read transaction,
 * so the copy is a snapshot of one moment that writers in other processes cannot make it
 * restart (they do, between steps). A Lamella database is kilobytes to a few megabytes:
 * one step takes milliseconds even on a Pi.
 */
const ALL_PAGES = 0x7fffffff

export class BackupError extends Error {
  override name = 'BackupError'
}

export interface BackupOptions {
  /** The database: its path (a connection of our own is opened) or an open connection. */
  source: string | Database.Database
  destination: string
  /** Replace an existing destination (`--force`). */
  overwrite?: boolean
}

export interface BackupResult {
  source: string
  path: string
  bytes: number
  contents: Contents
}

/** Where the database keeps its parts: the file, its -wal, -shm and -journal, and our lock. */
const isPartOf = (dbPath: string, path: string) =>
  path === lockPathOf(dbPath) ||
  (path.startsWith(dbPath) && /^(-wal|-shm|-journal)?$/.test(path.slice(dbPath.length)))

function checkDestination(destination: string, sourcePath: string, overwrite: boolean): void {
  if (isPartOf(sourcePath, destination)) {
    throw new BackupError(`${destination} is the database itself; name another file`)
  }
  const folder = dirname(destination)
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    throw new BackupError(`folder ${folder} does not exist`)
  }
  if (existsSync(destination)) {
    if (statSync(destination).isDirectory()) {
      throw new BackupError(`${destination} is a folder; name a file`)
    }
    if (!overwrite) throw new BackupError(`${destination} exists; add --force to replace it`)
  }
}

/** Opens the copy, makes it one self-contained file, checks it and counts what it holds. */
function verifyCopy(path: string, sourcePath: string): Contents {
  const copy = new Database(path, { fileMustExist: true })
  try {
    // The online backup copies the WAL flag of the source's header; a backup is one file
    // that opens anywhere, read-only too, so it goes back to a rollback journal.
    copy.pragma('journal_mode = DELETE')
    checkLamellaDatabase(copy)
    return contentsOf(copy)
  } catch (err) {
    if (!(err instanceof NotRestorableError)) throw err
    throw new BackupError(`the copy of ${sourcePath} failed its check: ${err.message}`, {
      cause: err,
    })
  } finally {
    copy.close()
  }
}

export async function backupDatabase(options: BackupOptions): Promise<BackupResult> {
  const destination = resolve(options.destination)
  const ownConnection = typeof options.source === 'string'
  const sourcePath = resolve(
    typeof options.source === 'string' ? options.source : options.source.name,
  )
  checkDestination(destination, sourcePath, options.overwrite ?? false)
  if (ownConnection && !existsSync(sourcePath)) {
    throw new BackupError(`there is no database at ${sourcePath} (set LAMELLA_DB or --db)`)
  }

  const sqlite =
    typeof options.source === 'string'
      ? // Read-write like the hub's: a read-only connection to a WAL database leaves -shm files
        // behind where the hub is not running. It only reads.
        new Database(sourcePath, { fileMustExist: true, timeout: 5000 })
      : options.source
  const temporary = temporaryPathBeside(destination)
  try {
    try {
      await sqlite.backup(temporary, { progress: () => ALL_PAGES })
    } catch (err) {
      throw new BackupError(`cannot copy ${sourcePath}: ${(err as Error).message}`, { cause: err })
    }
    const contents = verifyCopy(temporary, sourcePath)
    // The Matter bridge's pairings, when it has any: they belong to the house like its blinds.
    const copy = new Database(temporary, { fileMustExist: true })
    try {
      packMatterFiles(copy, sourcePath)
    } finally {
      copy.close()
    }
    // Password and token hashes are inside: for the owner's eyes only.
    chmodSync(temporary, 0o600)
    fsyncFile(temporary)
    const bytes = statSync(temporary).size
    try {
      placeFile(temporary, destination, options.overwrite ?? false)
    } catch (err) {
      if (err instanceof DestinationExistsError) {
        throw new BackupError(`${destination} exists; add --force to replace it`, { cause: err })
      }
      throw err
    }
    return { source: sourcePath, path: destination, bytes, contents }
  } finally {
    for (const leftover of ['', '-journal', '-wal', '-shm']) removeIfPresent(temporary + leftover)
    if (ownConnection) sqlite.close()
  }
}

export function describeBackup(result: BackupResult): string {
  return `backed up ${result.source} to ${result.path} (${describeSize(result.bytes)}, integrity ok): ${describeContents(result.contents)}`
}
