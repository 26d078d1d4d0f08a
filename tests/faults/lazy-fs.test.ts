// The power-cut filesystem proves itself before the hub is put on it: what was fsynced is there
// after a cut, what was not is gone (contents and sizes alike), names stay, and SQLite's own
// durability setting makes exactly the difference it should. A hub test on a filesystem that
// lost nothing would prove nothing.
import Database from 'better-sqlite3'
import { spawn } from 'node:child_process'
import {
  closeSync,
  existsSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
  statSync,
  writeSync,
} from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { projectRoot } from '../../hub/paths'
import { describeNeeding } from '../helpers/system-tools'
import { temporaryFolders } from '../helpers/temporary-folders'
import { lazyFsMissing, mountLazyFs, type LazyFs } from './lazy-fs'

const folder = temporaryFolders('lamella-lazy-fs-')

/** Writes `text` at `at`, fsyncs if asked, and closes: a close alone syncs nothing. */
function write(file: string, text: string, at: number, sync: boolean): void {
  const fd = openSync(file, existsSync(file) ? 'r+' : 'w')
  writeSync(fd, text, at)
  if (sync) fsyncSync(fd)
  closeSync(fd)
}

describeNeeding(
  lazyFsMissing(),
  'a filesystem that loses at a power cut what was not fsynced',
  () => {
    let fs: LazyFs
    beforeAll(async () => {
      fs = await mountLazyFs(folder())
    })
    afterAll(() => fs?.close())

    it('keeps a write that was fsynced and loses the one after it that was not', async () => {
      const file = join(fs.path, 'note.txt')
      write(file, 'kept', 0, true)
      write(file, ' and lost', 4, false)
      expect(readFileSync(file, 'utf8')).toBe('kept and lost')
      await fs.cut()
      expect(readFileSync(file, 'utf8')).toBe('kept')
      expect(readFileSync(join(fs.card, 'note.txt'), 'utf8')).toBe('kept')
    })

    it('loses a truncate that was not fsynced, and never shows the cut-off bytes again', async () => {
      const file = join(fs.path, 'pages.bin')
      write(file, 'a'.repeat(10_000), 0, true)
      const fd = openSync(file, 'r+')
      ftruncateSync(fd, 100)
      writeSync(fd, 'b', 5000)
      closeSync(fd)
      // Between the old end at 100 and the new byte at 5000 there are zeros, not old a's.
      const now = readFileSync(file)
      expect(now.length).toBe(5001)
      expect(now.subarray(100, 5000).every((byte) => byte === 0)).toBe(true)
      await fs.cut()
      expect(readFileSync(file, 'utf8')).toBe('a'.repeat(10_000))

      const synced = openSync(file, 'r+')
      ftruncateSync(synced, 100)
      fsyncSync(synced)
      closeSync(synced)
      await fs.cut()
      expect(statSync(file).size).toBe(100)
    })

    it('keeps a file that was created, with nothing in it that was not synced', async () => {
      const file = join(fs.path, 'created.txt')
      write(file, 'never synced', 0, false)
      await fs.cut()
      expect(readFileSync(file, 'utf8')).toBe('')
    })

    it('keeps what SQLite committed with synchronous=FULL and loses what it committed with OFF', async () => {
      const dbPath = join(fs.path, 'sqlite.db')
      // Another process, killed as the power goes: a process of our own could not let go of the
      // mount without closing the database, which writes.
      const writer = spawn(
        process.execPath,
        [
          '-e',
          `const db = new (require('better-sqlite3'))(process.argv[1])
        db.pragma('journal_mode = WAL')
        db.exec('CREATE TABLE t (n INTEGER)')
        const insert = db.prepare('INSERT INTO t VALUES (?)')
        db.pragma('synchronous = FULL')
        for (let n = 1; n <= 100; n++) insert.run(n)
        db.pragma('synchronous = OFF')
        for (let n = 101; n <= 200; n++) insert.run(n)
        console.log('written')
        setInterval(() => {}, 1000)`,
          dbPath,
        ],
        { cwd: projectRoot, stdio: ['ignore', 'pipe', 'inherit'] },
      )
      await new Promise<void>((resolve, reject) => {
        writer.stdout.on('data', (chunk: Buffer) => chunk.includes('written') && resolve())
        writer.once('exit', (code) => reject(new Error(`the writer exited with ${code}`)))
      })
      writer.kill('SIGKILL')
      await new Promise((resolve) => writer.once('exit', resolve))

      const count = () => {
        const db = new Database(dbPath, { readonly: true, fileMustExist: true })
        try {
          return {
            rows: (db.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n,
            integrity: db.pragma('integrity_check', { simple: true }),
          }
        } finally {
          db.close()
        }
      }
      // A crash of the process alone loses nothing: the writes were in the page cache.
      expect(count()).toEqual({ rows: 200, integrity: 'ok' })
      await fs.cut()
      expect(count()).toEqual({ rows: 100, integrity: 'ok' })
    })
  },
)
