// When an automation runs next, as the API and the UI both read it: a leaf of types only.

/** Why an automation's schedule does not fire now: holiday mode, or a clock not trusted. */
export type SchedulePause = 'HOLIDAY' | 'CLOCK'

/** When an automation runs next (GraphQL Automation.nextRunAt, wouldRunAt, schedulePause). */
export interface Schedule {
  /** ISO-8601; null while paused, or when it never fires by itself. */
  nextRunAt: string | null
  /** When it would run but for holiday mode; null when not known (no schedule, clock paused). */
  wouldRunAt: string | null
  schedulePause: SchedulePause | null
}
