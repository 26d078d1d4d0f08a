// A household's database from before positions (migration 0000 only, filled as that hub
// wrote it) opened by this hub: every blind, automation, scene, user, favourite and run is
// still there, each blind travels as long each way as it did, and no position is known yet.
import Database from 'better-sqlite3'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { migrationsFolder } from '../../hub/paths'
import { openDatabase } from '../../hub/db/open'
import { hashPassword } from '../../hub/auth/passwords'
import { ADMIN_PASSWORD, startHub, type TestHub } from '../helpers/hub'
import { temporaryFolders } from '../helpers/temporary-folders'

const temporaryFolder = temporaryFolders('lamella-migration-')

/** A database with only the first migration, as the hub before positions left it. */
function databaseBeforePositions(folder: string, adminHash = 'x'): string {
  const old = join(folder, 'migrations-0000')
  mkdirSync(join(old, 'meta'), { recursive: true })
  cpSync(join(migrationsFolder, '0000_initial.sql'), join(old, '0000_initial.sql'))
  const journal = JSON.parse(
    readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: unknown[] }
  journal.entries = journal.entries.slice(0, 1)
  writeFileSync(join(old, 'meta', '_journal.json'), JSON.stringify(journal))
  const path = join(folder, 'lamella.db')
  const sqlite = new Database(path)
  migrate(drizzle(sqlite), { migrationsFolder: old })
  sqlite.exec(`
    INSERT INTO users VALUES ('u1', 'anna', 'x', 0, 1, 1);
    INSERT INTO users VALUES ('u0', 'admin', '${adminHash}', 1, 1, 1);
    INSERT INTO blinds VALUES ('b1', 'Kitchen', 'kitchen', '1:0', '1:1', 42000, 1, 1);
    INSERT INTO blinds VALUES ('b2', 'Hall', 'hall', '1:2', '1:3', 15000, 1, 1);
    INSERT INTO user_blinds VALUES ('u1', 'b1');
    INSERT INTO blind_favorites VALUES ('u1', 'b1');
    INSERT INTO automations VALUES ('a1', 'Morning', 'morning', 'CRON', '0 7 * * *', NULL, 0, 1, 1, 1);
    INSERT INTO scenes VALUES ('s1', 'a1', 0, 'Up', 'BLIND_CONTROL', 45000);
    INSERT INTO scenes VALUES ('s2', 'a1', 1, 'Wait', 'DELAY', 1000);
    INSERT INTO scene_targets VALUES ('s1', 0, 'b1', 'UP');
    INSERT INTO scene_targets VALUES ('s1', 1, 'b2', 'UP');
    INSERT INTO automation_favorites VALUES ('u1', 'a1');
    INSERT INTO automation_runs VALUES ('r1', 'a1', 'SUCCEEDED', 'cron', 5, 6, 1, NULL);
  `)
  sqlite.close()
  return path
}

const rows = (path: string, sql: string) => {
  const sqlite = new Database(path)
  try {
    return sqlite.prepare(sql).all()
  } finally {
    sqlite.close()
  }
}

describe('opening a database from before positions', () => {
  let t: TestHub | undefined
  afterAll(() => t?.close())

  it('keeps every row, and splits each travel time into the same time each way', () => {
    const path = databaseBeforePositions(temporaryFolder())
    const tables = ['users', 'user_blinds', 'blind_favorites', 'automations', 'scenes']
    const before = tables.map((table) => rows(path, `SELECT * FROM ${table} ORDER BY rowid`))
    const keep = ['automation_favorites', 'automation_runs', 'scene_targets'].map((table) =>
      rows(path, `SELECT * FROM ${table} ORDER BY rowid`),
    )
    openDatabase(path).close()
    expect(tables.map((table) => rows(path, `SELECT * FROM ${table} ORDER BY rowid`))).toEqual(
      before.map((list, i) =>
        tables[i] === 'scenes'
          ? list.map((s) => ({ ...(s as object), target_position: null, target_tilt: null }))
          : // Users gained their UI language (0009): none chosen, the browser's.
            tables[i] === 'users'
            ? list.map((u) => ({ ...(u as object), language: null }))
            : list,
      ),
    )
    expect(
      ['automation_favorites', 'automation_runs', 'scene_targets'].map((table) =>
        rows(path, `SELECT * FROM ${table} ORDER BY rowid`),
      ),
    ).toEqual(
      // Runs gained the blinds a lock made them skip (weather protection): none before.
      keep.map((list, i) =>
        i === 1 ? list.map((r) => ({ ...(r as object), skipped: null })) : list,
      ),
    )
    expect(
      rows(
        path,
        `SELECT id, travel_time_up_ms, travel_time_down_ms, motor_start_delay_ms, tilt_time_ms,
           room, my_position, position, tilt FROM blinds ORDER BY id`,
      ),
    ).toEqual([
      {
        id: 'b1',
        travel_time_up_ms: 42000,
        travel_time_down_ms: 42000,
        motor_start_delay_ms: 0,
        tilt_time_ms: 0,
        room: null,
        my_position: null,
        position: null,
        tilt: null,
      },
      {
        id: 'b2',
        travel_time_up_ms: 15000,
        travel_time_down_ms: 15000,
        motor_start_delay_ms: 0,
        tilt_time_ms: 0,
        room: null,
        my_position: null,
        position: null,
        tilt: null,
      },
    ])
  })

  it('serves the old blinds and automations through the API as before', async () => {
    const adminHash = await hashPassword(ADMIN_PASSWORD)
    t = await startHub({ dbPath: databaseBeforePositions(temporaryFolder(), adminHash) })
    const blinds = await t.gql<{ blindList: Record<string, unknown>[] }>(
      '{ blindList { name travelTimeMs travelTimeUpMs travelTimeDownMs position motion } }',
      {},
      t.adminToken,
    )
    expect(blinds.data?.blindList).toEqual([
      {
        name: 'Hall',
        travelTimeMs: 15000,
        travelTimeUpMs: 15000,
        travelTimeDownMs: 15000,
        position: null,
        motion: 'IDLE',
      },
      {
        name: 'Kitchen',
        travelTimeMs: 42000,
        travelTimeUpMs: 42000,
        travelTimeDownMs: 42000,
        position: null,
        motion: 'IDLE',
      },
    ])
    const automations = await t.gql<{ automationList: unknown[] }>(
      '{ automationList { name trigger { cron } scene { type duration blindAddresses blindIds } } }',
      {},
      t.adminToken,
    )
    expect(automations.data?.automationList).toEqual([
      {
        name: 'Morning',
        trigger: { cron: '0 7 * * *' },
        scene: [
          { type: 'BLIND_CONTROL', duration: 45000, blindAddresses: ['1:0', '1:2'], blindIds: [] },
          { type: 'DELAY', duration: 1000, blindAddresses: [], blindIds: [] },
        ],
      },
    ])
  })
})
