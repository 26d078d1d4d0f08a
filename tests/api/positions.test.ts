// Positions through the API: a blind's motor settings, blindSetPosition, calibration and
// POSITION scenes, with who may do what, and bad input refused by field and rule with nothing
// changed and nothing moved. The bus is the hub's own emulated board, and time is a test clock
// (hub/clock/test-clock.ts): travel, calibration runs and scenes take the time the test gives
// them, so where a blind ends is exact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RelayBoardEmulator } from '../../firmware-protocol/emulator'
import type { EmulatorLink } from '../../hub/bus/link-emulator'
import { TestClock } from '../../hub/clock/test-clock'
import { startHub, type GqlResponse, type TestHub } from '../helpers/hub'

const CREATE = `mutation($input: BlindInput!) { blindCreate(input: $input) {
  id travelTimeMs travelTimeUpMs travelTimeDownMs motorStartDelayMs tiltTimeMs room myPosition
  position tilt target endsAt motion } }`
const SET = `mutation($ids: [ID!]!, $p: Int, $t: Int) {
  blindSetPosition(ids: $ids, position: $p, tilt: $t) { id position target motion } }`
const CALIBRATE = `mutation($id: ID!, $d: Direction!) {
  blindCalibrate(id: $id, direction: $d) { direction startedAt measuredMs } }`
const MOVE = 'mutation($ids: [ID!]!, $d: Direction!) { blindMove(ids: $ids, direction: $d) { id } }'
const BLIND = 'query($id: ID!) { blind(id: $id) { position tilt motion target } }'
const AUTOMATION_CREATE = `mutation($input: AutomationInput!) { automationCreate(input: $input) {
  id scene { type duration blindIds position tilt blindAddresses } } }`
const RUN = 'mutation($id: ID!) { automationRun(id: $id) { id status } }'
const RUNS = 'query($id: ID) { automationRuns(automationId: $id) { id status finishedAt error } }'
const DELETE = 'mutation($ids: [ID!]!) { blindDelete(ids: $ids) }'

type Variables = Record<string, unknown>

function expectBadInput(res: GqlResponse, field: string, rule: RegExp): void {
  expect(res.errors?.map((e) => e.extensions.code)).toEqual([400])
  expect(res.errors?.[0]?.extensions.field).toBe(field)
  expect(res.errors?.[0]?.message).toMatch(rule)
}

const blind = (name: string, up: string, down: string, more: Variables = {}): Variables => ({
  name,
  blindAddressUp: up,
  blindAddressDown: down,
  ...more,
})

