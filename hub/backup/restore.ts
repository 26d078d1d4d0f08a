// `lamella restore FILE`: put a backup in place of the database, only while no hub runs on
// it, only after the file has passed every check, and keeping the current database aside so
// that a restore can be undone. Until the final rename the database is untouched.
import Database from 'better-sqlite3'
import {
  copyFileSync,
  constants,
  existsSync,
  linkSync,
  mkdirSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
} from 'node:fs'
import { dirname, resolve } from 'node:path'
import {
  fsyncFile,
  fsyncFolder,
  giveToFolderOwner,
  removeIfPresent,
  temporaryPathBeside,
} from './durable-files'
import {
  checkLamellaDatabase,
  checkMigrations,
  contentsOf,
  describeContents,
  hasSqliteHeader,
  NotRestorableError,
  type Contents,
} from './inspect'
import { acquireHubLock, HubLockedError } from './lock'
import { placeMatterFiles, unpackMatterFiles } from './matter-files'

export class RestoreError extends Error {
  override name = 'RestoreError'
}

export interface RestoreOptions {
  file: string
  dbPath: string
  /** The wall clock, for the name of the kept database. */
  now?: () => number
}

export interface RestoreResult {
  file: string
  dbPath: string
  contents: Contents
  /** Where the previous database now is; undefined when there was none. */
  keptAs: string | undefined
  /** Where the previous Matter pairings now are; null when the backup brought none or none was there. */
  matterKeptAs: string | null
  /** Whether the backup held the Matter bridge's pairings (and they are now in place). */
  matterRestored: boolean
}

/** What can be told from the file without opening it as a database. */
function checkFileOutside(file: string, dbPath: string): void {
  const refuse = (why: string) => new RestoreError(`cannot restore ${file}: ${why}`)
  if (file === dbPath) throw refuse('it is the database itself')
  if (!existsSync(file)) throw refuse('there is no such file')
  if (!statSync(file).isFile()) throw refuse('it is not a file')
  if (!hasSqliteHeader(file)) throw refuse('it is not an SQLite database')
  // A write-ahead log beside it holds part of its data: the file alone is not the database
  // (a copy of a live database, not a backup).
  for (const part of ['-wal', '-journal']) {
    if (existsSync(file + part) && statSync(file + part).size > 0) {
      throw refuse(
        `${file}${part} beside it holds part of its data; make a backup with lamella backup`,
      )
    }
  }
}

/** Copies the file beside the database and checks the copy: what is checked is what is put. */
function checkedCopy(file: string, temporary: string): Contents {
  copyFileSync(file, temporary, constants.COPYFILE_EXCL)
  const copy = new Database(temporary, { fileMustExist: true })
  try {
    checkLamellaDatabase(copy)
    checkMigrations(copy)
    return contentsOf(copy)
  } catch (err) {
    if (err instanceof NotRestorableError) {
      throw new RestoreError(`cannot restore ${file}: ${err.message}`, { cause: err })
    }
    throw err
  } finally {
    copy.close()
  }
}

/** `lamella.db.before-restore-20250101T033000Z`, with -2, -3... if restored twice a second. */
function asideName(dbPath: string, now: number): string {
  const stamp = new Date(now).toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '')
  const base = `${dbPath}.before-restore-${stamp}`
  let name = base
  for (let n = 2; existsSync(name); n++) name = `${base}-${n}`
  return name
}

/** A second name for the same file (a copy where the file system has no hard links). */
function secondName(path: string, name: string): void {
  try {
    linkSync(path, name)
  } catch {
    copyFileSync(path, name, constants.COPYFILE_EXCL)
    fsyncFile(name)
  }
}

/** Moves every committed write of a database's -wal into its file; false if it could not. */
function checkpoint(dbPath: string): boolean {
  try {
    const sqlite = new Database(dbPath, { fileMustExist: true, timeout: 5000 })
    try {
      const [result] = sqlite.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[]
      return result?.busy === 0
    } finally {
      sqlite.close()
    }
  } catch {
    // A damaged database, the usual reason to restore, may not open.
    return false
  }
}

