// Holiday mode as the API shows it and 'holiday:changed' carries it: a leaf, so the event map
// can name it without importing the module that emits it.

/** As the API shows it. */
export interface HolidayState {
  enabled: boolean
  randomOffsetMinutes: number
  /** ISO-8601 UTC since when it is on; null while off. */
  since: string | null
}
