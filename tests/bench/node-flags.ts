// The hub's V8 flags chosen on the whole workload (issue 31, item 7), not on idle memory alone:
// each candidate set of flags runs the same household for LAMELLA_BENCH_MINUTES (default 30),
// side by side on this machine, so a busy moment hurts each alike. The household: 20 blinds on
// a relay board behind a real pseudo-terminal (the hub's serialport code, 9600 baud), the
// board's weather unit with three sensors read each second (wind, rain, temperature), the
// SunSpec inverter emulator for PV, the house's location with shading on for 4 blinds, an
// MQTT broker, 20 browsers on socket.io, a resident's move of one of the 16 other blinds every
// 1-5 s, and a browser that loads its page every 10 s. Prints per candidate: resident memory (median and peak), CPU
// seconds per hour, request to the first relay switching on the board (p50/p99/max), sensor
// reads lost, and, after the runs, the start with 1,000 blinds (ms to the first answer, RSS).
//   LAMELLA_BENCH_MINUTES=N (default 30)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { WeatherScript } from '../../firmware-protocol/weather-script'
import { waitFor } from '../bus/polling'
import { listen, type Listener } from '../bus/socket-listener'
import { startInverter } from '../faults/inverter-process'
import { startBroker } from '../helpers/broker'
import { graphqlClient } from '../helpers/hub'
import { startBoard, startWire } from '../helpers/pty'
import { quietPeriod } from '../helpers/quiet'
import { printPercentiles } from './_first-frame'
import {
  BENCH_ADMIN_PASSWORD,
  householdBlind,
  fmt,
  HUB_NODE_FLAGS,
  median,
  rssMiB,
  seedDatabase,
  startHubProcess,
} from './_support'

const MINUTES = Number(process.env.LAMELLA_BENCH_MINUTES ?? 30)
const BLINDS = 20
const SHADED = 4
const BROWSERS = 20
const SENSOR_POLL_MS = 1000
const WEATHER_UNIT = 10
const MUNICH = { lat: 48.14, lon: 11.58 }
const STARTS = 3
const CANDIDATES: readonly { name: string; flags: readonly string[] }[] = [
  { name: 'shipped', flags: HUB_NODE_FLAGS },
  {
    name: 'JIT off (the interpreter alone)',
    flags: [
      '--max-semi-space-size=1',
      '--single-threaded',
      '--no-opt',
      '--no-maglev',
      '--no-sparkplug',
    ],
  },
  {
    name: 'JIT without TurboFan (Sparkplug and Maglev)',
    flags: ['--max-semi-space-size=1', '--single-threaded-gc', '--no-opt'],
  },
  {
    name: 'JIT on, --single-threaded-gc',
    flags: ['--max-semi-space-size=1', '--single-threaded-gc'],
  },
].filter((c, i, all) => all.findIndex((o) => o.flags.join(' ') === c.flags.join(' ')) === i)

/** How long a move may take to switch its relay before it counts as lost. */
const RELAY_DEADLINE_MS = 10_000
/** How long a hub with 1,000 blinds settles before its memory is read. */
const START_SETTLE_MS = 5000
const MOVE = 'mutation($ids: [ID!]!, $d: Direction!) { blindMove(ids: $ids, direction: $d) { id } }'
const PAGE =
  '{ blindList { id name motion position tilt isFavorite weatherLock { kind } } hubStatus { bus { online strayFrames } mqtt { connected } } weather { wind raining temperature } pv { online powerW } automationList { id name } }'
/** A calm, dry 12 degC day, the same reading every time: nothing locks a blind. */
const calm: WeatherScript = {
  name: 'bench',
  at: () => ({ wind: 2, rain: 0, temperatureC: 12, step: 'calm' }),
  nextStepAfter: () => null,
}

