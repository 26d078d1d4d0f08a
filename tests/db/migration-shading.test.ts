// A household's database from before shading (migrations up to 0002, filled as that hub
// wrote it) opened by this hub: every blind keeps its motor and has no facade, with the
// defaults; a blind still on the 60 s guess has its travel time not known; holiday mode is off.
import Database from 'better-sqlite3'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { migrationsFolder } from '../../hub/paths'
import { startHub, type TestHub } from '../helpers/hub'
import { temporaryFolders } from '../helpers/temporary-folders'

const temporaryFolder = temporaryFolders('lamella-migration-shading-')
const BEFORE_SHADING = ['0000_initial', '0001_positions', '0002_pv']

function databaseBeforeShading(folder: string): string {
  const old = join(folder, 'migrations-0002')
  mkdirSync(join(old, 'meta'), { recursive: true })
  for (const tag of BEFORE_SHADING)
    cpSync(join(migrationsFolder, `${tag}.sql`), join(old, `${tag}.sql`))
  const journal = JSON.parse(
    readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] }
  journal.entries = journal.entries.filter((e) => BEFORE_SHADING.includes(e.tag))
  writeFileSync(join(old, 'meta', '_journal.json'), JSON.stringify(journal))
  const path = join(folder, 'lamella.db')
  const sqlite = new Database(path)
  migrate(drizzle(sqlite), { migrationsFolder: old })
  sqlite.exec(`
    INSERT INTO blinds (id, name, name_key, address_up, address_down, travel_time_up_ms,
      travel_time_down_ms, created_at, updated_at)
    VALUES ('11111111-1111-4111-8111-111111111111', 'Kitchen', 'kitchen', '1:0', '1:1', 42000, 40000, 1, 1),
           ('22222222-2222-4222-8222-222222222222', 'Hall', 'hall', '1:2', '1:3', 60000, 60000, 1, 1);
  `)
  sqlite.close()
  return path
}

let t: TestHub | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

describe('opening a database from before shading', () => {
  it('gives every blind no facade and the defaults, knows the travel it was given, and has holiday mode off', async () => {
    t = await startHub({ dbPath: databaseBeforeShading(temporaryFolder()) })
    const res = await t.gql<{ blindList: Record<string, unknown>[] }>(
      `{ blindList { name travelTimeUpMs travelTimeDownMs travelTimeKnown facadeAzimuth fovLeft
        fovRight minElevation shadePosition shadeTilt shadingEnabled shadingMinBrightness
        shadingReturnPosition shadingResumeAt shading { active pausedUntil reason since } } }`,
      {},
      t.adminToken,
    )
    expect(res.errors).toBeUndefined()
    const noFacade = {
      facadeAzimuth: null,
      fovLeft: 90,
      fovRight: 90,
      minElevation: 0,
      shadePosition: null,
      shadeTilt: null,
      shadingEnabled: false,
      shadingMinBrightness: 40,
      shadingReturnPosition: null,
      shadingResumeAt: null,
      shading: { active: false, pausedUntil: null, reason: null, since: null },
    }
    expect(res.data?.blindList).toEqual([
      {
        name: 'Hall',
        travelTimeUpMs: 60000,
        travelTimeDownMs: 60000,
        travelTimeKnown: false,
        ...noFacade,
      },
      {
        name: 'Kitchen',
        travelTimeUpMs: 42000,
        travelTimeDownMs: 40000,
        travelTimeKnown: true,
        ...noFacade,
      },
    ])
    const holiday = await t.gql(
      '{ holiday { enabled randomOffsetMinutes since } }',
      {},
      t.adminToken,
    )
    expect(holiday.data).toEqual({
      holiday: { enabled: false, randomOffsetMinutes: 0, since: null },
    })
  })
})
