// `lamella backup` and `lamella restore` as the owner runs them on the Pi: the shipped bundle
// in real processes, next to a real hub process that keeps writing (README "Backups").
import Database from 'better-sqlite3'
import { createHash, randomBytes } from 'node:crypto'
import {
  copyFileSync,
  existsSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli, type Finished } from '../helpers/cli'
import { temporaryFolders } from '../helpers/temporary-folders'
import { startHubProcess, type HubProcess } from '../bus/hub-process'

const BLIND_CREATE = 'mutation($input: BlindInput!) { blindCreate(input: $input) { id name } }'

const temporaryFolder = temporaryFolders('lamella-backup-cli-')

/** Runs the built `lamella` to its end, with nothing of this shell's LAMELLA_* settings. */
function run(args: string[], vars: Record<string, string> = {}): Promise<Finished> {
  return runCli(args, vars, temporaryFolder())
}

/** Each file of a folder (not its subfolders) with a hash of its bytes, and its inode. */
function folderState(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => statSync(join(folder, name)).isFile())
    .sort()
    .map((name) => {
      const path = join(folder, name)
      const hash = createHash('sha256').update(readFileSync(path)).digest('hex')
      return `${name} ${statSync(path).ino} ${hash}`
    })
}

/** Opens a database file for a look, checks it is whole, and gives the names of its blinds. */
function blindNamesIn(path: string): string[] {
  const sqlite = new Database(path, { fileMustExist: true })
  try {
    expect(sqlite.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }])
    return (sqlite.prepare('SELECT name FROM blinds').all() as { name: string }[]).map(
      (r) => r.name,
    )
  } finally {
    sqlite.close()
  }
}

