// One hub per database: `lamella serve` holds this lock for its whole life, `lamella restore`
// for its few seconds, and each refuses to start while another holds it (two hubs on one
// database would both drive the bus and both fire every automation).
//
// The lock is an exclusive transaction on a tiny SQLite file beside the database,
// `<db>.lock`. SQLite takes it with an fcntl lock, which the kernel drops when the holder
// dies, SIGKILL and power cuts included, so a lock is never stale and no pid can be reused
// by mistake (the trouble with pid files). The file itself is left in place on release:
// deleting a lock file lets two processes each hold a lock on a different file.
// The database's own file cannot carry the lock: `lamella user` and `lamella backup` must
// keep working on it while the hub runs, and a long read transaction would stop WAL
// checkpoints.
import Database from 'better-sqlite3'
import { existsSync } from 'node:fs'
import { dirname } from 'node:path'
import { createFolder } from '../db/create-folder'
import { giveToFolderOwner } from './durable-files'

export class HubLockedError extends Error {
  override name = 'HubLockedError'
  constructor(readonly dbPath: string) {
    super(`${dbPath} is in use by another lamella serve or lamella restore`)
  }
}

export const lockPathOf = (dbPath: string) => `${dbPath}.lock`

/**
 * Takes the lock on `dbPath`, creating its folder if needed, and returns the function that
 * releases it. Throws HubLockedError at once, without waiting, when someone else holds it.
 */
export function acquireHubLock(dbPath: string): () => void {
  const lockPath = lockPathOf(dbPath)
  createFolder(dirname(lockPath))
  const isNew = !existsSync(lockPath)
  let lock: Database.Database
  try {
    // timeout 0: a held lock answers SQLITE_BUSY now instead of after a wait.
    lock = new Database(lockPath, { timeout: 0 })
  } catch (err) {
    throw new Error(`cannot open the lock file ${lockPath}: ${(err as Error).message}`, {
      cause: err,
    })
  }
  try {
    if (isNew) giveToFolderOwner(lockPath)
    // No journal file: the lock file never holds data, only the lock.
    lock.pragma('journal_mode = MEMORY')
    // Held until this connection closes or the process ends.
    lock.exec('BEGIN EXCLUSIVE')
  } catch (err) {
    lock.close()
    if ((err as { code?: string }).code === 'SQLITE_BUSY') throw new HubLockedError(dbPath)
    throw new Error(`cannot lock ${lockPath}: ${(err as Error).message}`, { cause: err })
  }
  return () => {
    if (lock.open) lock.close()
  }
}
