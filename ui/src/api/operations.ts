// Every GraphQL operation the UI sends, named as the spec names them (section 7), with the
// SWR key its answer is cached under. Keys are arrays whose first element is the operation
// name, so `data:changed` can revalidate by operation (see cache-keys.ts).
import { logout } from './session-calls'
import type { Language } from '../../../hub/validation/language'
import { graphql } from './client'
import { BLIND_WEATHER, fetchWeatherKey, weatherKeys, type WeatherKey } from './weather-operations'
import type {
  Automation,
  AutomationInput,
  AutomationRun,
  AutomationSummary,
  Blind,
  BlindInput,
  BlindUsage,
  Calibration,
  Direction,
  Holiday,
  HouseLocation,
  HubStatus,
  PvDay,
  PvSample,
  PvStatus,
  ShadingMove,
  User,
  UserInput,
  UserUpdateInput,
} from './types'

const BLIND =
  'id name blindAddressUp blindAddressDown travelTimeMs travelTimeUpMs travelTimeDownMs motorStartDelayMs tiltTimeMs room myPosition position tilt target endsAt isFavorite motion travelTimeKnown facadeAzimuth fovLeft fovRight minElevation shadePosition shadeTilt shadingEnabled shadingMinBrightness shadingReturnPosition shadingResumeAt shading { active pausedUntil pausedBy { kind you name } reason since } ' +
  BLIND_WEATHER
const RUN =
  'id automationId status source startedAt finishedAt sceneIndex error estimatedEndAt skipped { sceneIndex blindId reason }'
const TRIGGER = 'trigger { type cron sunEvent offsetMinutes enabled }'
const USER = 'id username isAdmin language userBlindList { isMyFavorite blind { id name } }'
const HOLIDAY = 'enabled randomOffsetMinutes since'
const LOCATION = 'lat lon fromEnvironment'
/** The blind dialog lists this many of a blind's latest shading moves. */
export const SHADING_MOVES_SHOWN = 8
const PV =
  'configured online error offlineSince device { manufacturer model serial version } powerW dcPowerW todayWh lifetimeWh state mppt { id label powerW voltageV currentA } updatedAt'

export type QueryKey =
  | readonly ['whoAmI']
  | readonly ['blindList']
  | readonly ['blind', string]
  | readonly ['blindUsage', string]
  | readonly ['automationList']
  | readonly ['automation', string]
  | readonly ['automationRuns', string]
  | readonly ['userList']
  | readonly ['user', string]
  | readonly ['hubStatus']
  | readonly ['pv']
  | readonly ['pvAddress']
  | readonly ['pvHistory', string, string]
  | readonly ['pvEnergy', number]
  | readonly ['shadingMoves', string]
  | readonly ['holiday']
  | readonly ['houseLocation']
  | WeatherKey

export const keys = {
  whoAmI: ['whoAmI'] as const,
  blindList: ['blindList'] as const,
  blind: (id: string) => ['blind', id] as const,
  blindUsage: (id: string) => ['blindUsage', id] as const,
  automationList: ['automationList'] as const,
  automation: (id: string) => ['automation', id] as const,
  automationRuns: (automationId: string) => ['automationRuns', automationId] as const,
  userList: ['userList'] as const,
  user: (id: string) => ['user', id] as const,
  hubStatus: ['hubStatus'] as const,
  pv: ['pv'] as const,
  /** Admins only (null for others): the inverter LAMELLA_PV names, for the settings page. */
  pvAddress: ['pvAddress'] as const,
  /** Samples in [from, to), ISO-8601. */
  pvHistory: (from: string, to: string) => ['pvHistory', from, to] as const,
  pvEnergy: (days: number) => ['pvEnergy', days] as const,
  /** A blind's latest shading moves, newest first. */
  shadingMoves: (blindId: string) => ['shadingMoves', blindId] as const,
  holiday: ['holiday'] as const,
  /** Admins only: where the house stands, and whether the hub's environment set it. */
  houseLocation: ['houseLocation'] as const,
  ...weatherKeys,
} satisfies Record<string, QueryKey | ((...args: never[]) => QueryKey)>

