// The inverter's figures as a household reads them: power in W or kW, energy in Wh, kWh or MWh
// with three significant digits or so ("850 W", "3.42 kW", "12.3 kWh", "1.23 MWh"), its state
// in words, and how long ago it was read.
import { pvMessages, pvStateMessages } from './pv.messages'
import { english, type Translate } from '../../i18n/translate'
import { localNumber } from '../../i18n/intl-locale'
import type { PvState } from '../../api/types'

/** Two decimals below 10, one below 100, none from there: "3.42", "12.3", "123". */
function threeDigits(value: number): string {
  const size = Math.abs(value)
  const decimals = size < 10 ? 2 : size < 100 ? 1 : 0
  return localNumber(value, { digits: decimals })
}

function wholeNumber(value: number): string {
  return localNumber(Math.round(value), { maxDigits: 0 })
}

/** "850 W" below 1 kW, then "3.42 kW", "12.3 kW"; "—" when not known. */
export function formatPower(watts: number | null | undefined): string {
  if (watts === null || watts === undefined) return '—'
  if (Math.abs(watts) < 999.5) return `${wholeNumber(watts)} W`
  if (Math.abs(watts) < 999_500) return `${threeDigits(watts / 1000)} kW`
  return `${threeDigits(watts / 1_000_000)} MW`
}

/** "850 Wh" below 1 kWh, then "4.56 kWh", "23.4 kWh", "456 kWh", "1.23 MWh"; "—" when not known. */
export function formatEnergy(wh: number | null | undefined): string {
  if (wh === null || wh === undefined) return '—'
  if (Math.abs(wh) < 999.5) return `${wholeNumber(wh)} Wh`
  if (Math.abs(wh) < 999_500) return `${threeDigits(wh / 1000)} kWh`
  return `${threeDigits(wh / 1_000_000)} MWh`
}

/** A chart axis' label: as short as it can be, "500 W", "2 kW", "2.5 kW". */
export function axisPower(watts: number): string {
  if (Math.abs(watts) < 1000) return `${wholeNumber(watts)} W`
  return `${localNumber(watts / 1000, { maxDigits: 2 })} kW`
}

export function axisEnergy(wh: number): string {
  if (Math.abs(wh) < 1000) return `${wholeNumber(wh)} Wh`
  return `${localNumber(wh / 1000, { maxDigits: 2 })} kWh`
}

/** The inverter's state in words; "State not reported" when it gives none. */
export function stateWords(state: PvState | null, t: Translate = english): string {
  return t(pvStateMessages[state ?? 'notReported'])
}

/** How a state reads at a glance: producing, idle (night, off, standby) or a problem. */
export function stateTone(state: PvState | null): 'producing' | 'idle' | 'fault' {
  if (state === 'MPPT' || state === 'THROTTLED' || state === 'STARTING') return 'producing'
  if (state === 'FAULT') return 'fault'
  return 'idle'
}

/** "just now", "12 s ago", "3 min ago", "2 h ago" (German: "gerade eben", "vor 12 s"). */
export function formatAgo(ms: number, t: Translate = english): string {
  const seconds = Math.max(0, Math.round(ms / 1000))
  if (seconds < 2) return t(pvMessages.justNow)
  if (seconds < 60) return t(pvMessages.secondsAgo, { seconds })
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return t(pvMessages.minutesAgo, { minutes })
  return t(pvMessages.hoursAgo, { hours: Math.floor(minutes / 60) })
}
