// Real power cuts, as near as a test gets: the hub's database on a filesystem that keeps every
// write not yet fsynced in memory and loses it at a cut (lazy-fs.py, as LazyFS does), under a
// mixed load: admins changing their households, a person moving blinds, automations run by
// hand and by cron, shading moving two blinds that face the sun, and PV polled from an
// inverter. At random moments the hub is killed and the unsynced writes dropped; the hub then
// starts on what the card kept. After every cut: the file passes integrity_check, every write
// the hub acknowledged is there, no relay is on, each blind's position is within 3 points of
// its simulated motor or honestly unknown, no run is stuck RUNNING, and PV energy is counted
// exactly once.
//
// The seed (LAMELLA_FAULT_SEED to replay one) fixes what each client does and when each cut
// comes; which requests are in flight at that moment is up to the machine.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { sunPosition, type Location } from '../../hub/engine/sun'
import { startHubProcess, type HubProcess } from '../bus/hub-process'
import { sleep, waitFor } from '../bus/polling'
import { startBoardProcess, type BoardProcess } from '../helpers/board-process'
import { startWire, type Wire } from '../helpers/pty'
import { describeNeeding } from '../helpers/system-tools'
import { checkFile, factsOf } from './database-file'
import {
  checkHouseholds,
  checkSessions,
  emptyTally,
  setUpClients,
  writeUntil,
} from './household-clients'
import { startInverter, type InverterProcess } from './inverter-process'
import { lazyFsMissing, mountLazyFs, type LazyFs } from './lazy-fs'
import { loadWindow } from './load-window'
import {
  ALL_MOTOR_BLINDS,
  checkPositions,
  checkRelays,
  FIRST_FREE_PAIR,
  MOTOR_BLINDS,
  moveUntil,
  type PositionTally,
} from './moving-blinds'
import { report } from './report'
import { checkHouse, runUntil, setUpHouse, shadeUntil, type HouseTally } from './runs-and-shading'
import { seededRandom, seedFrom } from '../../firmware-protocol/seeded-random'

const CUTS = 50
const CLIENTS = 2
const SEED = seedFrom(process.env.LAMELLA_FAULT_SEED)
/** How long the load runs before a cut: a random moment in this range. */
const LOAD_MS = { min: 1000, max: 3500 }
const HOUR_MS = 3_600_000

/** On the equator where it is mid-morning now: the sun stays high for the whole test. */
function sunnyPlace(now: number): Location {
  const utcHours = (now % (24 * HOUR_MS)) / HOUR_MS
  const lon = (((((9 - utcHours) * 15 + 180) % 360) + 360) % 360) - 180
  return { lat: 0, lon: Math.round(lon * 100) / 100 }
}