/** The SWR fetcher: runs the query a key names. */
export async function fetchKey(key: QueryKey): Promise<unknown> {
  switch (key[0]) {
    case 'whoAmI':
      return (await run<{ whoAmI: User }>('whoAmI', `query whoAmI { whoAmI { ${USER} } }`)).whoAmI
    case 'blindList':
      return (
        await run<{ blindList: Blind[] }>('blindList', `query blindList { blindList { ${BLIND} } }`)
      ).blindList
    case 'blind':
      return (
        await run<{ blind: Blind | null }>(
          'blind',
          `query blind($id: ID!) { blind(id: $id) { ${BLIND} } }`,
          {
            id: key[1],
          },
        )
      ).blind
    case 'blindUsage':
      // Asked only by the delete dialog: the list never pays for it.
      return (
        await run<{ blindUsage: BlindUsage | null }>(
          'blindUsage',
          'query blindUsage($id: ID!) { blindUsage: blind(id: $id) { id usedBy { id name } } }',
          { id: key[1] },
        )
      ).blindUsage
    case 'automationList':
      return (
        await run<{ automationList: AutomationSummary[] }>(
          'automationList',
          `query automationList { automationList { id isFavorite name ${TRIGGER} scene { id duration } nextRunAt wouldRunAt schedulePause lastRun { ${RUN} } } }`,
        )
      ).automationList
    case 'automation':
      return (
        await run<{ automation: Automation | null }>(
          'automation',
          `query automation($id: ID!) { automation(id: $id) { id isFavorite name ${TRIGGER} scene { id name type index duration blindAddresses blindIds position tilt } nextRunAt wouldRunAt schedulePause lastRun { ${RUN} } } }`,
          { id: key[1] },
        )
      ).automation
    case 'automationRuns':
      return (
        await run<{ automationRuns: AutomationRun[] }>(
          'automationRuns',
          `query automationRuns($automationId: ID, $limit: Int) { automationRuns(automationId: $automationId, limit: $limit) { ${RUN} } }`,
          { automationId: key[1], limit: 20 },
        )
      ).automationRuns
    case 'userList':
      return (
        await run<{ userList: User[] }>('userList', `query userList { userList { ${USER} } }`)
      ).userList
    case 'user':
      return (
        await run<{ user: User | null }>(
          'user',
          `query user($id: ID!) { user(id: $id) { ${USER} } }`,
          {
            id: key[1],
          },
        )
      ).user
    case 'hubStatus':
      return (
        await run<{ hubStatus: HubStatus }>(
          'hubStatus',
          'query hubStatus { hubStatus { version uptimeSeconds now timeZone clockSynchronized locationConfigured bus { online path error strayFrames } pulseMode hubTimedPulseUnits mqtt { broker hubId connected since error } } }',
        )
      ).hubStatus
    case 'pv':
      return (await run<{ pv: PvStatus }>('pv', `query pv { pv { ${PV} } }`)).pv
    case 'pvAddress':
      return (
        await run<{ pvAddress: { address: string | null } }>(
          'pvAddress',
          'query pvAddress { pvAddress: pv { address } }',
        )
      ).pvAddress.address
    case 'pvHistory':
      return (
        await run<{ pvHistory: PvSample[] }>(
          'pvHistory',
          'query pvHistory($from: String!, $to: String!) { pvHistory(from: $from, to: $to) { at powerW dcPowerW } }',
          { from: key[1], to: key[2] },
        )
      ).pvHistory
    case 'pvEnergy':
      return (
        await run<{ pvEnergy: PvDay[] }>(
          'pvEnergy',
          'query pvEnergy($days: Int) { pvEnergy(days: $days) { day wh } }',
          { days: key[1] },
        )
      ).pvEnergy
    case 'shadingMoves':
      return (
        await run<{ shadingMoves: ShadingMove[] }>(
          'shadingMoves',
          'query shadingMoves($blindId: ID, $limit: Int) { shadingMoves(blindId: $blindId, limit: $limit) { id at reason fromPosition toPosition blindId } }',
          { blindId: key[1], limit: SHADING_MOVES_SHOWN },
        )
      ).shadingMoves
    case 'holiday':
      return (
        await run<{ holiday: Holiday }>('holiday', `query holiday { holiday { ${HOLIDAY} } }`)
      ).holiday
    case 'houseLocation':
      return (
        await run<{ houseLocation: HouseLocation }>(
          'houseLocation',
          `query houseLocation { houseLocation { ${LOCATION} } }`,
        )
      ).houseLocation
    case 'weather':
    case 'weatherHistory':
    case 'weatherAlarms':
      return fetchWeatherKey(key)
  }
}

function run<T>(operationName: string, query: string, variables?: Record<string, unknown>) {
  return graphql<T>({ operationName, query, variables })
}

export { login } from './session-calls'

