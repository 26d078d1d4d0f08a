// Moves per facade over a simulated Berlin summer day with passing clouds (issue 14's figure):
// the shading core (hysteresis, 5-minute PV mean, 10-minute dwell) against a naive threshold
// rule that shades whenever the sun stands in front and the PV power is at least 40 % of the
// clear-sky power, checked every minute with no hysteresis and no dwell. The PV trace is a
// clear-sky day of a 5 kW array with clouds of 1 to 8 minutes taking it down to 10-40 %,
// seeded (SHADING_SEED=n replays a trace). Pure computation: no hub, no timers.
import { seededRandom, seedFrom } from '../../firmware-protocol/seeded-random'
import { sunPosition } from '../../hub/engine/sun'
import { sunInFront, type Facade } from '../../hub/shading/sun-position'
import {
  BERLIN,
  clearDaysBefore,
  clearSky,
  localMidnight,
  MINUTE,
  nextDate,
  simulateDay,
  wallTime,
} from '../shading/simulate-day'

const DATE = '2026-06-21'
const THRESHOLD = 40
const seed = seedFrom(process.env.SHADING_SEED ?? '14')
const random = seededRandom(seed)

const start = localMidnight(DATE, BERLIN.timeZone)
const end = localMidnight(nextDate(DATE), BERLIN.timeZone)
const clear = clearSky(BERLIN)

// Clouds from 05:00 to 21:00: a dip of 1-8 minutes to 10-40 %, then 3-25 minutes of sun.
const dips: { from: number; to: number; share: number }[] = []
for (let at = start + 5 * 60 * MINUTE; at < start + 21 * 60 * MINUTE;) {
  at += random.int(3, 25) * MINUTE
  const length = random.int(1, 8) * MINUTE
  dips.push({ from: at, to: at + length, share: random.int(10, 40) / 100 })
  at += length
}
const pvW = (at: number) => {
  const dip = dips.find((d) => at >= d.from && at < d.to)
  return clear(at) * (dip ? dip.share : 1)
}

function naiveMoves(facade: Facade): number {
  let shaded = false
  let moves = 0
  for (let at = start; at < end; at += MINUTE) {
    const clearW = clear(at)
    const bright = clearW > 0 && (100 * pvW(at)) / clearW >= THRESHOLD
    const want = sunInFront(facade, sunPosition(at, BERLIN.location)) && bright
    if (want !== shaded) moves++
    shaded = want
  }
  return moves
}

const facades: [string, Facade][] = [
  ['south', { azimuth: 180, fovLeft: 90, fovRight: 90, minElevation: 0 }],
  ['east', { azimuth: 90, fovLeft: 90, fovRight: 90, minElevation: 0 }],
  ['west', { azimuth: 270, fovLeft: 90, fovRight: 90, minElevation: 0 }],
]

const learnFrom = clearDaysBefore(BERLIN, DATE, 2)
console.log(
  `Berlin, ${DATE}, seed ${seed}: ${dips.length} clouds of 1-8 min (mean ${(
    dips.reduce((s, d) => s + d.to - d.from, 0) /
    dips.length /
    MINUTE
  ).toFixed(1)} min) between 05:00 and 21:00, threshold ${THRESHOLD} %`,
)
console.log('facade  ours  naive  our moves')
for (const [name, facade] of facades) {
  const ours = simulateDay({ place: BERLIN, date: DATE, facade, pvW, learnFrom })
  const when = ours
    .map(
      (m) =>
        `${m.decision.action === 'ENTER' ? 'shade' : 'back'} ${wallTime(m.at, BERLIN.timeZone)}`,
    )
    .join(', ')
  console.log(
    `${name.padEnd(7)} ${String(ours.length).padStart(4)}  ${String(naiveMoves(facade)).padStart(5)}  ${when}`,
  )
}
