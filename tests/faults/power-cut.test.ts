// A power cut, as near as a test gets: the built hub on one SQLite file kept across restarts,
// killed with SIGKILL at random moments while three admins write to it at once, then started
// again on the same file, as systemd's Restart=always would (ARCHITECTURE.md section 7). After
// each kill the file passes integrity_check with nothing half-written in it; after each restart
// every write the hub acknowledged is there, and sessions still work.
//
// SIGKILL ends the process, not the kernel: what reached the page cache survives. So this shows
// that an acknowledged write was committed, and committed whole; that synchronous=FULL's fsync
// reaches the disk before the answer needs a real power cut (or a VM) to show.
//
// The seed (LAMELLA_FAULT_SEED to replay one) fixes what each client writes and when each kill
// comes; which requests are in flight at that moment is up to the machine.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startHubProcess, type HubProcess } from '../bus/hub-process'
import { sleep } from '../bus/polling'
import { checkFile } from './database-file'
import {
  checkHouseholds,
  checkSessions,
  emptyTally,
  setUpClients,
  writeUntil,
} from './household-clients'
import { report } from './report'
import { seededRandom, seedFrom } from '../../firmware-protocol/seeded-random'

const KILLS = 20
const CLIENTS = 3
const SEED = seedFrom(process.env.LAMELLA_FAULT_SEED)
/** How long the clients write before a kill: a random moment in this range. */
const WRITE_MS = { min: 200, max: 1200 }

describe('a hub process killed at random moments under a stream of writes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lamella-power-cut-'))
  const dbPath = join(dir, 'lamella.db')
  let hub: HubProcess | undefined
  afterAll(async () => {
    await hub?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it(`keeps every acknowledged write, and none by halves, through ${KILLS} SIGKILLs (seed ${SEED})`, async () => {
    const rng = seededRandom(SEED)
    const started = performance.now()
    hub = await startHubProcess({ serial: 'emulator', dbPath })

    // Drawn before anything runs concurrently, so that each client's writes follow the seed.
    const clientSeeds = Array.from({ length: CLIENTS }, () => rng.int(0, 2 ** 32 - 1))
    const clients = await setUpClients(hub, clientSeeds)

    let kills = 0
    const tally = emptyTally()
    const halfWritten: string[] = []

    const spent = { writing: 0, killing: 0, checkingFile: 0, starting: 0, verifying: 0 }
    let mark = performance.now()
    const lap = (phase: keyof typeof spent) => {
      const now = performance.now()
      spent[phase] += now - mark
      mark = now
    }
    while (kills < KILLS) {
      const live: HubProcess = hub
      let stopped = false
      lap('verifying')
      const writing = clients.map((c) => writeUntil(c, live, () => stopped, tally))
      await sleep(rng.int(WRITE_MS.min, WRITE_MS.max))
      lap('writing')
      if (!live.running) tally.failures.push(`the hub exited by itself before kill ${kills + 1}`)
      const killed = live.signal('SIGKILL')
      stopped = true
      await Promise.all([killed, ...writing])
      await live.close()
      kills++
      const internal = live.lines.filter((l) => /"level":(50|60)/.test(l))
      tally.failures.push(...internal.map((l) => `before kill ${kills} the hub logged: ${l}`))
      lap('killing')

      halfWritten.push(...checkFile(dbPath).map((p) => `after kill ${kills}: ${p}`))
      lap('checkingFile')

      hub = await startHubProcess({ serial: 'emulator', dbPath })
      lap('starting')
      // Logging in again works (startHubProcess did), and the sessions from before still do.
      const where = `after kill ${kills}`
      await checkSessions(
        hub,
        [
          ['admin', hub.adminToken],
          ['admin', live.adminToken],
          ...clients.map((c): [string, string] => [c.username, c.token]),
        ],
        where,
        tally,
      )
      await checkHouseholds(hub, clients, where, tally)
    }

    lap('verifying')
    const seconds = (performance.now() - started) / 1000
    report(
      `power cut (seed ${SEED}): ${kills} kills, ${tally.acknowledged} acknowledged writes, ` +
        `${tally.losses.length} lost, ${halfWritten.length} half-written, ` +
        `${tally.unexplained.length} unexplained; ` +
        `${tally.inFlight} writes in flight at a kill, ${tally.inFlightApplied} of them found applied; ` +
        `${tally.sessionsChecked} sessions checked; ${seconds.toFixed(1)} s ` +
        `(${Object.entries(spent)
          .map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(1)} s`)
          .join(', ')})`,
    )
    const replay = `replay with LAMELLA_FAULT_SEED=${SEED}`
    expect(tally.failures, replay).toEqual([])
    expect(halfWritten, replay).toEqual([])
    expect(tally.unexplained, replay).toEqual([])
    expect(tally.losses, replay).toEqual([])
    // The kills landed in a stream of writes, not in a quiet hub.
    expect(tally.acknowledged).toBeGreaterThan(KILLS * 10)
    expect(tally.inFlight).toBeGreaterThan(0)
  }, 180_000)
})
