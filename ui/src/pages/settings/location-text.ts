// The house's location in words and as typed: "52.520° N, 13.405° E", and a coordinate read
// from what a person types or pastes from a map app ("52.52", "-33.87", "52,52", "13.405°").
import { intlLocale } from '../../i18n/intl-locale'
import { english, type Translate } from '../../i18n/translate'
import { locationMessages } from './settings.messages'

/** One coordinate to 3 decimals (about 100 m) with its hemisphere; 0 counts as N or E. */
function coordinateText(value: number, positive: string, negative: string): string {
  const size = Math.abs(value)
  const degrees = size.toLocaleString(intlLocale() ?? 'en', {
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
  })
  return `${degrees}° ${value < 0 && Number(size.toFixed(3)) !== 0 ? negative : positive}`
}

/** "52.520° N, 13.405° E"; south and west for negative degrees ("52,520° N, 13,405° O" in German). */
export function locationText(lat: number, lon: number, t: Translate = english): string {
  const m = locationMessages
  return `${coordinateText(lat, t(m.north), t(m.south))}, ${coordinateText(lon, t(m.east), t(m.west))}`
}

/** A coordinate as typed: null when blank, NaN when it is no number. A comma may be the decimal point. */
export function typedCoordinate(typed: string): number | null {
  const text = typed
    .trim()
    .replace(/\s*°$/, '')
    .replace(/^(-?\d+),(\d+)$/, '$1.$2')
  return text === '' ? null : Number(text)
}

const NUMBER = String.raw`(-?\d+(?:\.\d+)?)°?`
const FRACTION = String.raw`(-?\d+\.\d+)°?`
/**
 * "52.52, 13.405", "52.52 13.405" or "52.52,13.405", as map apps copy a place. A comma without
 * a space separates only numbers with a decimal point: "52,52" is one number, typed the German way.
 */
const PAIRS = [
  new RegExp(String.raw`^${NUMBER}(?:\s*,\s+|\s+)${NUMBER}$`),
  new RegExp(String.raw`^${FRACTION},${FRACTION}$`),
]

/** Both coordinates from one pasted text, latitude first; null when it is not such a pair. */
export function pastedPair(text: string): { lat: string; lon: string } | null {
  for (const pair of PAIRS) {
    const match = pair.exec(text.trim())
    if (match?.[1] && match[2]) return { lat: match[1], lon: match[2] }
  }
  return null
}
