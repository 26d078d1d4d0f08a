// A busy evening, sped up: the built hub (in its own process, with the shipped node flags and
// the in-process emulator as its bus) serves 50 browser sockets of four users and a steady mix
// of GraphQL reads, moves and writes, while three automations fire every 5 seconds. Nothing may
// fail, no firing may be missed, every socket hears what is meant for it and nothing else, and
// memory must not run away. LAMELLA_LOAD_SECONDS sets the length (default 60);
// LAMELLA_FAULT_SEED replays a request mix.
//
// Latency and memory are printed, not judged: the one bound on memory is loose enough that only
// a real leak crosses it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HUB_NODE_FLAGS, rssMiB } from '../bench/_support'
import { startHubProcess } from '../bus/hub-process'
import { sleep, waitFor } from '../bus/polling'
import {
  EVERY_FIVE_SECONDS,
  SOCKETS,
  setUpHousehold,
  stopAutomations,
  type Household,
  type UserName,
} from './load-household'
import { nextRequest } from './load-mix'
import { report } from './report'
import { seededRandom, seedFrom } from '../../firmware-protocol/seeded-random'
import { latencies, type Outcome } from './timed-request'

const SECONDS = Number(process.env.LAMELLA_LOAD_SECONDS ?? 60)
const SEED = seedFrom(process.env.LAMELLA_FAULT_SEED)
const REQUESTS_PER_SECOND = 30
/** Memory is first sampled this far into the load, once the hub has warmed up. */
const WARM_UP_MS = 5000
/** EVERY_FIVE_SECONDS fires at each multiple of this on the wall clock. */
const SLOT_MS = 5000
/** Reported, not judged: growth beyond this is a leak, not noise. */
const RSS_GROWTH_LIMIT_MIB = 60
const SOCKET_COUNT = Object.values(SOCKETS).reduce((a, b) => a + b, 0)

interface RunRow {
  id: string
  status: string
  source: string
  startedAt: string
  error: string | null
}

