// Sun-aware shading in the words a household uses: which way a window faces ("180°, south"),
// why shading moved a blind ("Sun in front"), and what it is doing now ("Shading", "Paused by
// you until Thu 07:00", "Paused by automation “Morning” until Thu 07:00", in the hub's time
// zone, where the pause ends).
import type { ShadingPausedBy, ShadingReason, ShadingState } from '../api/types'

const COMPASS = [
  'north',
  'north-east',
  'east',
  'south-east',
  'south',
  'south-west',
  'west',
  'north-west',
] as const

/** The nearest of the eight compass points: 180 → "south", 225 → "south-west", 350 → "north". */
export function compassName(azimuth: number): string {
  const normal = ((Math.round(azimuth) % 360) + 360) % 360
  return COMPASS[Math.round(normal / 45) % 8]!
}

/** "Window faces 180°, south", or that no facade is set. */
export function facingText(azimuth: number | null): string {
  return azimuth === null ? 'No facade set' : `Window faces ${azimuth}°, ${compassName(azimuth)}`
}

const REASON_WORDS: Record<ShadingReason, string> = {
  SUN_IN_FRONT: 'Sun in front',
  BRIGHT: 'Bright',
  ENDED: 'Ended',
  PAUSED: 'Paused',
}

export function reasonWords(reason: ShadingReason): string {
  return REASON_WORDS[reason]
}

/**
 * "Thu 07:00" in `timeZone`: a pause ends within a day or so, so the weekday says which. The
 * two are joined by a no-break space, so a line never ends between them.
 */
export function weekdayTime(iso: string, timeZone: string | undefined): string {
  const date = new Date(iso)
  const day = date.toLocaleDateString('en-GB', { timeZone, weekday: 'short' })
  const time = date.toLocaleTimeString('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' })
  return `${day}\u00a0${time}`
}

/**
 * Whose command paused shading, and until when: "Paused by you until Thu 07:00", "Paused by
 * anna until ...", "Paused by an automation until ..." (a name the hub did not give is one the
 * viewer may not know), or "Paused until ..." when the hub does not know whose it was.
 */
export function pausedText(by: ShadingPausedBy | null | undefined, until: string): string {
  if (!by) return `Paused until ${until}`
  switch (by.kind) {
    case 'USER':
      if (by.you) return `Paused by you until ${until}`
      return by.name
        ? `Paused by ${by.name} until ${until}`
        : `Paused by another user until ${until}`
    case 'AUTOMATION':
      return by.name
        ? `Paused by automation “${by.name}” until ${until}`
        : `Paused by an automation until ${until}`
    case 'MQTT':
      return `Paused by Home Assistant (MQTT) until ${until}`
    case 'MATTER':
      return `Paused by a smart home app (Matter) until ${until}`
    case 'CALIBRATION':
      if (by.you) return `Paused by your calibration until ${until}`
      return by.name
        ? `Paused by ${by.name}’s calibration until ${until}`
        : `Paused by a calibration until ${until}`
  }
}

/**
 * "Shading" while the blind is in its shade position because of shading, "Paused by you until
 * Thu 07:00" (or whoever paused it) while a command shading did not give pauses it, and null
 * otherwise (nothing to show). A pause that ended by `now` is over, though the hub's answer
 * saying so may not have come yet.
 */
export function shadingStateText(
  shading: ShadingState | null | undefined,
  timeZone: string | undefined,
  now = Date.now(),
): string | null {
  const until = pausedUntil(shading, now)
  if (until) return pausedText(shading?.pausedBy, weekdayTime(until, timeZone))
  return shading?.active ? 'Shading' : null
}

/** When a person's pause of shading ends, while it has not ended by `now`; otherwise null. */
export function pausedUntil(shading: ShadingState | null | undefined, now: number): string | null {
  const until = shading?.pausedUntil ?? null
  return until !== null && Date.parse(until) > now ? until : null
}