/**
 * Keeps the current database under a new name, and clears its -wal and -shm.
 *
 * The order matters. First the file and its -wal (after a SIGKILL it holds the newest writes)
 * get second names, hard links, before SQLite touches them: whatever happens next, the pair
 * under the new names is the database as it was. Then a checkpoint moves the -wal into the
 * file, which both names share, so the database's own name holds the whole database alone
 * and the kept one needs no -wal beside it. Then the -wal and -shm go: they must be gone
 * before the restored file takes the name, or SQLite would replay the old database's log into
 * it. A crash at any step leaves the old database or the restored one under the name, whole.
 * (A damaged database cannot be checkpointed: it is kept as it was, its -wal beside it.)
 */
function keepAside(dbPath: string, now: number): string | undefined {
  const wal = `${dbPath}-wal`
  if (!existsSync(dbPath)) {
    for (const part of [wal, `${dbPath}-shm`]) removeIfPresent(part)
    return undefined
  }
  const aside = asideName(dbPath, now)
  secondName(dbPath, aside)
  if (existsSync(wal)) secondName(wal, `${aside}-wal`)
  fsyncFolder(dirname(dbPath))
  if (checkpoint(dbPath) && existsSync(`${aside}-wal`) && statSync(`${aside}-wal`).size === 0) {
    removeIfPresent(`${aside}-wal`)
  }
  for (const part of [wal, `${dbPath}-shm`]) removeIfPresent(part)
  fsyncFolder(dirname(dbPath))
  return aside
}

/** Takes the hub lock for the swap; a running hub holds it, and then nothing is done. */
function lockForRestore(dbPath: string): () => void {
  try {
    return acquireHubLock(dbPath)
  } catch (err) {
    if (!(err instanceof HubLockedError)) throw err
    throw new RestoreError(
      `a hub is running on ${dbPath}; stop it first (sudo systemctl stop lamella), then restore`,
      { cause: err },
    )
  }
}

/** Removes the folders mkdirSync made, from the deepest up, while they are empty. */
function removeMadeFolders(folder: string, firstMade: string | undefined): void {
  if (!firstMade) return
  for (let dir = folder; dir.startsWith(firstMade); dir = dirname(dir)) {
    try {
      rmdirSync(dir)
    } catch {
      return
    }
  }
}

export function restoreDatabase(options: RestoreOptions): RestoreResult {
  const file = resolve(options.file)
  const dbPath = resolve(options.dbPath)
  const folder = dirname(dbPath)
  checkFileOutside(file, dbPath)

  // The file is checked as a copy beside the database before the lock is taken, so a refused
  // file leaves no trace, not even the lock file of a database no hub has run on yet.
  const firstMade = mkdirSync(folder, { recursive: true })
  const temporary = temporaryPathBeside(dbPath)
  let release: (() => void) | undefined
  let restored = false
  let staging: string | null = null
  try {
    const contents = checkedCopy(file, temporary)
    const copy = new Database(temporary, { fileMustExist: true })
    try {
      staging = unpackMatterFiles(copy, dbPath)
    } finally {
      copy.close()
    }
    release = lockForRestore(dbPath)
    giveToFolderOwner(temporary)
    fsyncFile(temporary)
    const now = (options.now ?? Date.now)()
    const keptAs = keepAside(dbPath, now)
    renameSync(temporary, dbPath)
    fsyncFolder(folder)
    restored = true
    const matterKeptAs = staging
      ? placeMatterFiles(staging, dbPath, `${keptAs ?? asideName(dbPath, now)}.matter`)
      : null
    const matterRestored = staging !== null
    staging = null
    return { file, dbPath, contents, keptAs, matterKeptAs, matterRestored }
  } finally {
    if (staging) rmSync(staging, { recursive: true, force: true })
    for (const leftover of ['', '-journal', '-wal', '-shm']) removeIfPresent(temporary + leftover)
    release?.()
    if (!restored) removeMadeFolders(folder, firstMade)
  }
}

export function describeRestore(result: RestoreResult): string[] {
  return [
    `checked ${result.file}: integrity ok, ${describeContents(result.contents)}`,
    result.keptAs
      ? `kept the previous database as ${result.keptAs}`
      : `there was no database at ${result.dbPath} to keep`,
    ...(result.matterRestored
      ? [
          result.matterKeptAs
            ? `restored the Matter pairings; kept the previous ones as ${result.matterKeptAs}`
            : 'restored the Matter pairings',
        ]
      : []),
    `restored ${result.file} to ${result.dbPath}; start the hub to use it`,
  ]
}
