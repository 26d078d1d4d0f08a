// When a run is expected to end (issue 19, item 19), through the real hub: its built-in board
// with emulated motors, the real GraphQL API and a real socket.io client. The estimate comes
// from where the blinds are and their travel times, with the run's start and each step, so a
// POSITION step that moves a blind a little is not counted as a full run.
import { afterEach, describe, expect, it } from 'vitest'
import { waitFor } from '../bus/polling'
import { listen, type Listener } from '../bus/socket-listener'
import { startHub, type TestHub } from '../helpers/hub'

const RUN_FIELDS = 'id status estimatedEndAt'
const BLIND = 'query($id: ID!) { blind(id: $id) { position motion target } }'

let t: TestHub | undefined
let heard: Listener | undefined
afterEach(async () => {
  heard?.close()
  await t?.close()
  t = heard = undefined
})

const ms = (iso: string) => Date.parse(iso)

async function gql<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const res = await t!.gql<T>(query, variables, t!.adminToken)
  expect(res.errors).toBeUndefined()
  return res.data!
}

describe('a run’s expected end', () => {
  it(
    'counts a POSITION step by the way its blind has to go, not as a full run, and tells it with each step',
    { timeout: 90_000 },
    async () => {
      t = await startHub()
      const { blindCreate } = await gql<{ blindCreate: { id: string } }>(
        'mutation($input: BlindInput!) { blindCreate(input: $input) { id } }',
        {
          input: {
            name: 'Study',
            blindAddressUp: '1:0',
            blindAddressDown: '1:1',
            travelTimeMs: 2000,
          },
        },
      )
      const study = blindCreate.id
      // Where it is first becomes known: down to the end, then up to 50 %.
      await gql('mutation($ids: [ID!]!) { blindSetPosition(ids: $ids, position: 50) { id } }', {
        ids: [study],
      })
      await waitFor(
        'the blind at 50 %',
        async () => {
          const { blind } = await gql<{
            blind: { position: number; motion: string; target: number | null }
          }>(BLIND, { id: study })
          return blind.motion === 'IDLE' && blind.target === null && blind.position === 50
        },
        20_000,
      )
      const { automationCreate } = await gql<{
        automationCreate: { id: string; scene: { duration: number }[] }
      }>(
        'mutation($input: AutomationInput!) { automationCreate(input: $input) { id scene { duration } } }',
        {
          input: {
            name: 'Study down a bit',
            trigger: { type: 'MANUAL' },
            scene: [
              { name: 'Wait', type: 'DELAY', duration: 300 },
              { name: 'Lower', type: 'POSITION', blindIds: [study], position: 20 },
            ],
          },
        },
      )
      // The scene's own length is the full run, the most it could take from anywhere.
      expect(automationCreate.scene.map((s) => s.duration)).toEqual([300, 4000])

      heard = await listen(t.url, t.adminToken)
      const { automationRun } = await gql<{
        automationRun: { id: string; status: string; estimatedEndAt: string | null }
      }>(`mutation($id: ID!) { automationRun(id: $id) { ${RUN_FIELDS} } }`, {
        id: automationCreate.id,
      })
      const runId = automationRun.id
      const ended = await heard.next(
        'automation:run',
        (e) => e.runId === runId && e.status !== 'RUNNING',
        20_000,
      )
      const events = heard.heard('automation:run', (e) => e.runId === runId)

      // 0.3 s of waiting and 30 points of a 2 s travel (0.6 s): 0.9 s, not the 4.3 s the scenes' lengths add up to.
      const left = (e: { at: string; estimatedEndAt: string | null }) =>
        ms(e.estimatedEndAt!) - ms(e.at)
      expect(ms(automationRun.estimatedEndAt!) - Date.now()).toBeLessThan(1000)
      expect(events.map((e) => [e.status, e.sceneIndex])).toEqual([
        ['RUNNING', null],
        ['RUNNING', 0],
        ['RUNNING', 1],
        [ended.status, 1],
      ])
      const [start, wait, lower] = events
      expect(left(start!)).toBeGreaterThanOrEqual(850)
      expect(left(start!)).toBeLessThanOrEqual(950)
      // The same figure again at the first step (from a clock read a moment later).
      expect(Math.abs(left(wait!) - left(start!))).toBeLessThanOrEqual(20)
      // Recomputed at the step from where the blind is then: its 0.6 s of travel.
      expect(left(lower!)).toBeGreaterThanOrEqual(550)
      expect(left(lower!)).toBeLessThanOrEqual(650)
      expect(ended).toMatchObject({ status: 'SUCCEEDED', estimatedEndAt: null })

      const { automationRuns } = await gql<{ automationRuns: { estimatedEndAt: string | null }[] }>(
        `query($id: ID) { automationRuns(automationId: $id) { ${RUN_FIELDS} } }`,
        { id: automationCreate.id },
      )
      expect(automationRuns.map((r) => r.estimatedEndAt)).toEqual([null])
    },
  )
})
