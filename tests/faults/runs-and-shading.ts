// The automations and the shading of the power-cut test. A person keeps starting runs (two
// that move the Hall blind, one that only waits) while a cron automation runs every two
// seconds by itself; after each restart every acknowledged run is in the history and none the
// crash cut off is still RUNNING. Shading keeps two blinds facing the sun busy: it is turned
// off, the blind opened, turned on again with another shade position, and told to look at once
// (the house's location, set again, makes it step); each setting is an acknowledged write.
import type { HubProcess } from '../bus/hub-process'
import { createMotorBlind, type MotorBlind } from '../helpers/motors'
import type { Location } from '../../hub/engine/sun'
import { holds, type Acknowledged, type LoadWindow } from './load-window'
import { ALL_MOTOR_BLINDS, MOTOR_BLINDS } from './moving-blinds'
import type { Random } from '../../firmware-protocol/seeded-random'

const RUN = 'mutation($id: ID!) { automationRun(id: $id) { id } }'
const RUNS = 'query { automationRuns(limit: 500) { id status startedAt error } }'
const CREATE = 'mutation($input: AutomationInput!) { automationCreate(input: $input) { id } }'
const UPDATE =
  'mutation($id: ID!, $input: BlindInput!) { blindUpdate(id: $id, input: $input) { id } }'
const UP = 'mutation($id: ID!) { blindMove(ids: [$id], direction: UP) { id } }'
const CALIBRATE =
  'mutation($id: ID!, $d: Direction!) { blindCalibrate(id: $id, direction: $d) { measuredMs } }'
const SHADED = `query($id: ID!) { blind(id: $id) { position motion target shadingEnabled
  shadePosition shading { active pausedUntil } } }`
const LOCATION_SET =
  'mutation($lat: Float, $lon: Float) { houseLocationSet(lat: $lat, lon: $lon) { lat } }'
const LOCATION = '{ houseLocation { lat lon } }'

interface ShadingSetting {
  enabled: boolean
  shadePosition: number
}

export interface House {
  /** Every motor blind's id, in the order of ALL_MOTOR_BLINDS. */
  ids: string[]
  /** The automations a person starts. */
  manual: string[]
  /** Runs acknowledged since the last restart. */
  runsAcked: string[]
  shaded: { id: string; spec: MotorBlind; setting: Acknowledged<ShadingSetting> }[]
  facadeAzimuth: number
  location: Acknowledged<Location>
}

export interface HouseTally {
  runs: number
  /** Starts refused because that automation was still running. */
  runsRefused: number
  /** Runs found FAILED after a restart because the hub stopped during them. */
  runsCutShort: number
  stuckRunning: string[]
  shadingSettings: number
  losses: string[]
  failures: string[]
}

async function must<T>(hub: HubProcess, query: string, variables: Record<string, unknown>) {
  const res = await hub.gql<T>(query, variables, hub.adminToken)
  if (!res.data) throw new Error(`setting up failed: ${JSON.stringify(res.errors)}\n${query}`)
  return res.data
}

const shadingInput = (spec: MotorBlind, azimuth: number, s: ShadingSetting) => ({
  name: spec.name,
  blindAddressUp: `${spec.unit}:${spec.coil}`,
  blindAddressDown: `${spec.unit}:${spec.coil + 1}`,
  travelTimeUpMs: spec.travelTimeUpMs,
  travelTimeDownMs: spec.travelTimeDownMs,
  motorStartDelayMs: spec.motorStartDelayMs ?? 0,
  facadeAzimuth: azimuth,
  fovLeft: 90,
  fovRight: 90,
  minElevation: 0,
  shadePosition: s.shadePosition,
  shadingEnabled: s.enabled,
  shadingMinBrightness: 0,
})

/** The motor blinds, the automations, the location, and shading on facing the sun. */
export async function setUpHouse(
  hub: HubProcess,
  location: Location,
  facadeAzimuth: number,
): Promise<House> {
  await must(hub, LOCATION_SET, { ...location })
  const ids: string[] = []
  for (const b of ALL_MOTOR_BLINDS) ids.push(await createMotorBlind(hub, b))
  // The motors start open; a calibration run up, stopped at once, tells the hub so.
  for (const id of ids) {
    await must(hub, CALIBRATE, { id, d: 'UP' })
    await must(hub, CALIBRATE, { id, d: 'STOP' })
  }
  const hall = ids[ALL_MOTOR_BLINDS.indexOf(MOTOR_BLINDS.automated)]!
  const automation = async (name: string, trigger: object, scene: object) => {
    const input = { name, trigger, scene: [scene] }
    return (await must<{ automationCreate: { id: string } }>(hub, CREATE, { input }))
      .automationCreate.id
  }
  const manual = { type: 'MANUAL' }
  const manualIds = [
    await automation('Hall to 20', manual, {
      name: 'to 20',
      type: 'POSITION',
      blindIds: [hall],
      position: 20,
    }),
    await automation('Hall to 80', manual, {
      name: 'to 80',
      type: 'POSITION',
      blindIds: [hall],
      position: 80,
    }),
    await automation('Wait', manual, { name: 'wait', type: 'DELAY', duration: 2500 }),
  ]
  await automation(
    'Every two seconds',
    { type: 'CRON', cron: '*/2 * * * * *' },
    { name: 'wait', type: 'DELAY', duration: 1500 },
  )
  const shaded = MOTOR_BLINDS.shaded.map((spec) => ({
    id: ids[ALL_MOTOR_BLINDS.indexOf(spec)]!,
    spec,
    setting: { acked: { enabled: false, shadePosition: 30 }, pending: null },
  }))
  for (const s of shaded)
    await must(hub, UPDATE, {
      id: s.id,
      input: shadingInput(s.spec, facadeAzimuth, s.setting.acked),
    })
  return {
    ids,
    manual: manualIds,
    runsAcked: [],
    shaded,
    facadeAzimuth,
    location: { acked: location, pending: null },
  }
}

