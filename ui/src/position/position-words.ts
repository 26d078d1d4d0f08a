// Positions in the words a household uses: 100 is "Open", 0 is "Closed", anything between is
// how far open it is. The hub's convention (ARCHITECTURE.md section 9): 100 = fully open (up).

/** "Open", "Closed", "40 % open", or "Position unknown" while the hub does not know. */
export function positionText(position: number | null): string {
  if (position === null) return 'Position unknown'
  const p = Math.round(position)
  if (p >= 100) return 'Open'
  if (p <= 0) return 'Closed'
  return `${p}\u00a0% open`
}

/** Where a moving blind is going: "Going to 30 % open", "Going to closed", "Going to fully open". */
export function targetText(target: number): string {
  const p = Math.round(target)
  if (p >= 100) return 'Going to fully open'
  if (p <= 0) return 'Going to closed'
  return `Going to ${p}\u00a0% open`
}

/** The slats of a venetian blind: "Slats open", "Slats closed", "Slats 40 % open". */
export function tiltText(tilt: number | null): string {
  if (tilt === null) return 'Slats unknown'
  const t = Math.round(tilt)
  if (t >= 100) return 'Slats open'
  if (t <= 0) return 'Slats closed'
  return `Slats ${t}\u00a0% open`
}

/** "12 s left", "1 min 5 s left": the time until a moving blind arrives, rounded up. */
export function timeLeftText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000))
  if (seconds < 60) return `${seconds}\u00a0s left`
  const minutes = Math.floor(seconds / 60)
  const rest = seconds % 60
  return rest === 0 ? `${minutes}\u00a0min left` : `${minutes}\u00a0min ${rest}\u00a0s left`
}