describe('positions through the API', () => {
  let t: TestHub
  const clock = new TestClock()
  let board: RelayBoardEmulator
  let roller: string
  let venetian: string
  let bob: { id: string; token: string }

  const create = async (input: Variables) => {
    const res = await t.gql<{ blindCreate: Record<string, unknown> & { id: string } }>(
      CREATE,
      { input },
      t.adminToken,
    )
    if (!res.data) throw new Error(JSON.stringify(res.errors))
    return res.data.blindCreate
  }
  const switchedOn = () => board.record.filter((c) => c.on).length

  beforeAll(async () => {
    t = await startHub({ config: { deadTimeMs: 0 }, clock })
    board = (t.hub.bus.link as EmulatorLink).emulator
    roller = (await create(blind('Kitchen', '1:0', '1:1', { travelTimeMs: 1500 }))).id
    venetian = (
      await create(
        blind('Office', '1:2', '1:3', {
          travelTimeUpMs: 1600,
          travelTimeDownMs: 1400,
          tiltTimeMs: 1000,
          room: 'Study',
        }),
      )
    ).id
    bob = await t.createUser('bob', { blindIds: [roller] })
  })
  afterAll(() => t.close())

  describe("a blind's motor settings", () => {
    it('sets both travel times from travelTimeMs, with no start delay, no slats and no room', async () => {
      const made = await create(blind('Hall', '2:0', '2:1', { travelTimeMs: 30000 }))
      expect(made).toMatchObject({
        travelTimeMs: 30000,
        travelTimeUpMs: 30000,
        travelTimeDownMs: 30000,
        motorStartDelayMs: 0,
        tiltTimeMs: 0,
        room: null,
        myPosition: null,
        position: null,
        tilt: null,
        target: null,
        endsAt: null,
        motion: 'IDLE',
      })
    })

    it('keeps each way its own travel time, and reports the longer as travelTimeMs', async () => {
      const made = await create(
        blind('Bath', '2:2', '2:3', {
          travelTimeUpMs: 40000,
          travelTimeDownMs: 35000,
          motorStartDelayMs: 400,
          room: '  Upstairs ',
          myPosition: 35,
        }),
      )
      expect(made).toMatchObject({
        travelTimeMs: 40000,
        travelTimeUpMs: 40000,
        travelTimeDownMs: 35000,
        motorStartDelayMs: 400,
        room: 'Upstairs',
        myPosition: 35,
      })
    })

    it.each([
      ['travelTimeUpMs', 999, /1000 to 300000/],
      ['travelTimeDownMs', 300001, /1000 to 300000/],
      ['motorStartDelayMs', 2001, /0 to 2000/],
      ['tiltTimeMs', 50, /0 \(no slats\) or .*100 to 10000/],
      ['tiltTimeMs', 10001, /100 to 10000/],
      ['myPosition', 101, /0 to 100/],
      ['myPosition', -1, /0 to 100/],
      ['room', 'x'.repeat(65), /at most 64/],
    ])('refuses %s %s, naming it, and stores nothing', async (field, value, rule) => {
      const before = t.snapshot()
      const res = await t.gql(
        CREATE,
        { input: blind('Spare', '3:0', '3:1', { [field]: value }) },
        t.adminToken,
      )
      expectBadInput(res, field, rule)
      expect(t.snapshot()).toBe(before)
    })
  })

  describe('blindSetPosition', () => {
    it.each([
      ['position 101', { p: 101 }, 'position', /0 to 100/],
      ['position -1', { p: -1 }, 'position', /0 to 100/],
      ['tilt 101', { t: 101 }, 'tilt', /0 to 100/],
      ['neither a position nor a tilt', {}, 'position', /or tilt must be given/],
      ['a tilt for a blind without slats', { t: 50 }, 'tilt', /Kitchen, which has no slats/],
    ] as const)('refuses %s, naming the field, and moves nothing', async (_, vars, field, rule) => {
      const before = t.snapshot()
      const on = switchedOn()
      const res = await t.gql(SET, { ids: [roller, venetian], ...vars }, t.adminToken)
      expectBadInput(res, field, rule)
      expect(t.snapshot()).toBe(before)
      expect(switchedOn()).toBe(on)
    })

    it('refuses an empty list of blinds', async () => {
      const res = await t.gql(SET, { ids: [], p: 50 }, t.adminToken)
      expectBadInput(res, 'ids', /at least one/)
    })

    it("refuses to move a blind that is not the user's, and moves none of those asked for", async () => {
      const on = switchedOn()
      const res = await t.gql(SET, { ids: [roller, venetian], p: 50 }, bob.token)
      expect(res.errors?.[0]?.extensions.code).toBe(403)
      expect(switchedOn()).toBe(on)
    })

    it('takes a blind of unknown position to an end first, then to the position asked for', async () => {
      const res = await t.gql<{ blindSetPosition: { motion: string; target: number }[] }>(
        SET,
        { ids: [roller], p: 40 },
        bob.token,
      )
      expect(res.data?.blindSetPosition).toEqual([
        expect.objectContaining({ motion: 'MOVING_DOWN', target: 40 }),
      ])
      // Down to the end (1500 ms and 2000 ms of run-on), then up 40 points (600 ms).
      await clock.advance(4100)
      const b = await t.gql<{ blind: Variables }>(BLIND, { id: roller }, bob.token)
      expect(b.data!.blind).toMatchObject({ position: 40, motion: 'IDLE', target: null })
    })

    it('sets a venetian blind’s slats', async () => {
      await t.gql(SET, { ids: [venetian], p: 50, t: 30 }, t.adminToken)
      await clock.advance(10_000)
      const b = await t.gql<{ blind: Variables }>(BLIND, { id: venetian }, t.adminToken)
      expect(b.data!.blind).toMatchObject({ position: 50, tilt: 30, target: null, motion: 'IDLE' })
    })
  })

  describe('calibration', () => {
    it('is for admins only', async () => {
      const res = await t.gql(CALIBRATE, { id: roller, d: 'UP' }, bob.token)
      expect(res.errors?.[0]?.extensions.code).toBe(403)
    })

    it('refuses a STOP with no calibration run going on', async () => {
      const res = await t.gql(CALIBRATE, { id: roller, d: 'STOP' }, t.adminToken)
      expect(res.errors?.[0]?.extensions.code).toBe(409)
    })

    it('times a run until the admin says the blind arrived, and puts it at that end', async () => {
      const started = await t.gql<{ blindCalibrate: Variables }>(
        CALIBRATE,
        { id: roller, d: 'UP' },
        t.adminToken,
      )
      expect(started.data?.blindCalibrate).toMatchObject({ direction: 'UP', measuredMs: null })
      await clock.advance(700)
      const stopped = await t.gql<{ blindCalibrate: { measuredMs: number } }>(
        CALIBRATE,
        { id: roller, d: 'STOP' },
        t.adminToken,
      )
      expect(stopped.data?.blindCalibrate.measuredMs).toBe(700)
      const b = await t.gql<{ blind: Variables }>(BLIND, { id: roller }, t.adminToken)
      expect(b.data!.blind).toMatchObject({ position: 100, motion: 'IDLE' })
    })

    it('ends with any other stop of the blind (the dialog closed by Escape), measuring nothing later', async () => {
      const before = await t.gql<{ blind: Variables }>(BLIND, { id: roller }, t.adminToken)
      await t.gql(CALIBRATE, { id: roller, d: 'DOWN' }, t.adminToken)
      await clock.advance(300)
      const stopped = await t.gql(MOVE, { ids: [roller], d: 'STOP' }, t.adminToken)
      expect(stopped.errors).toBeUndefined()
      const late = await t.gql(CALIBRATE, { id: roller, d: 'STOP' }, t.adminToken)
      expect(late.errors?.[0]?.extensions.code).toBe(409)
      // Not put at the lower end stop it never reached: 300 ms down from where it stood.
      const b = await t.gql<{ blind: { position: number; motion: string } }>(
        BLIND,
        { id: roller },
        t.adminToken,
      )
      expect(b.data!.blind.motion).toBe('IDLE')
      // 300 ms of a 1500 ms travel: 20 points.
      expect(b.data!.blind.position).toBe((before.data!.blind.position as number) - 20)
    })
  })

  describe('POSITION scenes', () => {
    const automation = (name: string, scene: Variables) => ({
      input: { name, trigger: { type: 'MANUAL' }, scene: [{ name: 'Go', ...scene }] },
    })

    it.each([
      ['a duration', { blindIds: ['$roller'], position: 20, duration: 1000 }, 'scene[0].duration'],
      ['no blinds', { blindIds: [], position: 20 }, 'scene[0].blindIds'],
      ['neither position nor tilt', { blindIds: ['$roller'] }, 'scene[0].position'],
      ['position 101', { blindIds: ['$roller'], position: 101 }, 'scene[0].position'],
      [
        'an unknown blind',
        { blindIds: ['00000000-0000-4000-8000-000000000000'], position: 1 },
        'scene[0].blindIds[0]',
      ],
      ['a tilt for a blind without slats', { blindIds: ['$roller'], tilt: 10 }, 'scene[0].tilt'],
      [
        'relay addresses',
        { blindIds: ['$roller'], position: 1, blindAddresses: ['1:0'] },
        'scene[0].blindAddresses',
      ],
    ])('refuses one with %s, naming the field', async (_, scene, field) => {
      const before = t.snapshot()
      const ids = (scene.blindIds as string[]).map((id) => (id === '$roller' ? roller : id))
      const res = await t.gql(
        AUTOMATION_CREATE,
        automation('Bad', { type: 'POSITION', ...scene, blindIds: ids }),
        t.adminToken,
      )
      expect(res.errors?.[0]?.extensions).toMatchObject({ code: 400, field })
      expect(t.snapshot()).toBe(before)
    })

    it("is not for a regular user's automation when a blind is not theirs", async () => {
      const res = await t.gql(
        AUTOMATION_CREATE,
        automation('Bob all', { type: 'POSITION', blindIds: [roller, venetian], position: 10 }),
        bob.token,
      )
      expect(res.errors?.[0]?.extensions.code).toBe(403)
    })

    it('runs until every blind arrived, and keeps its blinds from being deleted', async () => {
      const made = await t.gql<{ automationCreate: { id: string; scene: Variables[] } }>(
        AUTOMATION_CREATE,
        automation('Evening', { type: 'POSITION', blindIds: [roller, venetian], position: 10 }),
        t.adminToken,
      )
      const { id, scene } = made.data!.automationCreate
      expect(scene).toEqual([
        {
          type: 'POSITION',
          blindIds: [roller, venetian],
          position: 10,
          tilt: null,
          blindAddresses: [],
          // The longest full run of its blinds: 1000 ms of slats, 1600 ms up, 2000 ms run-on.
          duration: 4600,
        },
      ])
      const deleting = await t.gql(DELETE, { ids: [venetian] }, t.adminToken)
      expect(deleting.errors?.[0]?.extensions.code).toBe(409)

      await t.gql(RUN, { id }, t.adminToken)
      await clock.advance(400)
      const during = await t.gql<{ automationRuns: Variables[] }>(RUNS, { id }, t.adminToken)
      expect(during.data?.automationRuns[0]?.status).toBe('RUNNING')
      await clock.advance(10_000)
      const runs = await t.gql<{ automationRuns: Variables[] }>(RUNS, { id }, t.adminToken)
      expect(runs.data?.automationRuns[0]).toMatchObject({ status: 'SUCCEEDED', error: null })
      for (const b of [roller, venetian]) {
        const state = await t.gql<{ blind: { position: number; motion: string } }>(
          BLIND,
          { id: b },
          t.adminToken,
        )
        expect(state.data!.blind.motion).toBe('IDLE')
        expect(state.data!.blind.position).toBe(10)
      }
    })
  })
})