/** Creates blinds one after another until stopped; `acked` holds those the hub answered. */
function blindStream(hub: HubProcess) {
  const acked: string[] = []
  let stopped = false
  const done = (async () => {
    for (let i = 0; !stopped; i++) {
      const name = `stream-${i}`
      const unit = 1 + Math.floor(i / 128)
      const coil = (i % 128) * 2
      const res = await hub.gql<{ blindCreate: { name: string } }>(
        BLIND_CREATE,
        {
          input: {
            name,
            blindAddressUp: `${unit}:${coil}`,
            blindAddressDown: `${unit}:${coil + 1}`,
          },
        },
        hub.adminToken,
      )
      if (!res.data) throw new Error(`blindCreate ${name} failed: ${JSON.stringify(res.errors)}`)
      acked.push(res.data.blindCreate.name)
    }
  })()
  return {
    acked,
    async stop() {
      stopped = true
      await done
    },
  }
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe('lamella backup and lamella restore', () => {
  let folder: string
  let dbPath: string
  let hub: HubProcess
  let backupFile: string
  let backedUp: string[]
  let everyAcked: string[]

  beforeAll(async () => {
    folder = temporaryFolder()
    dbPath = join(folder, 'lamella.db')
    backupFile = join(temporaryFolder(), 'lamella-backup.db')
    hub = await startHubProcess({ serial: 'emulator', dbPath })
  })
  afterAll(async () => {
    await hub.close()
  })

  it('backs up while the hub takes a stream of writes: the copy is whole and holds every blind acknowledged before it began', async () => {
    const stream = blindStream(hub)
    let ackedBefore: string[]
    let res: Finished
    try {
      await until(() => stream.acked.length >= 20, '20 blinds')
      ackedBefore = [...stream.acked]
      res = await run(['backup', backupFile], { LAMELLA_DB: dbPath })
    } finally {
      await stream.stop()
    }
    everyAcked = [...stream.acked]

    const line =
      /^backed up (.+) to (.+) \(\d+ KiB, integrity ok\): 1 user, (\d+) blinds, 0 automations\n$/
    expect(res.stderr).toBe('')
    expect(res.stdout).toMatch(line)
    expect(res.code).toBe(0)
    const [, source, destination, blinds] = line.exec(res.stdout)!
    expect([source, destination]).toEqual([dbPath, backupFile])

    backedUp = blindNamesIn(backupFile)
    expect(backedUp).toEqual(expect.arrayContaining(ackedBefore))
    expect(backedUp.length).toBe(Number(blinds))
    // The hub kept writing while the copy was made.
    expect(everyAcked.length).toBeGreaterThan(ackedBefore.length)
    expect(statSync(backupFile).mode & 0o777).toBe(0o600)
    // No temporary file is left beside it.
    expect(readdirSync(join(backupFile, '..'))).toEqual(['lamella-backup.db'])
  })

  it('refuses to replace an existing file without --force and leaves it as it was', async () => {
    const before = folderState(join(backupFile, '..'))
    const res = await run(['backup', backupFile, '--db', dbPath])
    expect(res).toEqual({
      code: 1,
      stdout: '',
      stderr: `lamella: ${backupFile} exists; add --force to replace it\n`,
    })
    expect(folderState(join(backupFile, '..'))).toEqual(before)

    const other = join(temporaryFolder(), 'other.db')
    writeFileSync(other, 'an old file')
    const forced = await run(['backup', other, '--force', '--db', dbPath])
    expect(forced.code).toBe(0)
    expect(blindNamesIn(other).sort()).toEqual([...everyAcked].sort())
  })

  it('refuses to back up a database that does not exist, and makes none', async () => {
    const missing = join(temporaryFolder(), 'missing.db')
    const res = await run(['backup', join(temporaryFolder(), 'copy.db')], { LAMELLA_DB: missing })
    expect(res).toEqual({
      code: 1,
      stdout: '',
      stderr: `lamella: there is no database at ${missing} (set LAMELLA_DB or --db)\n`,
    })
    expect(existsSync(missing)).toBe(false)
  })

  it.each([
    ['no file', ['backup']],
    ['two files', ['restore', 'a.db', 'b.db']],
    ['an unknown flag', ['restore', 'a.db', '--force']],
  ])('exits with 2 and the usage for %s', async (_, args) => {
    const res = await run(args, { LAMELLA_DB: dbPath })
    expect(res.code).toBe(2)
    expect(res.stderr).toMatch(/^lamella: .+\n\nUsage:\n/)
  })

  it('refuses to start a second hub on the same database', async () => {
    const res = await run(['serve'], {
      LAMELLA_DB: dbPath,
      LAMELLA_PORT: '0',
      LAMELLA_HOST: '127.0.0.1',
    })
    expect(res).toEqual({
      code: 1,
      stdout: '',
      stderr: `lamella: ${dbPath} is in use by another lamella serve or lamella restore\n`,
    })
    expect(hub.running).toBe(true)
  })

  it('refuses to restore while the hub runs, and changes nothing', async () => {
    const before = folderState(folder)
    const res = await run(['restore', backupFile, '--db', dbPath])
    expect(res).toEqual({
      code: 1,
      stdout: '',
      stderr: `lamella: a hub is running on ${dbPath}; stop it first (sudo systemctl stop lamella), then restore\n`,
    })
    expect(folderState(folder)).toEqual(before)
    const list = await hub.gql<{ blindList: unknown[] }>('{ blindList { id } }', {}, hub.adminToken)
    expect(list.data?.blindList).toHaveLength(everyAcked.length)
  })

  describe('after the hub was killed', () => {
    let bad: string

    beforeAll(async () => {
      // SIGKILL: the newest writes may still be in lamella.db-wal only.
      await hub.signal('SIGKILL')
      expect(existsSync(`${dbPath}-wal`)).toBe(true)
      bad = temporaryFolder()
    })

    /** Makes a file to restore in a folder of its own and gives its path. */
    const garbage = () => {
      const path = join(bad, 'garbage.db')
      writeFileSync(path, randomBytes(64 * 1024))
      return path
    }
    const truncated = () => {
      const path = join(bad, 'truncated.db')
      const bytes = readFileSync(backupFile)
      writeFileSync(path, bytes.subarray(0, Math.floor(bytes.length / 2)))
      return path
    }
    const foreign = () => {
      const path = join(bad, 'notes.db')
      const sqlite = new Database(path)
      sqlite.exec("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('milk')")
      sqlite.close()
      return path
    }
    const newer = () => {
      const path = join(bad, 'newer.db')
      copyFileSync(backupFile, path)
      const sqlite = new Database(path)
      sqlite
        .prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)')
        .run('from-the-future', Date.parse('2099-01-01T00:00:00Z'))
      sqlite.close()
      return path
    }

    it.each([
      ['a missing file', () => join(bad, 'missing.db'), 'there is no such file'],
      [
        'an empty file',
        () => (writeFileSync(join(bad, 'empty.db'), ''), join(bad, 'empty.db')),
        'it is not an SQLite database',
      ],
      ['a file of random bytes', garbage, 'it is not an SQLite database'],
      ['a truncated backup', truncated, /^it is damaged: .+$/],
      [
        'an SQLite file that is not Lamella’s',
        foreign,
        'it is not a Lamella database: no table users, sessions, blinds, automations, scenes, __drizzle_migrations',
      ],
      [
        'a backup of a newer Lamella',
        newer,
        'it was made by a newer Lamella (its migration of 2099-01-01T00:00:00.000Z is unknown to this version)',
      ],
    ])('refuses %s, says why, and changes nothing', async (_, make, why) => {
      const file = make()
      const before = folderState(folder)
      const res = await run(['restore', file], { LAMELLA_DB: dbPath })
      expect(res.code).toBe(1)
      expect(res.stdout).toBe('')
      const prefix = `lamella: cannot restore ${file}: `
      expect(res.stderr.startsWith(prefix) && res.stderr.endsWith('\n')).toBe(true)
      expect(res.stderr.trimEnd().split('\n')).toHaveLength(1)
      const reason = res.stderr.slice(prefix.length, -1)
      if (typeof why === 'string') expect(reason).toBe(why)
      else expect(reason).toMatch(why)
      expect(folderState(folder)).toEqual(before)
    })

    it('restores the backup: its blinds come back, and the database before it is kept aside whole', async () => {
      const res = await run(['restore', backupFile, '--db', dbPath])
      expect(res.stderr).toBe('')
      expect(res.code).toBe(0)
      const lines = res.stdout.trimEnd().split('\n')
      expect(lines).toHaveLength(3)
      expect(lines[0]).toBe(
        `checked ${backupFile}: integrity ok, 1 user, ${backedUp.length} blinds, 0 automations`,
      )
      const kept = new RegExp(
        `^kept the previous database as (${dbPath}\\.before-restore-\\d{8}T\\d{6}Z)$`,
      )
      expect(lines[1]).toMatch(kept)
      expect(lines[2]).toBe(`restored ${backupFile} to ${dbPath}; start the hub to use it`)

      // Every write the killed hub acknowledged is in the kept database, -wal or not.
      const aside = kept.exec(lines[1]!)![1]!
      expect(blindNamesIn(aside).sort()).toEqual([...everyAcked].sort())
      expect(existsSync(`${aside}-wal`)).toBe(false)

      // A hub started on the restored database serves exactly what was backed up.
      hub = await startHubProcess({ serial: 'emulator', dbPath })
      const list = await hub.gql<{ blindList: { name: string }[] }>(
        '{ blindList { name } }',
        {},
        hub.adminToken,
      )
      expect(list.data?.blindList.map((b) => b.name).sort()).toEqual([...backedUp].sort())
    })
  })
})
