// Positions in the words a household uses: 100 is "Open", 0 is "Closed", anything between is
// how far open it is. The hub's convention (ARCHITECTURE.md section 9): 100 = fully open (up).
import { positionMessages } from './position.messages'
import { english, type Translate } from '../i18n/translate'

const m = positionMessages

/** "Open", "Closed", "40 % open", or "Position unknown" while the hub does not know. */
export function positionText(position: number | null, t: Translate = english): string {
  if (position === null) return t(m.unknown)
  const p = Math.round(position)
  if (p >= 100) return t(m.open)
  if (p <= 0) return t(m.closed)
  return t(m.percentOpen, { percent: p })
}

/** Where a moving blind is headed, after "Moving down": "to 25 % open", "to closed". */
export function headingText(target: number, t: Translate = english): string {
  const p = Math.round(target)
  if (p >= 100) return t(m.toOpen)
  if (p <= 0) return t(m.toClosed)
  return t(m.toPercent, { percent: p })
}

/** Where a moving blind is going: "Going to 30 % open", "Going to closed", "Going to fully open". */
export function targetText(target: number, t: Translate = english): string {
  const p = Math.round(target)
  if (p >= 100) return t(m.goingFullyOpen)
  if (p <= 0) return t(m.goingClosed)
  return t(m.goingTo, { percent: p })
}

/** The slats of a venetian blind: "Slats open", "Slats closed", "Slats 40 % open". */
export function tiltText(tilt: number | null, t: Translate = english): string {
  if (tilt === null) return t(m.slatsUnknown)
  const p = Math.round(tilt)
  if (p >= 100) return t(m.slatsOpen)
  if (p <= 0) return t(m.slatsClosed)
  return t(m.slatsPercent, { percent: p })
}

/** "12 s left", "1 min 5 s left": the time until a moving blind arrives, rounded up. */
export function timeLeftText(ms: number, t: Translate = english): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000))
  if (seconds < 60) return t(m.secondsLeft, { seconds })
  const minutes = Math.floor(seconds / 60)
  const rest = seconds % 60
  return rest === 0
    ? t(m.minutesLeft, { minutes })
    : t(m.minutesSecondsLeft, { minutes, seconds: rest })
}