describe(`the hub under ${SECONDS} s of steady load, ${SOCKET_COUNT} sockets and automations ${EVERY_FIVE_SECONDS} (seed ${SEED})`, () => {
  let h: Household | undefined
  const outcomes: Outcome[] = []
  /** Per user and blind: how many acknowledged writes that user's sockets should hear of. */
  const expectedChanges = new Map<string, number>()
  let loadEnd = 0
  const rss = { start: 0, end: 0, max: 0 }
  const runs = new Map<string, RunRow[]>()

  beforeAll(
    async () => {
      const hub = await startHubProcess({
        serial: 'emulator',
        nodeArgs: [...HUB_NODE_FLAGS],
        // Schedules must fire whatever this machine's timesyncd says (hub/clock).
        env: { LAMELLA_CLOCK: 'trust' },
      })
      try {
        h = await setUpHousehold(hub)
      } catch (err) {
        await hub.close()
        throw err
      }
      const household = h
      const changed = (blindId: string, users: UserName[]) => {
        for (const user of users) {
          const key = `${user} ${blindId}`
          expectedChanges.set(key, (expectedChanges.get(key) ?? 0) + 1)
        }
      }

      // Requests at a steady rate, each sent on time whether or not the last one returned.
      const rng = seededRandom(SEED)
      const started = performance.now()
      const pending: Promise<void>[] = []
      for (let i = 0; ; i++) {
        const due = started + (i * 1000) / REQUESTS_PER_SECOND
        if (due > started + SECONDS * 1000) break
        await sleep(due - performance.now())
        pending.push(nextRequest(household, rng, changed).then((o) => void outcomes.push(o)))
        if (i % REQUESTS_PER_SECOND === 0) {
          const now = rssMiB(hub.pid).total
          // A run shorter than twice the warm-up takes its first figure halfway through.
          const warm = performance.now() - started >= Math.min(WARM_UP_MS, SECONDS * 500)
          if (rss.start === 0 && warm) rss.start = now
          rss.max = Math.max(rss.max, now)
        }
      }
      await Promise.all(pending)
      loadEnd = Date.now()
      rss.end = rssMiB(hub.pid).total
      rss.max = Math.max(rss.max, rss.end)

      // No new firings; the last run ends; then the history is complete.
      await stopAutomations(household)
      await waitFor(
        'every run to end',
        async () => {
          for (const a of household.automations) {
            const data = await household.must<{ automationRuns: RunRow[] }>(
              'query($id: ID!) { automationRuns(automationId: $id, limit: 500) { id status source startedAt error } }',
              { id: a.id },
              hub.adminToken,
            )
            runs.set(a.id, data.automationRuns)
          }
          return [...runs.values()].flat().every((r) => r.status !== 'RUNNING')
        },
        15_000,
        250,
      )

      report(
        `load (seed ${SEED}): ${outcomes.length} requests in ${SECONDS} s = ` +
          `${(outcomes.length / SECONDS).toFixed(1)}/s, ${SOCKET_COUNT} sockets; ` +
          `latency ${latencies(outcomes, () => true)}; ` +
          `reads ${latencies(outcomes, (o) => /List|Status|Runs|whoAmI/.test(o.kind))}; ` +
          // A move that reverses a blind waits out the 1 s dead time before it answers.
          `moves ${latencies(outcomes, (o) => o.kind === 'blindMove')}; ` +
          `runs per automation ${[...runs.values()].map((r) => r.length).join('/')}; ` +
          `RSS start ${rss.start.toFixed(1)} MiB, end ${rss.end.toFixed(1)} MiB, ` +
          `max ${rss.max.toFixed(1)} MiB`,
      )
    },
    (SECONDS + 90) * 1000,
  )

  afterAll(async () => {
    for (const s of h?.sockets ?? []) s.listener.close()
    await h?.hub.close()
  })

  it('answers every request, with an error only where one was asked for', () => {
    expect(outcomes.filter((o) => !o.ok).map((o) => `${o.kind}: ${o.detail}`)).toEqual([])
    // The deliberate 403s were among them, and answered as such.
    expect(outcomes.some((o) => o.expected === 403)).toBe(true)
    // Nor did anything fail inside the hub without the client noticing.
    expect(h!.hub.lines.filter((l) => /"level":(50|60)/.test(l))).toEqual([])
  })

  it('runs every automation once in each 5-second slot, and every run succeeds', () => {
    for (const a of h!.automations) {
      const all = runs.get(a.id)!
      expect(all.filter((r) => r.status !== 'SUCCEEDED' || r.source !== 'cron')).toEqual([])
      const slots = all.map((r) => Math.floor(Date.parse(r.startedAt) / SLOT_MS))
      expect(new Set(slots).size).toBe(slots.length)
      const first = Math.floor(a.createdAfter / SLOT_MS) + 1
      const last = Math.floor(loadEnd / SLOT_MS)
      const inWindow = slots.filter((s) => s >= first && s <= last).length
      expect(Math.abs(inWindow - (last - first + 1))).toBeLessThanOrEqual(1)
    }
  })

  it('tells each socket of the start and end of every run it may see, and of no other run', async () => {
    for (const { user, listener } of h!.sockets) {
      const mine = h!.automations.filter((a) => a.audience.includes(user))
      const others = h!.automations.filter((a) => !a.audience.includes(user)).map((a) => a.id)
      const runIds = mine.flatMap((a) => runs.get(a.id)!.map((r) => r.id))
      const heard = (status: string, sceneIndex?: null) =>
        new Set(
          listener
            .heard(
              'automation:run',
              (e) => e.status === status && (sceneIndex === undefined || e.sceneIndex === null),
            )
            .map((e) => e.runId),
        )
      await waitFor(`a socket of ${user} to hear every run end`, () => {
        const ended = heard('SUCCEEDED')
        return runIds.every((id) => ended.has(id))
      }).catch(() => undefined)
      const started = heard('RUNNING', null)
      const ended = heard('SUCCEEDED')
      expect(runIds.filter((id) => !started.has(id) || !ended.has(id))).toEqual([])
      expect(listener.heard('automation:run', (e) => others.includes(e.automationId))).toEqual([])
    }
  })

  it('tells each socket of every change to a blind its user may see, and of no other blind', async () => {
    for (const { user, listener } of h!.sockets) {
      const visible = h!.visibleTo(user)
      const heardOf = (id: string) =>
        listener.heard('data:changed', (e) => e.entity === 'blind' && e.ids.includes(id)).length
      const missing = () =>
        visible.filter((id) => heardOf(id) < (expectedChanges.get(`${user} ${id}`) ?? 0))
      await waitFor(`a socket of ${user} to hear every change`, () => missing().length === 0).catch(
        () => undefined,
      )
      expect(missing()).toEqual([])
      const foreign = (id: string) => !visible.includes(id)
      expect(
        listener.heard('data:changed', (e) => e.entity === 'blind' && e.ids.some(foreign)),
      ).toEqual([])
      expect(listener.heard('blind:motion', (e) => foreign(e.id))).toEqual([])
    }
    expect(expectedChanges.size).toBeGreaterThan(0)
  })

  it('keeps its memory flat (the figures are printed above; only a leak fails this)', () => {
    expect(rss.start).toBeGreaterThan(0)
    expect(rss.end).toBeLessThan(rss.start + RSS_GROWTH_LIMIT_MIB)
  })
})
