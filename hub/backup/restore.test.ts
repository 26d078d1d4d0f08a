import Database from 'better-sqlite3'
import { createHash, randomBytes } from 'node:crypto'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { backupDatabase } from './backup'
import { acquireHubLock } from './lock'
import { describeRestore, restoreDatabase, RestoreError } from './restore'
import { addBlinds, blindNames, freshDatabase, temporaryFolder } from './test-database'

const NOON = Date.parse('2025-03-10T12:00:00Z')

/** A backup with blinds `kept-0`, `kept-1`, in a folder of its own. */
async function aBackup(): Promise<string> {
  const database = freshDatabase()
  addBlinds(database.sqlite, 2, 'kept')
  const file = join(temporaryFolder(), 'backup.db')
  await backupDatabase({ source: database.sqlite, destination: file })
  database.close()
  return file
}

/** Every file of the folder with a hash of its bytes, to show that a refusal changed nothing. */
const folderState = (folder: string) =>
  readdirSync(folder)
    .sort()
    .map(
      (name) =>
        `${name} ${createHash('sha256')
          .update(readFileSync(join(folder, name)))
          .digest('hex')}`,
    )

describe('restoreDatabase', () => {
  it('brings back the Matter pairings kept beside the database, and keeps the current ones aside', async () => {
    const source = temporaryFolder()
    const database = freshDatabase(source)
    mkdirSync(join(source, 'matter', 'lamella'), { recursive: true })
    writeFileSync(join(source, 'matter', 'pairing.json'), '{"passcode":20202024}')
    writeFileSync(join(source, 'matter', 'lamella', 'fabrics'), 'the fabric of the backup')
    const file = join(temporaryFolder(), 'backup.db')
    await backupDatabase({ source: database.sqlite, destination: file })
    database.close()

    const folder = temporaryFolder()
    const current = freshDatabase(folder)
    current.close()
    mkdirSync(join(folder, 'matter'))
    writeFileSync(join(folder, 'matter', 'pairing.json'), '{"passcode":30303035}')

    const result = restoreDatabase({ file, dbPath: current.path, now: () => NOON })
    const aside = `${current.path}.before-restore-20250310T120000Z`
    expect(result).toMatchObject({ matterRestored: true, matterKeptAs: `${aside}.matter` })
    expect(readFileSync(join(folder, 'matter', 'pairing.json'), 'utf8')).toBe(
      '{"passcode":20202024}',
    )
    expect(readFileSync(join(folder, 'matter', 'lamella', 'fabrics'), 'utf8')).toBe(
      'the fabric of the backup',
    )
    expect(readFileSync(join(`${aside}.matter`, 'pairing.json'), 'utf8')).toBe(
      '{"passcode":30303035}',
    )
    expect(describeRestore(result)).toContain(
      `restored the Matter pairings; kept the previous ones as ${aside}.matter`,
    )
    // The restored database is the hub's own again: no table of the backup's left in it.
    const restored = new Database(current.path)
    const tables = restored
      .prepare("SELECT name FROM sqlite_master WHERE name = 'backup_matter_files'")
      .all()
    restored.close()
    expect(tables).toEqual([])
  })

  it('puts the backup in place and keeps the previous database aside, whole', async () => {
    const file = await aBackup()
    const folder = temporaryFolder()
    const current = freshDatabase(folder)
    addBlinds(current.sqlite, 3, 'current')
    current.close()

    const result = restoreDatabase({ file, dbPath: current.path, now: () => NOON })
    const aside = `${current.path}.before-restore-20250310T120000Z`
    expect(result).toEqual({
      file,
      dbPath: current.path,
      contents: { users: 0, blinds: 2, automations: 0 },
      keptAs: aside,
      matterKeptAs: null,
      matterRestored: false,
    })
    expect(describeRestore(result)).toEqual([
      `checked ${file}: integrity ok, 0 users, 2 blinds, 0 automations`,
      `kept the previous database as ${aside}`,
      `restored ${file} to ${current.path}; start the hub to use it`,
    ])
    expect(blindNames(current.path)).toEqual(['kept-0', 'kept-1'])
    expect(blindNames(aside)).toEqual(['current-0', 'current-1', 'current-2'])
    expect(readdirSync(folder).sort()).toEqual([
      'lamella.db',
      'lamella.db.before-restore-20250310T120000Z',
      'lamella.db.lock',
    ])
  })

  it('keeps aside the writes a killed hub left in the -wal, and none reach the restored file', async () => {
    const file = await aBackup()
    // The files of a hub killed mid-life: committed writes still in lamella.db-wal.
    const live = freshDatabase()
    addBlinds(live.sqlite, 3, 'logged')
    const folder = temporaryFolder()
    const dbPath = join(folder, 'lamella.db')
    for (const part of ['', '-wal', '-shm']) copyFileSync(live.path + part, dbPath + part)
    live.close()

    const result = restoreDatabase({ file, dbPath, now: () => NOON })
    expect(blindNames(result.keptAs!)).toEqual(['logged-0', 'logged-1', 'logged-2'])
    expect(blindNames(dbPath)).toEqual(['kept-0', 'kept-1'])
    expect(existsSync(`${dbPath}-wal`)).toBe(false)
  })

  it('keeps a damaged database aside as it was, its -wal beside it', async () => {
    const file = await aBackup()
    const dbPath = join(temporaryFolder(), 'lamella.db')
    const damaged = Buffer.concat([Buffer.from('SQLite format 3\0'), randomBytes(8192)])
    writeFileSync(dbPath, damaged)
    writeFileSync(`${dbPath}-wal`, 'frames of the damaged database')
    const result = restoreDatabase({ file, dbPath, now: () => NOON })
    expect(readFileSync(result.keptAs!)).toEqual(damaged)
    expect(readFileSync(`${result.keptAs}-wal`, 'utf8')).toBe('frames of the damaged database')
    expect(existsSync(`${dbPath}-wal`)).toBe(false)
    expect(blindNames(dbPath)).toEqual(['kept-0', 'kept-1'])
  })

  it('can be undone by restoring the kept database', async () => {
    const file = await aBackup()
    const current = freshDatabase()
    addBlinds(current.sqlite, 1, 'current')
    current.close()
    const first = restoreDatabase({ file, dbPath: current.path, now: () => NOON })
    const second = restoreDatabase({ file: first.keptAs!, dbPath: current.path, now: () => NOON })
    expect(blindNames(current.path)).toEqual(['current-0'])
    expect(second.keptAs).toBe(`${first.keptAs}-2`)
    expect(blindNames(second.keptAs!)).toEqual(['kept-0', 'kept-1'])
  })

  it('restores onto a folder with no database yet', async () => {
    const file = await aBackup()
    const dbPath = join(temporaryFolder(), 'new', 'lamella.db')
    const result = restoreDatabase({ file, dbPath })
    expect(result.keptAs).toBeUndefined()
    expect(describeRestore(result)[1]).toBe(`there was no database at ${dbPath} to keep`)
    expect(blindNames(dbPath)).toEqual(['kept-0', 'kept-1'])
  })

  it('refuses while a hub holds the lock, and changes nothing', async () => {
    const file = await aBackup()
    const current = freshDatabase()
    addBlinds(current.sqlite, 1)
    current.close()
    const release = acquireHubLock(current.path)
    const folder = join(current.path, '..')
    const before = folderState(folder)
    try {
      expect(() => restoreDatabase({ file, dbPath: current.path })).toThrow(
        new RestoreError(
          `a hub is running on ${current.path}; stop it first (sudo systemctl stop lamella), then restore`,
        ),
      )
      expect(folderState(folder)).toEqual(before)
    } finally {
      release()
    }
  })

  it('refuses a file with a migration newer than this build’s', async () => {
    const file = await aBackup()
    const newer = new Database(file)
    newer
      .prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)')
      .run('future', Date.parse('2099-01-01T00:00:00Z'))
    newer.close()
    const current = freshDatabase()
    current.close()
    const before = folderState(join(current.path, '..'))
    expect(() => restoreDatabase({ file, dbPath: current.path })).toThrow(
      `cannot restore ${file}: it was made by a newer Lamella (its migration of 2099-01-01T00:00:00.000Z is unknown to this version)`,
    )
    expect(folderState(join(current.path, '..'))).toEqual(before)
  })

  it('refuses a file with a write-ahead log beside it: the file alone is not the database', async () => {
    const file = await aBackup()
    writeFileSync(`${file}-wal`, 'frames')
    const current = freshDatabase()
    current.close()
    expect(() => restoreDatabase({ file, dbPath: current.path })).toThrow(
      `cannot restore ${file}: ${file}-wal beside it holds part of its data; make a backup with lamella backup`,
    )
  })

  it('refuses a damaged file and leaves no folder it would have made', async () => {
    const file = await aBackup()
    const bytes = readFileSync(file)
    writeFileSync(file, bytes.subarray(0, bytes.length / 2))
    const parent = temporaryFolder()
    expect(() => restoreDatabase({ file, dbPath: join(parent, 'a', 'b', 'lamella.db') })).toThrow(
      new RegExp(`^cannot restore ${file}: it is damaged: `),
    )
    expect(readdirSync(parent)).toEqual([])
  })

  it('refuses to restore the database onto itself', () => {
    const current = freshDatabase()
    current.close()
    expect(() => restoreDatabase({ file: current.path, dbPath: current.path })).toThrow(
      `cannot restore ${current.path}: it is the database itself`,
    )
  })
})
