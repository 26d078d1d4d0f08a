import Database from 'better-sqlite3'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { backupDatabase, BackupError, describeBackup } from './backup'
import { addBlinds, blindNames, freshDatabase, temporaryFolder } from './test-database'

describe('backupDatabase', () => {
  it('writes a checked copy that is one file, opens read-only and is for its owner only', async () => {
    const database = freshDatabase()
    addBlinds(database.sqlite, 3)
    const destination = join(temporaryFolder(), 'copy.db')
    try {
      const result = await backupDatabase({ source: database.path, destination })
      expect(result).toMatchObject({
        source: database.path,
        path: destination,
        contents: { users: 0, blinds: 3, automations: 0 },
      })
      expect(result.bytes).toBe(statSync(destination).size)
      expect(describeBackup(result)).toBe(
        `backed up ${database.path} to ${destination} (${Math.round(result.bytes / 1024)} KiB, integrity ok): 0 users, 3 blinds, 0 automations`,
      )
      // A rollback-journal file: nothing beside it is needed, and reading it leaves nothing.
      expect(readFileSync(destination).subarray(18, 20)).toEqual(Buffer.from([1, 1]))
      const copy = new Database(destination, { readonly: true })
      expect(copy.prepare('SELECT count(*) AS n FROM blinds').get()).toEqual({ n: 3 })
      copy.close()
      expect(readdirSync(join(destination, '..'))).toEqual(['copy.db'])
      expect(statSync(destination).mode & 0o777).toBe(0o600)
    } finally {
      database.close()
    }
  })

  it('copies through the hub’s own open connection, up to date with its latest write', async () => {
    const database = freshDatabase()
    addBlinds(database.sqlite, 2)
    const destination = join(temporaryFolder(), 'copy.db')
    try {
      const copying = backupDatabase({ source: database.sqlite, destination })
      addBlinds(database.sqlite, 1, 'during')
      await copying
      expect(blindNames(destination)).toEqual(['blind-0', 'blind-1', 'during-2'])
    } finally {
      database.close()
    }
  })

  it('refuses to replace an existing file unless told to, and leaves it as it was', async () => {
    const database = freshDatabase()
    const folder = temporaryFolder()
    const destination = join(folder, 'copy.db')
    writeFileSync(destination, 'precious')
    try {
      await expect(backupDatabase({ source: database.path, destination })).rejects.toThrow(
        new BackupError(`${destination} exists; add --force to replace it`),
      )
      expect(readFileSync(destination, 'utf8')).toBe('precious')
      expect(readdirSync(folder)).toEqual(['copy.db'])

      await backupDatabase({ source: database.path, destination, overwrite: true })
      expect(blindNames(destination)).toEqual([])
    } finally {
      database.close()
    }
  })

  it.each([
    [
      'a folder that does not exist',
      (f: string) => join(f, 'nowhere', 'copy.db'),
      (f: string) => `folder ${join(f, 'nowhere')} does not exist`,
    ],
    ['a folder', (f: string) => f, (f: string) => `${f} is a folder; name a file`],
  ])('refuses %s as the destination and writes nothing', async (_, to, message) => {
    const database = freshDatabase()
    const folder = temporaryFolder()
    mkdirSync(join(folder, 'sub'))
    try {
      await expect(
        backupDatabase({ source: database.path, destination: to(folder) }),
      ).rejects.toThrow(message(folder))
      expect(readdirSync(folder)).toEqual(['sub'])
    } finally {
      database.close()
    }
  })

  it.each(['', '-wal', '-shm', '.lock'])(
    'refuses to write over the database itself (%s)',
    async (part) => {
      const database = freshDatabase()
      try {
        await expect(
          backupDatabase({
            source: database.path,
            destination: database.path + part,
            overwrite: true,
          }),
        ).rejects.toThrow(`${database.path + part} is the database itself; name another file`)
      } finally {
        database.close()
      }
    },
  )

  it('reports a missing database instead of making an empty one', async () => {
    const folder = temporaryFolder()
    const source = join(folder, 'missing.db')
    await expect(backupDatabase({ source, destination: join(folder, 'copy.db') })).rejects.toThrow(
      `there is no database at ${source} (set LAMELLA_DB or --db)`,
    )
    expect(existsSync(source)).toBe(false)
    expect(readdirSync(folder)).toEqual([])
  })

  it('keeps no copy of a database that is not Lamella’s, and says why', async () => {
    const folder = temporaryFolder()
    const source = join(folder, 'other.db')
    const other = new Database(source)
    other.exec('CREATE TABLE notes (text TEXT)')
    other.close()
    await expect(backupDatabase({ source, destination: join(folder, 'copy.db') })).rejects.toThrow(
      `the copy of ${source} failed its check: it is not a Lamella database: no table users, sessions, blinds, automations, scenes, __drizzle_migrations`,
    )
    expect(readdirSync(folder)).toEqual(['other.db'])
  })
})
