// The travel-time calibration as steps: bring the blind down, time it up, time it down. Each
// step says what to do, what the button does on the bus, and where it leads. Pure, so the
// dialog only draws the step it is at.
import type { Direction } from '../../api/types'

export type CalibrationStep =
  'bring-down' | 'bringing-down' | 'time-up' | 'timing-up' | 'time-down' | 'timing-down' | 'done'

export interface Measured {
  upMs: number | null
  downMs: number | null
}

export interface StepPlan {
  /** "Step 1 of 3" and what it is about. */
  title: string
  /** What the person does now, in a sentence or two. */
  instruction: (name: string) => string
  /** The main button's text and the blindCalibrate direction it sends. */
  action: { label: string; direction: Direction } | null
  /** Whether the blind's motor is running (Cancel must stop it). */
  running: boolean
  /** Where the main button leads once the hub took it. */
  next: CalibrationStep
}

export const STEPS: Record<CalibrationStep, StepPlan> = {
  'bring-down': {
    title: 'Step 1 of 3: start at the bottom',
    instruction: (name) =>
      `Run ${name} all the way down. Watch it, and say when it has stopped at the bottom.`,
    action: { label: 'Run it down', direction: 'DOWN' },
    running: false,
    next: 'bringing-down',
  },
  'bringing-down': {
    title: 'Step 1 of 3: start at the bottom',
    instruction: (name) => `${name} is running down. Press “It is down” once it has stopped.`,
    action: { label: 'It is down', direction: 'STOP' },
    running: true,
    next: 'time-up',
  },
  'time-up': {
    title: 'Step 2 of 3: time the way up',
    instruction: (name) =>
      `Press “Run it up”, watch ${name}, and press “It has arrived” the moment it is fully open.`,
    action: { label: 'Run it up', direction: 'UP' },
    running: false,
    next: 'timing-up',
  },
  'timing-up': {
    title: 'Step 2 of 3: time the way up',
    instruction: (name) => `Timing ${name} on its way up. Press the moment it is fully open.`,
    action: { label: 'It has arrived', direction: 'STOP' },
    running: true,
    next: 'time-down',
  },
  'time-down': {
    title: 'Step 3 of 3: time the way down',
    instruction: (name) =>
      `Press “Run it down”, watch ${name}, and press “It has arrived” the moment it is fully closed.`,
    action: { label: 'Run it down', direction: 'DOWN' },
    running: false,
    next: 'timing-down',
  },
  'timing-down': {
    title: 'Step 3 of 3: time the way down',
    instruction: (name) => `Timing ${name} on its way down. Press the moment it is fully closed.`,
    action: { label: 'It has arrived', direction: 'STOP' },
    running: true,
    next: 'done',
  },
  done: {
    title: 'Done: both ways timed',
    instruction: (name) => `Save these travel times for ${name}, or start again.`,
    action: null,
    running: false,
    next: 'done',
  },
}

/** What a STOP's measured time is, by the step that was timing. */
export function withMeasured(step: CalibrationStep, measured: Measured, ms: number): Measured {
  if (step === 'timing-up') return { ...measured, upMs: ms }
  if (step === 'timing-down') return { ...measured, downMs: ms }
  return measured
}
