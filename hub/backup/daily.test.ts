import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { TestClock } from '../clock/test-clock'
import { createDailyBackups, dailyBackupFolder, type DailyBackups } from './daily'
import { addBlinds, blindNames, freshDatabase } from './test-database'

type Line = Record<string, unknown> & { level: string; msg: string }

function recordingLog() {
  const lines: Line[] = []
  const write = (level: string) => (obj: object, msg: string) => lines.push({ level, ...obj, msg })
  const log = {
    child: (bindings: object) => {
      expect(bindings).toEqual({ module: 'backup' })
      return { info: write('info'), error: write('error') }
    },
  }
  return { log, lines }
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE

describe('createDailyBackups', () => {
  let database: ReturnType<typeof freshDatabase>
  let backups: DailyBackups | undefined
  let folder: string
  let record: ReturnType<typeof recordingLog>
  let clock: TestClock

  beforeEach(() => {
    // Only the clock is the test's; the copy itself runs for real.
    clock = new TestClock('2025-03-10T10:00:00Z')
    database = freshDatabase()
    addBlinds(database.sqlite, 2)
    folder = dailyBackupFolder(database.path)
    record = recordingLog()
  })
  afterEach(async () => {
    await backups?.stop()
    backups = undefined
    database.close()
  })

  const start = (keepDays?: number) => {
    backups = createDailyBackups({
      dbPath: database.path,
      database,
      log: record.log,
      clock,
      timeZone: 'UTC',
      ...(keepDays && { keepDays }),
    })
    backups.start()
    return backups
  }
  const files = () => (existsSync(folder) ? readdirSync(folder).sort() : [])
  /**
   * Moves the fake clock on an hour at most at a time, waiting after each step for a backup
   * the timers started: the copy runs for real, and the next timer is armed when it is done.
   */
  const advance = async (ms: number) => {
    for (let left = ms; left > 0; left -= HOUR) {
      await clock.advance(Math.min(left, HOUR))
      await backups!.idle()
    }
  }

  it('makes today’s backup at start when it is missing, checked and complete', async () => {
    await start().idle()
    expect(files()).toEqual(['lamella-2025-03-10.db'])
    expect(blindNames(join(folder, 'lamella-2025-03-10.db'))).toEqual(['blind-0', 'blind-1'])
    expect(record.lines).toEqual([
      expect.objectContaining({
        level: 'info',
        msg: 'wrote the daily backup',
        file: join(folder, 'lamella-2025-03-10.db'),
      }),
    ])
  })

  it('makes no second one on the same day, and the next one at 03:30', async () => {
    await start().idle()
    addBlinds(database.sqlite, 1, 'later')
    // 2025-03-11 03:29:59 UTC: not yet.
    await advance(17 * HOUR + 29 * MINUTE + 59_000)
    expect(files()).toEqual(['lamella-2025-03-10.db'])
    await advance(2000)
    expect(files()).toEqual(['lamella-2025-03-10.db', 'lamella-2025-03-11.db'])
    expect(blindNames(join(folder, 'lamella-2025-03-11.db'))).toEqual([
      'blind-0',
      'blind-1',
      'later-2',
    ])
    // A restart later that day finds today's and makes none.
    await backups!.stop()
    record.lines.length = 0
    await start().idle()
    expect(files()).toEqual(['lamella-2025-03-10.db', 'lamella-2025-03-11.db'])
    expect(record.lines).toEqual([])
  })

  it('keeps the newest seven by the date in their names and leaves other files alone', async () => {
    mkdirSync(folder)
    for (let day = 1; day <= 9; day++) {
      writeFileSync(join(folder, `lamella-2025-03-0${day}.db`), 'an older backup')
    }
    writeFileSync(join(folder, 'notes.txt'), 'mine')
    writeFileSync(join(folder, 'lamella-before-upgrade.db'), 'mine too')
    writeFileSync(join(folder, '.lamella-2025-03-09.db.99-abcdef01.lamella-tmp'), 'half a copy')

    await start().idle()
    expect(files()).toEqual([
      'lamella-2025-03-04.db',
      'lamella-2025-03-05.db',
      'lamella-2025-03-06.db',
      'lamella-2025-03-07.db',
      'lamella-2025-03-08.db',
      'lamella-2025-03-09.db',
      'lamella-2025-03-10.db',
      'lamella-before-upgrade.db',
      'notes.txt',
    ])
    const removed = record.lines.filter((l) => l.msg === 'removed an old daily backup')
    expect(removed.map((l) => l.file)).toEqual([
      join(folder, 'lamella-2025-03-03.db'),
      join(folder, 'lamella-2025-03-02.db'),
      join(folder, 'lamella-2025-03-01.db'),
      join(folder, '.lamella-2025-03-09.db.99-abcdef01.lamella-tmp'),
    ])

    // A week on, the ones of this week are all that is left.
    await advance(7 * 24 * HOUR)
    expect(files().filter((f) => /^lamella-\d/.test(f))).toEqual([
      'lamella-2025-03-11.db',
      'lamella-2025-03-12.db',
      'lamella-2025-03-13.db',
      'lamella-2025-03-14.db',
      'lamella-2025-03-15.db',
      'lamella-2025-03-16.db',
      'lamella-2025-03-17.db',
    ])
  })

  it('keeps as many as it is told to', async () => {
    start(2)
    await advance(3 * 24 * HOUR)
    expect(files()).toEqual(['lamella-2025-03-12.db', 'lamella-2025-03-13.db'])
  })

  it('never removes today’s backup, even when older files carry later dates', async () => {
    mkdirSync(folder)
    // Written while the clock ran a year ahead.
    for (let day = 1; day <= 8; day++) {
      writeFileSync(join(folder, `lamella-2026-03-0${day}.db`), 'misdated')
    }
    await start().idle()
    expect(files()).toContain('lamella-2025-03-10.db')
    expect(files()).toHaveLength(8)
  })

  it('still runs near 03:30 after the wall clock jumps ahead', async () => {
    await start().idle()
    // The clock is set 17 h 40 min ahead at once (a Pi without RTC learning the time);
    // the timer that was waiting knows nothing of it.
    clock.setWallClock('2025-03-11T03:40:00Z')
    await advance(HOUR)
    expect(files()).toEqual(['lamella-2025-03-10.db', 'lamella-2025-03-11.db'])
  })

  it('logs a failed backup and tries again an hour later', async () => {
    clock = new TestClock('2025-03-10T04:00:00Z')
    writeFileSync(folder, 'a file where the folder should be')
    await start().idle()
    expect(record.lines).toEqual([
      expect.objectContaining({
        level: 'error',
        msg: 'the daily backup failed',
        file: join(folder, 'lamella-2025-03-10.db'),
      }),
    ])
    rmSync(folder)
    await advance(HOUR)
    expect(files()).toEqual(['lamella-2025-03-10.db'])
  })

  it('stops its timer: nothing more is written after stop', async () => {
    await start().idle()
    await backups!.stop()
    await clock.advance(3 * 24 * HOUR)
    expect(files()).toEqual(['lamella-2025-03-10.db'])
    expect(clock.pending()).toBe(0)
  })

  it('counts the day and 03:30 in the hub’s time zone', async () => {
    // 02:00 in New York on 10 March 2025, the day clocks there spring forward.
    clock = new TestClock('2025-03-10T06:00:00Z')
    backups = createDailyBackups({
      dbPath: database.path,
      database,
      log: record.log,
      clock,
      timeZone: 'America/New_York',
    })
    backups.start()
    await backups.idle()
    expect(files()).toEqual(['lamella-2025-03-10.db'])
    // 03:30 EDT on 11 March is 07:30 UTC.
    await advance(25 * HOUR + 29 * MINUTE)
    expect(files()).toEqual(['lamella-2025-03-10.db'])
    await advance(2 * MINUTE)
    expect(files()).toEqual(['lamella-2025-03-10.db', 'lamella-2025-03-11.db'])
  })
})
