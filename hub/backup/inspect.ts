// Is this file a whole, sound Lamella database that this build can run? The checks that a
// backup passes before it is kept and a file passes before it is restored.
import type Database from 'better-sqlite3'
import { closeSync, openSync, readFileSync, readSync } from 'node:fs'
import { join } from 'node:path'
import { migrationsFolder } from '../paths'

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1')

/**
 * The tables every Lamella database has had since its first migration. Later migrations may
 * add more; an older backup lacks those and gets them when the hub starts on it.
 */
const LAMELLA_TABLES = ['users', 'sessions', 'blinds', 'automations', 'scenes']
const MIGRATIONS_TABLE = '__drizzle_migrations'

export class NotRestorableError extends Error {
  override name = 'NotRestorableError'
}

export interface Contents {
  users: number
  blinds: number
  automations: number
}

/** Whether the file starts with SQLite's 16-byte header; false for a missing or short file. */
export function hasSqliteHeader(path: string): boolean {
  const fd = openSync(path, 'r')
  try {
    const head = Buffer.alloc(SQLITE_HEADER.length)
    return readSync(fd, head, 0, head.length, 0) === head.length && head.equals(SQLITE_HEADER)
  } finally {
    closeSync(fd)
  }
}

/** The `when` of each migration this build ships, as drizzle records it in created_at. */
function shippedMigrations(): number[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'))
  return (journal as { entries: { when: number }[] }).entries.map((e) => e.when)
}

/** SQLite's own errors on a damaged file (SQLITE_CORRUPT, SQLITE_NOTADB) read as damage. */
function asDamage<T>(check: () => T): T {
  try {
    return check()
  } catch (err) {
    if (err instanceof NotRestorableError) throw err
    throw new NotRestorableError(`it is damaged: ${(err as Error).message}`)
  }
}

/**
 * Throws NotRestorableError naming the first problem: damage (integrity_check, broken foreign
 * keys) or a missing Lamella table.
 */
export function checkLamellaDatabase(sqlite: Database.Database): void {
  asDamage(() => {
    const integrity = sqlite.pragma('integrity_check') as { integrity_check: string }[]
    const problems = integrity.map((r) => r.integrity_check).filter((r) => r !== 'ok')
    if (problems.length > 0) throw new NotRestorableError(`it is damaged: ${problems[0]}`)

    const tables = new Set(
      (
        sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
          name: string
        }[]
      ).map((r) => r.name),
    )
    const missing = [...LAMELLA_TABLES, MIGRATIONS_TABLE].filter((t) => !tables.has(t))
    if (missing.length > 0) {
      throw new NotRestorableError(`it is not a Lamella database: no table ${missing.join(', ')}`)
    }

    if ((sqlite.pragma('foreign_key_check') as unknown[]).length > 0) {
      throw new NotRestorableError('it is damaged: some rows point to rows that do not exist')
    }
  })
}

/**
 * Throws NotRestorableError when the database has a migration newer than this build's: its
 * schema is one this code does not know. Older ones are fine: the hub migrates them forward
 * when it starts.
 */
export function checkMigrations(sqlite: Database.Database): void {
  const newestShipped = Math.max(...shippedMigrations())
  const newestApplied = asDamage(
    () =>
      (
        sqlite.prepare(`SELECT max(created_at) AS newest FROM ${MIGRATIONS_TABLE}`).get() as {
          newest: number | null
        }
      ).newest,
  )
  if (newestApplied !== null && Number(newestApplied) > newestShipped) {
    const made = new Date(Number(newestApplied)).toISOString()
    throw new NotRestorableError(
      `it was made by a newer Lamella (its migration of ${made} is unknown to this version)`,
    )
  }
}

export function contentsOf(sqlite: Database.Database): Contents {
  const count = (table: string) =>
    (sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n
  return { users: count('users'), blinds: count('blinds'), automations: count('automations') }
}

const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`

export function describeContents(c: Contents): string {
  return `${counted(c.users, 'user')}, ${counted(c.blinds, 'blind')}, ${counted(c.automations, 'automation')}`
}

export function describeSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KiB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`
}
