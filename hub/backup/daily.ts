// The daily backup: `backups/lamella-YYYY-MM-DD.db` beside the database (under systemd,
// /var/lib/lamella/backups/), made at start when today's is missing and then every day at
// 03:30 local time, keeping the newest seven.
//
// One timer, re-armed after each check, sleeping until 03:30 but never more than an hour:
// a timer counts elapsed time, and a Pi's wall clock can jump by hours (no RTC; the time is
// set late). Waking hourly to read the wall clock again keeps the backup near 03:30 whatever
// the clock did, retries a failed backup an hour later, and costs nothing. (node-cron would
// add nothing a timer does not do here.) Backups do not wait for a trusted clock: an offline
// Pi may never get one, and a backup under a wrong date beats none.
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import type Database from 'better-sqlite3'
import { backupDatabase } from './backup'
import { removeIfPresent, TEMPORARY_SUFFIX } from './durable-files'
import { systemClock, type Clock, type ClockTimer } from '../clock/clock'
import { localClock } from '../local-clock'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
/** 03:30: the house is asleep, and clear of the 02:00-03:00 hour that DST skips or repeats. */
export const DAILY_BACKUP_AT_MS = 3.5 * HOUR_MS
const DAILY_NAME = /^lamella-(\d{4}-\d{2}-\d{2})\.db$/

interface BackupLog {
  info(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

export interface DailyBackupDeps {
  dbPath: string
  /** The hub's own connection: its writes during a backup land in the copy as well. */
  database: { sqlite: Database.Database }
  log: { child(bindings: object): BackupLog }
  /** The hub's clock (its wall clock names and times the backups); tests pass a TestClock. */
  clock?: Clock
  /** The zone whose 03:30 and calendar day count (the hub's TZ); default the system's. */
  timeZone?: string
  /** How many daily backups to keep, newest by the date in their names. */
  keepDays?: number
}

export interface DailyBackups {
  start(): void
  /** Stops the timer and waits for a backup under way: call before closing the database. */
  stop(): Promise<void>
  /** Resolves when no check is under way. */
  idle(): Promise<void>
}

export const dailyBackupFolder = (dbPath: string) => join(dirname(resolve(dbPath)), 'backups')

export function createDailyBackups(deps: DailyBackupDeps): DailyBackups {
  const clock = deps.clock ?? systemClock
  const timeZone = deps.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone
  const keepDays = deps.keepDays ?? 7
  if (!Number.isInteger(keepDays) || keepDays < 1) {
    throw new RangeError(`keepDays must be a whole number of at least 1 (got ${keepDays})`)
  }
  const log = deps.log.child({ module: 'backup' })
  const folder = dailyBackupFolder(deps.dbPath)

  let timer: ClockTimer | undefined
  let running: Promise<void> = Promise.resolve()
  let started = false
  let firstCheck = true

  async function makeBackup(file: string): Promise<void> {
    const startedAt = clock.monotonic()
    try {
      mkdirSync(folder, { recursive: true, mode: 0o700 })
      const result = await backupDatabase({ source: deps.database.sqlite, destination: file })
      log.info(
        { file, bytes: result.bytes, ms: Math.round(clock.monotonic() - startedAt) },
        'wrote the daily backup',
      )
    } catch (err) {
      log.error({ file, error: (err as Error).message }, 'the daily backup failed')
    }
  }

  /**
   * Keeps the newest `keepDays` by the date in the name, and always today's: files named by a
   * clock that once ran ahead must not make each new backup the "oldest" and delete it.
   * Files of other names are not ours to touch.
   */
  function prune(today: string): void {
    let names: string[]
    try {
      // Not a folder: the backup itself has said so.
      names = existsSync(folder) && statSync(folder).isDirectory() ? readdirSync(folder) : []
    } catch (err) {
      log.error({ folder, error: (err as Error).message }, 'cannot list the daily backups')
      return
    }
    const daily = names.filter((n) => DAILY_NAME.test(n)).sort((a, b) => b.localeCompare(a))
    // Half-written copies of a crash, from before this hub (the only one: hub lock) started.
    const leftovers = firstCheck
      ? names.filter((n) => n.startsWith('.lamella-') && n.endsWith(TEMPORARY_SUFFIX))
      : []
    const old = daily.slice(keepDays).filter((n) => n !== today)
    for (const name of [...old, ...leftovers]) {
      const file = join(folder, name)
      try {
        removeIfPresent(file)
        log.info({ file, keepDays }, 'removed an old daily backup')
      } catch (err) {
        log.error({ file, error: (err as Error).message }, 'cannot remove an old daily backup')
      }
    }
  }

  async function check(): Promise<void> {
    const local = localClock(clock.now(), timeZone)
    const today = `lamella-${local.date}.db`
    const file = join(folder, today)
    if ((firstCheck || local.msOfDay >= DAILY_BACKUP_AT_MS) && !existsSync(file)) {
      await makeBackup(file)
    }
    prune(today)
    firstCheck = false
  }

  function arm(): void {
    if (!started) return
    const { msOfDay } = localClock(clock.now(), timeZone)
    const untilDue = (DAILY_BACKUP_AT_MS - msOfDay + DAY_MS) % DAY_MS || DAY_MS
    timer = clock.setTimeout(
      () => {
        running = check().finally(arm)
      },
      Math.min(untilDue, HOUR_MS),
    )
    timer.unref()
  }

  return {
    start() {
      if (started) return
      started = true
      running = check().finally(arm)
    },
    async stop() {
      started = false
      clock.clear(timer)
      await running
    },
    idle: () => running,
  }
}