/** A person starting automations now and then; one already running is refused with 409. */
export async function runUntil(
  window: LoadWindow,
  house: House,
  rng: Random,
  tally: HouseTally,
): Promise<void> {
  const { live } = window
  while (!window.stopped) {
    let res
    try {
      res = await live.gql<{ automationRun: { id: string } }>(
        RUN,
        { id: rng.pick(house.manual) },
        live.adminToken,
      )
    } catch {
      return
    }
    if (res.data) {
      house.runsAcked.push(res.data.automationRun.id)
      tally.runs++
    } else if (res.errors?.every((e) => e.extensions.code === 409)) tally.runsRefused++
    else tally.failures.push(`automationRun: ${JSON.stringify(res.errors)}`)
    await window.pause(rng.int(300, 1200))
  }
}

/** Keeps shading moving the shaded blinds, one step at a time, from what the hub says. */
export async function shadeUntil(
  window: LoadWindow,
  house: House,
  rng: Random,
  tally: HouseTally,
): Promise<void> {
  const { live } = window
  const ask = async (query: string, variables: Record<string, unknown>) => {
    const res = await live.gql<Record<string, unknown>>(query, variables, live.adminToken)
    if (!res.data) tally.failures.push(`${query.slice(0, 40)}: ${JSON.stringify(res.errors)}`)
    return res.data
  }
  const set = async (s: House['shaded'][number], next: ShadingSetting) => {
    s.setting.pending = next
    if (await ask(UPDATE, { id: s.id, input: shadingInput(s.spec, house.facadeAzimuth, next) })) {
      s.setting = { acked: next, pending: null }
      tally.shadingSettings++
    }
  }
  // Setting the location again makes shading step now rather than at the next PV reading.
  const nudge = async () => {
    const { lat, lon } = house.location.acked
    const next = { lat: lat > 0 ? 0 : 0.0001, lon }
    house.location.pending = next
    if (await ask(LOCATION_SET, next)) house.location = { acked: next, pending: null }
  }
  try {
    while (!window.stopped) {
      for (const s of house.shaded) {
        const data = await ask(SHADED, { id: s.id })
        const b = data?.blind as {
          position: number | null
          motion: string
          target: number | null
          shadingEnabled: boolean
          shadePosition: number
          shading: { active: boolean; pausedUntil: string | null }
        }
        if (!b || b.motion !== 'IDLE' || b.target !== null) continue
        const shadedOrPaused =
          b.shading.active ||
          b.shading.pausedUntil !== null ||
          (b.position ?? 100) <= b.shadePosition
        if (b.shadingEnabled && shadedOrPaused) {
          await set(s, { ...s.setting.acked, enabled: false })
          await nudge()
        } else if (!b.shadingEnabled && b.position !== 100) await ask(UP, { id: s.id })
        else if (!b.shadingEnabled) {
          await set(s, { enabled: true, shadePosition: rng.int(10, 70) })
          await nudge()
        } else await nudge()
      }
      await window.pause(rng.int(300, 800))
    }
  } catch {
    // the crash cut a request off; what it was is pending
  }
}

/** After a restart: the runs, the shading settings and the location as acknowledged. */
export async function checkHouse(
  hub: HubProcess,
  house: House,
  restartedAt: number,
  where: string,
  tally: HouseTally,
): Promise<void> {
  const runs = await must<{
    automationRuns: { id: string; status: string; startedAt: string; error: string | null }[]
  }>(hub, RUNS, {})
  const listed = new Set(runs.automationRuns.map((r) => r.id))
  for (const id of house.runsAcked.splice(0))
    if (!listed.has(id)) tally.losses.push(`${where}: the acknowledged run ${id} is gone`)
  for (const r of runs.automationRuns) {
    if (Date.parse(r.startedAt) >= restartedAt) continue
    if (r.status === 'RUNNING') tally.stuckRunning.push(`${where}: run ${r.id} is still RUNNING`)
  }
  tally.runsCutShort = runs.automationRuns.filter((r) => r.error?.includes('hub stopped')).length

  const { houseLocation } = await must<{ houseLocation: Location }>(hub, LOCATION, {})
  if (!holds(house.location, houseLocation)) {
    tally.losses.push(
      `${where}: the location ${JSON.stringify(house.location.acked)} is now ${JSON.stringify(houseLocation)}`,
    )
    house.location.acked = houseLocation
  }
  for (const s of house.shaded) {
    const { blind } = await must<{ blind: { shadingEnabled: boolean; shadePosition: number } }>(
      hub,
      SHADED,
      { id: s.id },
    )
    const found = { enabled: blind.shadingEnabled, shadePosition: blind.shadePosition }
    if (!holds(s.setting, found)) {
      tally.losses.push(
        `${where}: ${s.spec.name}'s shading ${JSON.stringify(s.setting.acked)} is now ${JSON.stringify(found)}`,
      )
      s.setting.acked = found
    }
  }
}