/** CPU seconds the process has used so far (user + system). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the name; in clock ticks.
  return (Number(fields[11]) + Number(fields[12])) / 100
}

interface Outcome {
  rss: number[]
  cpuPerHour: number
  firstRelay: number[]
  moves: number
  pages: number
  readsExpected: number
  readsAnswered: number
  strayFrames: number
  readsLost: number
}

async function household(
  flags: readonly string[],
  broker: string,
): Promise<() => Promise<Outcome>> {
  const folder = mkdtempSync(join(tmpdir(), 'lamella-bench-flags-'))
  const wire = await startWire()
  const board = await startBoard(wire, { weather: { unit: WEATHER_UNIT, script: calm } })
  let weatherAnswers = 0
  const weather = board.emulator.weather!
  const execute = weather.execute.bind(weather)
  weather.execute = (request) => {
    weatherAnswers++
    return execute(request)
  }
  const inverter = await startInverter(MUNICH)
  const hub = await startHubProcess(
    join(folder, 'lamella.db'),
    {
      LAMELLA_SERIAL: wire.hubPath,
      LAMELLA_BAUD: '9600',
      LAMELLA_MQTT_URL: broker,
      LAMELLA_PV: inverter.url,
      LAMELLA_LAT: String(MUNICH.lat),
      LAMELLA_LON: String(MUNICH.lon),
    },
    flags,
  )
  const url = `http://127.0.0.1:${hub.port}`
  const gql = graphqlClient(url)
  const ask = async <T>(query: string, variables: Record<string, unknown> = {}, token?: string) => {
    const res = await gql<T>(query, variables, token)
    if (!res.data) throw new Error(`failed: ${JSON.stringify(res.errors)}`)
    return res.data
  }
  const { login } = await ask<{ login: { token: string } }>(
    'query($u: String!, $p: String!) { login(username: $u, password: $p) { token } }',
    { u: 'admin', p: BENCH_ADMIN_PASSWORD },
  )
  const token = login.token
  const blinds: { id: string; unit: number; coils: [number, number] }[] = []
  for (let i = 0; i < BLINDS; i++) {
    const input = householdBlind(i, {
      travelTimeUpMs: 20_000,
      travelTimeDownMs: 20_000,
      ...(i < SHADED && { facadeAzimuth: 180, shadePosition: 30, shadingEnabled: true }),
    })
    const unit = 1 + Math.floor(i / 16)
    const coil = (i % 16) * 2
    const created = await ask<{ blindCreate: { id: string } }>(
      'mutation($input: BlindInput!) { blindCreate(input: $input) { id } }',
      { input },
      token,
    )
    blinds.push({ id: created.blindCreate.id, unit, coils: [coil, coil + 1] })
  }
  const sensors = [
    { name: 'Anemometer', kind: 'WIND', register: 0, scale: 0.1, signed: false },
    { name: 'Rain', kind: 'RAIN', register: 1, scale: 1, signed: false },
    { name: 'Thermometer', kind: 'TEMPERATURE', register: 2, scale: 0.1, signed: true },
  ]
  for (const s of sensors) {
    await ask(
      'mutation($input: WeatherSensorInput!) { weatherSensorCreate(input: $input) { id } }',
      { input: { ...s, unit: WEATHER_UNIT, function: 3, pollMs: SENSOR_POLL_MS } },
      token,
    )
  }
  const browsers: Listener[] = []
  for (let i = 0; i < BROWSERS; i++) browsers.push(await listen(url, token))
  type Status = {
    hubStatus: { mqtt: { connected: boolean } | null; bus: { strayFrames: number } }
    pv: { online: boolean; error: string | null }
  }
  const status = () =>
    ask<Status>(
      '{ hubStatus { mqtt { connected } bus { strayFrames } } pv { online error } }',
      {},
      token,
    )
  let straysBefore = 0
  await waitFor(
    'the hub connected to MQTT and reading PV',
    async () => {
      const { hubStatus, pv } = await status()
      straysBefore = hubStatus.bus.strayFrames
      return hubStatus.mqtt?.connected === true && pv.online
    },
    30_000,
    200,
  )

  // The workload, from here on.
  let running = true
  const startedAt = performance.now()
  const cpuBefore = cpuSeconds(hub.child.pid!)
  const answeredBefore = weatherAnswers
  const rss: number[] = []
  const firstRelay: number[] = []
  let moves = 0
  let pages = 0
  /** The moves under way, waited for at the end. */
  const inFlight = new Set<Promise<void>>()
  /** One resident's move, and when its blind's relay switched on the board. */
  const move = async (n: number) => {
    // The blinds shading leaves alone: a resident's command to a blind that shading moves may
    // wait out its dead time (a second), which says nothing about the flags.
    const free = BLINDS - SHADED
    const blind = blinds[SHADED + (n % free)]!
    // Each blind goes up, then down on its next turn: every command switches a relay on.
    const d = Math.floor(n / free) % 2 === 0 ? 'UP' : 'DOWN'
    const coil = blind.coils[d === 'UP' ? 0 : 1]
    const started = performance.now()
    const switched = new Promise<number>((resolve) => {
      const deadline = setTimeout(() => {
        off()
        resolve(Infinity)
      }, RELAY_DEADLINE_MS)
      const off = board.emulator.onChange((change) => {
        if (change.unit !== blind.unit || change.coil !== coil || !change.on) return
        clearTimeout(deadline)
        off()
        resolve(performance.now() - started)
      })
    })
    await ask(MOVE, { ids: [blind.id], d }, token)
    firstRelay.push(await switched)
    moves++
  }
  // The workload's timetable: a move every 1-5 s, a page load and a memory sample every 10 s.
  let nextMove: NodeJS.Timeout | undefined
  const planMove = (n: number) => {
    nextMove = setTimeout(
      () => {
        const m = move(n).finally(() => inFlight.delete(m))
        inFlight.add(m)
        if (running) planMove(n + 1)
      },
      1000 + Math.random() * 4000,
    )
  }
  planMove(0)
  const every10s = setInterval(() => {
    rss.push(rssMiB(hub.child.pid!).total)
    const page = ask(PAGE, {}, token)
      .then(() => void pages++)
      .finally(() => inFlight.delete(page))
    inFlight.add(page)
  }, 10_000)

  return async () => {
    running = false
    clearTimeout(nextMove)
    clearInterval(every10s)
    await Promise.all(inFlight)
    const seconds = (performance.now() - startedAt) / 1000
    const cpu = cpuSeconds(hub.child.pid!) - cpuBefore
    const after = await ask<{ hubStatus: { bus: { strayFrames: number } } }>(
      '{ hubStatus { bus { strayFrames } } }',
      {},
      token,
    )
    for (const b of browsers) b.close()
    await hub.stop()
    await inverter.close()
    await board.close()
    await wire.close()
    rmSync(folder, { recursive: true, force: true })
    // The three sensors sit in one block (registers 0-2): one read a second.
    const readsExpected = Math.floor((seconds * 1000) / SENSOR_POLL_MS)
    const readsAnswered = weatherAnswers - answeredBefore
    const strayFrames = after.hubStatus.bus.strayFrames - straysBefore
    return {
      rss,
      cpuPerHour: (cpu / seconds) * 3600,
      firstRelay,
      moves,
      pages,
      readsExpected,
      readsAnswered,
      strayFrames,
      // Every stray counted as a sensor answer the hub gave up on (relay answers come at once).
      readsLost: Math.max(0, readsExpected - (readsAnswered - strayFrames)),
    }
  }
}