describeNeeding(
  lazyFsMissing(),
  'the hub on a card that loses unsynced writes at power cuts',
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'lamella-lazy-cut-'))
    let card: LazyFs | undefined
    let wire: Wire | undefined
    let board: BoardProcess | undefined
    let inverter: InverterProcess | undefined
    let hub: HubProcess | undefined
    afterAll(async () => {
      await hub?.close()
      await board?.close()
      await wire?.close()
      await inverter?.close()
      // Last: nothing may hold the mount when it goes.
      await card?.close()
      rmSync(dir, { recursive: true, force: true })
    })

    it(`keeps acknowledged writes, a sound file, relays off and true positions through ${CUTS} cuts (seed ${SEED})`, async () => {
      const rng = seededRandom(SEED)
      const began = performance.now()
      card = await mountLazyFs(join(dir, 'fs'))
      const dbPath = join(card.path, 'lamella.db')
      wire = await startWire()
      board = await startBoardProcess(wire, ALL_MOTOR_BLINDS)
      const place = sunnyPlace(Date.now())
      const sun = sunPosition(Date.now(), place)
      if (sun.elevation < 15) throw new Error(`the sun stands too low: ${JSON.stringify(sun)}`)
      inverter = await startInverter(place)
      const pv = inverter.url
      const start = () =>
        startHubProcess({ serial: wire!.hubPath, dbPath, env: { LAMELLA_PV: pv } })

      hub = await start()
      const facade = ((Math.round(sun.azimuth) % 360) + 360) % 360
      const house = await setUpHouse(hub, place, facade)
      const movedIds = MOTOR_BLINDS.moved.map((b) => house.ids[ALL_MOTOR_BLINDS.indexOf(b)]!)
      // Drawn before anything runs concurrently, so that each loop's steps follow the seed.
      const seeds = Array.from({ length: CLIENTS + 3 }, () => rng.int(0, 2 ** 32 - 1))
      const clients = await setUpClients(hub, seeds.slice(0, CLIENTS), FIRST_FREE_PAIR)
      const [mover, runner, shader] = seeds.slice(CLIENTS).map((s) => seededRandom(s))

      const tally = emptyTally()
      const positions: PositionTally = {
        moves: 0,
        known: 0,
        unknown: 0,
        wrong: [],
        relaysLeftOn: [],
        failures: [],
      }
      const houseTally: HouseTally = {
        runs: 0,
        runsRefused: 0,
        runsCutShort: 0,
        stuckRunning: [],
        shadingSettings: 0,
        losses: [],
        failures: [],
      }
      const damaged: string[] = []
      let pvBaseline: number | null = null
      let runsLeftRunning = 0
      const spent = { load: 0, cut: 0, file: 0, start: 0, checks: 0 }
      let mark = performance.now()
      const lap = (phase: keyof typeof spent) => {
        const now = performance.now()
        spent[phase] += now - mark
        mark = now
      }

      for (let cut = 1; cut <= CUTS; cut++) {
        const live: HubProcess = hub
        const window = loadWindow(live)
        const loops = [
          // A household's pace, not a flood: the hub's timing of the motors stays its own.
          ...clients.map((c) =>
            writeUntil(
              c,
              live,
              () => window.stopped,
              tally,
              () => window.pause(c.rng.int(20, 120)),
            ),
          ),
          moveUntil(window, movedIds, mover!, positions),
          runUntil(window, house, runner!, houseTally),
          shadeUntil(window, house, shader!, houseTally),
        ]
        await sleep(rng.int(LOAD_MS.min, LOAD_MS.max))
        lap('load')

        if (!live.running) tally.failures.push(`the hub exited by itself before cut ${cut}`)
        const killed = live.signal('SIGKILL')
        window.end()
        await Promise.all([killed, ...loops])
        await live.close()
        await card.cut()
        const errors = live.lines.filter((l) => /"level":(50|60)/.test(l))
        tally.failures.push(...errors.map((l) => `before cut ${cut} the hub logged: ${l}`))
        lap('cut')

        const where = `after cut ${cut}`
        damaged.push(...checkFile(dbPath).map((p) => `${where}: ${p}`))
        const facts = factsOf(dbPath)
        runsLeftRunning += facts.runsLeftRunning
        if (facts.pvBaselineWh !== null) {
          pvBaseline ??= facts.pvBaselineWh
          if (Math.abs(facts.pvBaselineWh - pvBaseline) > 0.01)
            damaged.push(`${where}: PV energy counted ${pvBaseline - facts.pvBaselineWh} Wh off`)
        }
        lap('file')

        const restartedAt = Date.now()
        hub = await start()
        const restarted = hub
        await waitFor(
          `${where}: the hub switching every relay off`,
          () => restarted.lines.some((l) => l.includes('"all relays off"')),
          10_000,
        )
        lap('start')

        checkRelays(hub, board, restartedAt, where, positions)
        const sessions: [string, string][] = [
          ['admin', hub.adminToken],
          ['admin', live.adminToken],
          ...clients.map((c): [string, string] => [c.username, c.token]),
        ]
        await checkSessions(hub, sessions, where, tally)
        await checkHouseholds(hub, clients, where, tally)
        await checkHouse(hub, house, restartedAt, where, houseTally)
        await checkPositions(hub, board, house.ids, where, positions)
        lap('checks')
      }

      const facts = factsOf(dbPath)
      const seconds = (performance.now() - began) / 1000
      report(
        `power cut on lazy-fs (seed ${SEED}): ${CUTS} cuts in ${seconds.toFixed(1)} s ` +
          `(${(seconds / CUTS).toFixed(1)} s a cut: ${Object.entries(spent)
            .map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(1)} s`)
            .join(', ')}); ` +
          `${tally.acknowledged} acknowledged household writes, ${tally.losses.length} lost, ` +
          `${tally.inFlight} in flight at a cut (${tally.inFlightApplied} found applied); ` +
          `${tally.sessionsChecked} sessions checked; ${positions.moves} moves, ` +
          `positions ${positions.known} right and ${positions.unknown} unknown, ${positions.wrong.length} wrong; ` +
          `${houseTally.runs} runs started by hand (${houseTally.runsRefused} refused as running), ` +
          `${runsLeftRunning} left RUNNING by a cut, ${houseTally.runsCutShort} marked cut short, ` +
          `${houseTally.stuckRunning.length} stuck; ${houseTally.shadingSettings} shading settings, ` +
          `${houseTally.losses.length} runs or settings lost; ` +
          `${facts.shadingMoves} shading moves; ${facts.pvSamples} PV minutes, PV baseline ` +
          `${pvBaseline ?? 'none'} Wh; ${damaged.length} problems in the file`,
      )
      const replay = `replay with LAMELLA_FAULT_SEED=${SEED}`
      expect(damaged, replay).toEqual([])
      expect([...tally.losses, ...houseTally.losses], replay).toEqual([])
      expect(tally.unexplained, replay).toEqual([])
      expect(houseTally.stuckRunning, replay).toEqual([])
      expect(positions.relaysLeftOn, replay).toEqual([])
      expect([...tally.failures, ...positions.failures, ...houseTally.failures], replay).toEqual([])
      // The cuts landed in a stream of every kind of write, not in a quiet hub.
      expect(tally.acknowledged).toBeGreaterThan(CUTS * 5)
      expect(positions.moves).toBeGreaterThan(CUTS)
      expect(positions.known).toBeGreaterThan(positions.unknown)
      expect(houseTally.runs).toBeGreaterThan(CUTS)
      expect(runsLeftRunning).toBeGreaterThan(0)
      expect(facts.shadingMoves).toBeGreaterThan(0)
      expect(pvBaseline).not.toBeNull()
      // Last, so that everything above has had its say when a position is off.
      expect(positions.wrong, replay).toEqual([])
    }, 900_000)
  },
)
