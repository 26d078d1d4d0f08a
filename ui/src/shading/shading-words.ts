// Sun-aware shading in the words a household uses: which way a window faces ("180°, south"),
// why shading moved a blind ("Sun in front"), and what it is doing now ("Shading", "Paused by
// you until Thu 07:00", "Paused by automation “Morning” until Thu 07:00", in the hub's time
// zone, where the pause ends).
import type { ShadingPausedBy, ShadingReason, ShadingState } from '../api/types'
import { english, type Translate } from '../i18n/translate'
import { shadingMessages as m } from './shading.messages'

const COMPASS = [
  m.north,
  m.northEast,
  m.east,
  m.southEast,
  m.south,
  m.southWest,
  m.west,
  m.northWest,
] as const

/** The nearest of the eight compass points: 180 → "south", 225 → "south-west", 350 → "north". */
export function compassName(azimuth: number): string {
  return compassPoint(azimuth, english)
}

/** compassName in the language of `t`: 180 → "Süden" in German. */
export function compassPoint(azimuth: number, t: Translate): string {
  const normal = ((Math.round(azimuth) % 360) + 360) % 360
  return t(COMPASS[Math.round(normal / 45) % 8]!)
}

/** "Window faces 180°, south", or that no facade is set. */
export function facingText(azimuth: number | null, t: Translate = english): string {
  return azimuth === null
    ? t(m.noFacade)
    : t(m.windowFaces, { azimuth: String(azimuth), direction: compassPoint(azimuth, t) })
}

export function reasonWords(reason: ShadingReason, t: Translate = english): string {
  return t(m[reason])
}

/**
 * "Thu 07:00" in `timeZone` ("Do. 07:00" in German): a pause ends within a day or so, so the
 * weekday says which. The two are joined by a no-break space, so a line never ends between them.
 */
export function weekdayTime(iso: string, timeZone: string | undefined, locale = 'en-GB'): string {
  const date = new Date(iso)
  const day = date.toLocaleDateString(locale, { timeZone, weekday: 'short' })
  const time = date.toLocaleTimeString(locale, { timeZone, hour: '2-digit', minute: '2-digit' })
  return `${day}\u00a0${time}`
}

/**
 * Whose command paused shading, and until when: "Paused by you until Thu 07:00", "Paused by
 * anna until ...", "Paused by an automation until ..." (a name the hub did not give is one the
 * viewer may not know), or "Paused until ..." when the hub does not know whose it was.
 */
export function pausedText(
  by: ShadingPausedBy | null | undefined,
  until: string,
  t: Translate = english,
): string {
  if (!by) return t(m.pausedUntil, { until })
  switch (by.kind) {
    case 'USER':
      if (by.you) return t(m.pausedByYou, { until })
      return by.name ? t(m.pausedByName, { name: by.name, until }) : t(m.pausedByOther, { until })
    case 'AUTOMATION':
      return by.name
        ? t(m.pausedByAutomation, { name: by.name, until })
        : t(m.pausedByAnAutomation, { until })
    case 'MQTT':
      return t(m.pausedByMqtt, { until })
    case 'MATTER':
      return t(m.pausedByMatter, { until })
    case 'CALIBRATION':
      if (by.you) return t(m.pausedByYourCalibration, { until })
      return by.name
        ? t(m.pausedByNamedCalibration, { name: by.name, until })
        : t(m.pausedByCalibration, { until })
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
  t: Translate = english,
  locale = 'en-GB',
): string | null {
  const until = pausedUntil(shading, now)
  if (until) return pausedText(shading?.pausedBy, weekdayTime(until, timeZone, locale), t)
  return shading?.active ? t(m.shading) : null
}

/** When a person's pause of shading ends, while it has not ended by `now`; otherwise null. */
export function pausedUntil(shading: ShadingState | null | undefined, now: number): string | null {
  const until = shading?.pausedUntil ?? null
  return until !== null && Date.parse(until) > now ? until : null
}