/** ms from spawn to the first answer with 1,000 blinds, and RSS once it settled. */
async function bigStart(flags: readonly string[], dbPath: string) {
  const hub = await startHubProcess(dbPath, {}, flags)
  const cpu = cpuSeconds(hub.child.pid!)
  await quietPeriod(START_SETTLE_MS, 'the hub settles after its start, before its memory is read')
  const rss = rssMiB(hub.child.pid!).total
  await hub.stop()
  return { readyMs: hub.readyMs, cpu, rss }
}

console.log(
  `node ${process.version}, ${MINUTES} min each, candidates side by side: ${CANDIDATES.map((c) => c.name).join('; ')}`,
)
const broker = await startBroker()
try {
  const finishers = []
  for (const c of CANDIDATES) finishers.push(await household(c.flags, broker.url))
  // The measured window: the households run on their timetables meanwhile.
  await new Promise((endOfWindow) => setTimeout(endOfWindow, MINUTES * 60_000))
  const outcomes = await Promise.all(finishers.map((finish) => finish()))
  CANDIDATES.forEach((c, i) => {
    const o = outcomes[i]!
    console.log(`\n-- ${c.name}: ${c.flags.join(' ')}`)
    console.log(
      `RSS median ${fmt(median(o.rss))} MiB, peak ${fmt(Math.max(...o.rss))} MiB (${o.rss.length} samples)`,
    )
    console.log(`CPU ${fmt(o.cpuPerHour)} s per hour (${o.moves} moves, ${o.pages} page loads)`)
    const lost = o.firstRelay.filter((ms) => ms === Infinity).length
    printPercentiles(
      'request to relay switched on the board',
      o.firstRelay.filter((ms) => ms !== Infinity),
    )
    if (lost) console.log(`moves whose relay never switched within 10 s: ${lost}`)
    console.log(
      `sensor reads: ${o.readsExpected} due, ${o.readsAnswered} answered by the unit, ${o.strayFrames} strays, ${o.readsLost} lost`,
    )
  })
} finally {
  await broker.close()
}

const bigDb = seedDatabase(1000, 0)
const starts = new Map(
  CANDIDATES.map((c) => [c.name, [] as Awaited<ReturnType<typeof bigStart>>[]]),
)
for (let round = 0; round < STARTS; round++)
  for (const c of CANDIDATES) starts.get(c.name)!.push(await bigStart(c.flags, bigDb))
console.log(`\nstart with 1,000 blinds, median of ${STARTS}:`)
for (const c of CANDIDATES) {
  const xs = starts.get(c.name)!
  console.log(
    `${c.name}: first answer ${fmt(median(xs.map((x) => x.readyMs)), 0)} ms, CPU ${fmt(median(xs.map((x) => x.cpu)), 2)} s, RSS settled ${fmt(median(xs.map((x) => x.rss)))} MiB`,
  )
}
