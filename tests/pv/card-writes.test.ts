// What the PV module writes to the SD card (issue 23): the counted energy and the finished
// minutes in one transaction every 15 minutes (and at stop), nothing at night, and no energy
// lost or counted twice when a power cut takes the batch not written yet. A real SQLite file
// with the real migrations, the emulated inverter over real TCP, time moved by the test.
import Database from 'better-sqlite3'
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type OpenDatabase } from '../../hub/db/open'
import { HubEvents } from '../../hub/events'
import { InverterEmulator } from '../../hub/pv/inverter-emulator'
import { Photovoltaics, PV_WRITE_EVERY_MS } from '../../hub/pv/photovoltaics'
import { pvSettings } from '../../hub/pv/settings'
import { temporaryFolders } from '../helpers/temporary-folders'

const temporaryFolder = temporaryFolders('lamella-pv-writes-')
const MINUTE = 60_000
const POLL = 10_000
const quiet = { info() {}, warn() {}, error() {}, debug() {} }

const closers: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

async function rig(at: number) {
  const clock = { t: at }
  const now = () => clock.t
  const emulator = new InverterEmulator({ serial: 'TEST-1', now, startAt: at })
  await emulator.start()
  closers.push(() => emulator.stop())
  const dbPath = join(temporaryFolder(), 'lamella.db')
  /** A hub's PV module on a fresh connection to the file, as after a restart. */
  const hub = () => {
    const database: OpenDatabase = openDatabase(dbPath)
    closers.push(() => database.close())
    const pv = new Photovoltaics({
      settings: pvSettings(`modbus-tcp://127.0.0.1:${emulator.address.port}`)!,
      db: database.db,
      events: new HubEvents(),
      log: quiet,
      now,
      timeZone: 'Europe/Berlin',
    })
    return { pv, database }
  }
  /** The database file and its WAL as the card sees them: size and last change. */
  const files = () =>
    ['', '-wal'].map((suffix) => {
      const s = statSync(dbPath + suffix, { throwIfNoEntry: false })
      return s ? `${s.size}@${s.mtimeMs}` : 'none'
    })
  /** Polls every 10 s for `ms`. */
  const pollFor = async (pv: Photovoltaics, ms: number) => {
    for (const end = clock.t + ms; clock.t < end; clock.t += POLL) await pv.poll()
  }
  return { clock, emulator, hub, files, pollFor }
}

describe('PV on the SD card', () => {
  it('writes nothing to the database file during three batches’ time of polls at night', async () => {
    const r = await rig(Date.parse('2026-06-21T23:00:00Z'))
    const { pv } = r.hub()
    await r.pollFor(pv, MINUTE)
    expect(pv.status().online).toBe(true)
    const before = r.files()
    await r.pollFor(pv, 3 * PV_WRITE_EVERY_MS)
    expect(pv.status()).toMatchObject({ online: true, powerW: 0 })
    expect(r.files()).toEqual(before)
    // The night's minutes are still on the chart, and reach the card when the hub stops.
    expect(pv.history(r.clock.t - 30 * MINUTE, r.clock.t).length).toBeGreaterThan(25)
    await pv.stop()
    expect(r.files()).not.toEqual(before)
  })

  it('loses no energy when a batch’s commit fails, and writes it with the next', async () => {
    const noon = Date.parse('2026-06-21T11:00:00Z')
    const r = await rig(noon)
    const { pv, database } = r.hub()
    await r.pollFor(pv, POLL)
    const firstCounter = pv.status().lifetimeWh!
    await r.pollFor(pv, PV_WRITE_EVERY_MS - 2 * POLL)
    // The batch falls due and its minutes cannot be stored (as on a card that is full): SQLite
    // refuses them after the energy went in, and the whole commit rolls back.
    const other = new Database(database.sqlite.name)
    other.exec(
      `CREATE TRIGGER card_full BEFORE INSERT ON pv_samples BEGIN SELECT RAISE(ABORT, 'full'); END`,
    )
    await r.pollFor(pv, 2 * POLL)
    other.exec('DROP TRIGGER card_full')
    other.close()
    await r.pollFor(pv, PV_WRITE_EVERY_MS)
    await pv.stop()
    const lastCounter = pv.status().lifetimeWh!
    expect(r.hub().pv.energy(1)).toEqual([{ day: '2026-06-21', wh: lastCounter - firstCounter }])
  }, 30_000)

  it('writes a sunny quarter hour once, at its end, with every minute of it for the chart', async () => {
    const noon = Date.parse('2026-06-21T11:00:00Z')
    const r = await rig(noon)
    const { pv } = r.hub()
    await r.pollFor(pv, POLL) // the first reading, the baseline, is written at once
    const before = r.files()
    await r.pollFor(pv, PV_WRITE_EVERY_MS - 2 * POLL)
    // Some 90 polls and 14 finished minutes, none of them on the card yet, all on the chart.
    expect(r.files()).toEqual(before)
    expect(pv.history(noon, noon + PV_WRITE_EVERY_MS)).toHaveLength(15)
    expect(pv.status().todayWh).toBeGreaterThan(500)
    await r.pollFor(pv, 2 * POLL)
    expect(r.files()).not.toEqual(before)
  })

  it('loses no energy and counts none twice when a power cut takes the batch not written yet', async () => {
    const noon = Date.parse('2026-06-21T11:00:00Z')
    const r = await rig(noon)
    const first = r.hub()
    await r.pollFor(first.pv, POLL)
    // The counter as the inverter gave it (the emulator's is whole Wh).
    const firstCounter = first.pv.status().lifetimeWh!
    await r.pollFor(first.pv, 20 * MINUTE)
    // The power goes: the hub never stops, so five minutes of counting never reach the file.
    const afterCut = r.hub()
    expect(afterCut.pv.energy(1)[0]!.wh).toBeLessThan(first.pv.energy(1)[0]!.wh)
    await r.pollFor(afterCut.pv, 10 * MINUTE)
    await afterCut.pv.stop()
    const lastCounter = afterCut.pv.status().lifetimeWh!
    expect(lastCounter - firstCounter).toBeGreaterThan(2000)
    expect(afterCut.pv.energy(1)).toEqual([{ day: '2026-06-21', wh: lastCounter - firstCounter }])
    // And a third start reads exactly that back from the file.
    expect(r.hub().pv.energy(1)).toEqual([{ day: '2026-06-21', wh: lastCounter - firstCounter }])
  })
})
