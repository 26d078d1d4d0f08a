// Weather protection's figures (issue 20): how long from a gust to the first relay frame with
// the anemometer read every second; request to first relay frame with and without a sensor on
// the line (goal p99 < 15 ms with); and the share of the bus's time sensor reads take at 9600
// baud. The whole hub (buildHub) over HTTP, the emulator's sensor unit at unit 10 with the
// wire timing of 9600 baud (tests/bench/_first-frame.ts).
import type { WeatherSample, WeatherScript } from '../../firmware-protocol/weather-script'
import { printPercentiles, timedHub } from './_first-frame'
import { fmt, seedDatabase } from './_support'

const MOVES = 300
const GUSTS = 20
const IDLE_S = 30
const SENSOR_UNIT = 10
const MOVE = 'mutation($ids: [ID!]!, $d: Direction!) { blindMove(ids: $ids, direction: $d) { id } }'
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const live: { sample: WeatherSample } = {
  sample: { wind: 2, rain: 0, temperatureC: 12, step: 'live' },
}
const script: WeatherScript = { name: 'live', at: () => live.sample, nextStepAfter: () => null }

async function requestToRelayFrame(withSensor: boolean): Promise<number[]> {
  const hub = await timedHub(seedDatabase(8, 0), {}, withSensor ? { weather: { script } } : {})
  if (withSensor) {
    hub.services.weather.sensorCreate(hub.admin, {
      name: 'Anemometer',
      kind: 'WIND',
      unit: SENSOR_UNIT,
      function: 3,
      register: 0,
      scale: 0.1,
      pollMs: 1000,
    })
  }
  await sleep(1500)
  const samples: number[] = []
  for (let i = 0; i < MOVES + 30; i++) {
    await sleep(5 + Math.random() * 200)
    const started = performance.now()
    const relay = new Promise<number>((resolve) => {
      const off = hub.link.onWrite((frame) => {
        if (frame.bytes[0] === SENSOR_UNIT) return
        off()
        resolve(frame.at - started)
      })
    })
    const res = await fetch(`http://127.0.0.1:${hub.port}/graphql`, {
      method: 'POST',
      headers: hub.headers,
      body: JSON.stringify({
        query: MOVE,
        variables: { ids: [hub.blinds[i % 8]!.id], d: i % 2 === 0 ? 'UP' : 'DOWN' },
      }),
    })
    await res.json()
    const ms = await relay
    if (i >= 30) samples.push(ms)
  }
  await hub.close()
  return samples
}

async function gustToRelayFrame(): Promise<{ gusts: number[]; share: number; reads: number }> {
  const hub = await timedHub(seedDatabase(1, 0), {}, { weather: { script } })
  const { weather, blinds } = hub.services
  weather.sensorCreate(hub.admin, {
    name: 'Anemometer',
    kind: 'WIND',
    unit: SENSOR_UNIT,
    function: 3,
    register: 0,
    scale: 0.1,
    pollMs: 1000,
  })
  const blind = hub.blinds[0]!
  blinds.update(hub.admin, blind.id, { travelTimeMs: 2000 })

  // The bus's time spent on sensor reads while nothing else happens.
  await sleep(2000)
  const from = hub.link.written.length
  const started = performance.now()
  await sleep(IDLE_S * 1000)
  const elapsed = performance.now() - started
  const reads = hub.link.written.slice(from).filter((f) => f.bytes[0] === SENSOR_UNIT)
  // Request (8 bytes) and answer (7 bytes for one register), 10 bits a byte, and the silence
  // of 3.5 characters after each frame.
  const charMs = 10_000 / 9600
  const perRead = reads.map((f) => (f.bytes.length + 7 + 2 * 3.5) * charMs)
  const share = perRead.reduce((a, b) => a + b, 0) / elapsed

  const gusts: number[] = []
  for (let i = 0; i < GUSTS; i++) {
    blinds.update(hub.admin, blind.id, { windLimit: null })
    await hub.services.positions.move(hub.admin, [blind.id], 'DOWN')
    await sleep(2600 + Math.random() * 1000)
    blinds.update(hub.admin, blind.id, { windLimit: 10 })
    await sleep(1200)
    const gustAt = performance.now()
    const relay = new Promise<number>((resolve) => {
      const off = hub.link.onWrite((frame) => {
        if (frame.bytes[0] === SENSOR_UNIT) return
        off()
        resolve(frame.at - gustAt)
      })
    })
    live.sample = { ...live.sample, wind: 15 }
    gusts.push(await relay)
    live.sample = { ...live.sample, wind: 2 }
  }
  await hub.close()
  return { gusts, share, reads: reads.length }
}

console.log(`weather protection, emulator at 9600 baud, node ${process.version}`)
const without = await requestToRelayFrame(false)
printPercentiles(`request to first relay frame, no sensor (${MOVES} moves)`, without)
const withSensor = await requestToRelayFrame(true)
printPercentiles(
  `request to first relay frame, anemometer read every 1 s (${MOVES} moves)`,
  withSensor,
  15,
)
const { gusts, share, reads } = await gustToRelayFrame()
console.log(
  `bus time on sensor reads at 9600 baud, one anemometer every 1 s: ${fmt(share * 100, 2)} % (${reads} reads in ${IDLE_S} s)`,
)
printPercentiles(`gust to first relay frame (${GUSTS} gusts, 2 s over the limit needed)`, gusts)