export const mutations = {
  logout,

  blindCreate: (input: BlindInput) =>
    run<{ blindCreate: Blind }>(
      'blindCreate',
      `mutation blindCreate($input: BlindInput!) { blindCreate(input: $input) { ${BLIND} } }`,
      { input },
    ).then((d) => d.blindCreate),
  /** The fields left out keep their values (null clears one). */
  blindUpdate: (id: string, input: Partial<BlindInput>) =>
    run<{ blindUpdate: Blind }>(
      'blindUpdate',
      `mutation blindUpdate($id: ID!, $input: BlindInput!) { blindUpdate(id: $id, input: $input) { ${BLIND} } }`,
      { id, input },
    ).then((d) => d.blindUpdate),
  blindDelete: (ids: string[]) =>
    run<{ blindDelete: string[] }>(
      'blindDelete',
      'mutation blindDelete($ids: [ID!]!) { blindDelete(ids: $ids) }',
      { ids },
    ).then((d) => d.blindDelete),
  blindMove: (ids: string[], direction: Direction) =>
    run<{ blindMove: Blind[] }>(
      'blindMove',
      `mutation blindMove($ids: [ID!]!, $direction: Direction!) { blindMove(ids: $ids, direction: $direction) { ${BLIND} } }`,
      { ids, direction },
    ).then((d) => d.blindMove),
  /** `target`: a position and/or a tilt, 0-100 (100 = open); the other is left out. */
  blindSetPosition: (ids: string[], target: { position?: number; tilt?: number }) =>
    run<{ blindSetPosition: Blind[] }>(
      'blindSetPosition',
      `mutation blindSetPosition($ids: [ID!]!, $position: Int, $tilt: Int) { blindSetPosition(ids: $ids, position: $position, tilt: $tilt) { ${BLIND} } }`,
      { ids, ...target },
    ).then((d) => d.blindSetPosition),
  blindCalibrate: (id: string, direction: Direction) =>
    run<{ blindCalibrate: Calibration }>(
      'blindCalibrate',
      'mutation blindCalibrate($id: ID!, $direction: Direction!) { blindCalibrate(id: $id, direction: $direction) { direction startedAt measuredMs } }',
      { id, direction },
    ).then((d) => d.blindCalibrate),
  setFavoriteBlind: (id: string, favorite: boolean) => {
    const op = favorite ? 'setFavoriteBlind' : 'unsetFavoriteBlind'
    return run<Record<string, boolean>>(op, `mutation ${op}($id: ID!) { ${op}(id: $id) }`, { id })
  },

  automationCreate: (input: AutomationInput) =>
    run<{ automationCreate: { id: string; name: string } }>(
      'automationCreate',
      'mutation automationCreate($input: AutomationInput!) { automationCreate(input: $input) { id name } }',
      { input },
    ).then((d) => d.automationCreate),
  automationUpdate: (id: string, input: AutomationInput) =>
    run<{ automationUpdate: { id: string; name: string } }>(
      'automationUpdate',
      'mutation automationUpdate($id: ID!, $input: AutomationInput!) { automationUpdate(id: $id, input: $input) { id name } }',
      { id, input },
    ).then((d) => d.automationUpdate),
  automationDelete: (ids: string[]) =>
    run<{ automationDelete: string[] }>(
      'automationDelete',
      'mutation automationDelete($ids: [ID!]!) { automationDelete(ids: $ids) }',
      { ids },
    ).then((d) => d.automationDelete),
  automationRun: (id: string) =>
    run<{ automationRun: AutomationRun }>(
      'automationRun',
      `mutation automationRun($id: ID!) { automationRun(id: $id) { ${RUN} } }`,
      { id },
    ).then((d) => d.automationRun),
  automationCancel: (runId: string) =>
    run<{ automationCancel: AutomationRun }>(
      'automationCancel',
      `mutation automationCancel($runId: ID!) { automationCancel(runId: $runId) { ${RUN} } }`,
      { runId },
    ).then((d) => d.automationCancel),
  setFavoriteAutomation: (id: string, favorite: boolean) => {
    const op = favorite ? 'setFavoriteAutomation' : 'unsetFavoriteAutomation'
    return run<Record<string, boolean>>(op, `mutation ${op}($id: ID!) { ${op}(id: $id) }`, { id })
  },

  /** Admins: holiday mode on or off, and the lived-in offset (0-30 min). */
  holidaySet: (enabled: boolean, randomOffsetMinutes: number) =>
    run<{ holidaySet: Holiday }>(
      'holidaySet',
      `mutation holidaySet($enabled: Boolean!, $randomOffsetMinutes: Int) { holidaySet(enabled: $enabled, randomOffsetMinutes: $randomOffsetMinutes) { ${HOLIDAY} } }`,
      { enabled, randomOffsetMinutes },
    ).then((d) => d.holidaySet),
  /** Admins: where the house stands (degrees; both null clears it); 409 while the hub's environment sets it. */
  houseLocationSet: (lat: number | null, lon: number | null) =>
    run<{ houseLocationSet: HouseLocation }>(
      'houseLocationSet',
      `mutation houseLocationSet($lat: Float, $lon: Float) { houseLocationSet(lat: $lat, lon: $lon) { ${LOCATION} } }`,
      { lat, lon },
    ).then((d) => d.houseLocationSet),

  userCreate: (input: UserInput) =>
    run<{ userCreate: User }>(
      'userCreate',
      `mutation userCreate($input: UserInput!) { userCreate(input: $input) { ${USER} } }`,
      { input },
    ).then((d) => d.userCreate),
  userUpdate: (id: string, input: UserUpdateInput) =>
    run<{ userUpdate: User }>(
      'userUpdate',
      `mutation userUpdate($id: ID!, $input: UserUpdateInput!) { userUpdate(id: $id, input: $input) { ${USER} } }`,
      { id, input },
    ).then((d) => d.userUpdate),
  /** One's own UI language; null follows the browser. */
  userLanguageSet: (language: Language | null) =>
    run<{ userLanguageSet: User }>(
      'userLanguageSet',
      `mutation userLanguageSet($language: String) { userLanguageSet(language: $language) { ${USER} } }`,
      { language },
    ).then((d) => d.userLanguageSet),
  userDelete: (ids: string[]) =>
    run<{ userDelete: string[] }>(
      'userDelete',
      'mutation userDelete($ids: [ID!]!) { userDelete(ids: $ids) }',
      { ids },
    ).then((d) => d.userDelete),
}
