// The travel-time calibration as steps: bring the blind down, time it up, time it down. Each
// step says what to do, what the button does on the bus, and where it leads. Pure, so the
// dialog only draws the step it is at.
import type { Direction } from '../../api/types'
import type { Message } from '../../i18n/messages'
import { calibrationMessages as m } from './blinds.messages'

export type CalibrationStep =
  'bring-down' | 'bringing-down' | 'time-up' | 'timing-up' | 'time-down' | 'timing-down' | 'done'

export interface Measured {
  upMs: number | null
  downMs: number | null
}

export interface StepPlan {
  /** "Step 1 of 3" and what it is about. */
  title: Message
  /** What the person does now, in a sentence or two, with the blind's {name}. */
  instruction: Message
  /** The main button's text and the blindCalibrate direction it sends. */
  action: { label: Message; direction: Direction } | null
  /** Whether the blind's motor is running (Cancel must stop it). */
  running: boolean
  /** Where the main button leads once the hub took it. */
  next: CalibrationStep
}

export const STEPS: Record<CalibrationStep, StepPlan> = {
  'bring-down': {
    title: m.step1,
    instruction: m.bringDown,
    action: { label: m.runDown, direction: 'DOWN' },
    running: false,
    next: 'bringing-down',
  },
  'bringing-down': {
    title: m.step1,
    instruction: m.bringingDown,
    action: { label: m.isDown, direction: 'STOP' },
    running: true,
    next: 'time-up',
  },
  'time-up': {
    title: m.step2,
    instruction: m.timeUp,
    action: { label: m.runUp, direction: 'UP' },
    running: false,
    next: 'timing-up',
  },
  'timing-up': {
    title: m.step2,
    instruction: m.timingUp,
    action: { label: m.arrived, direction: 'STOP' },
    running: true,
    next: 'time-down',
  },
  'time-down': {
    title: m.step3,
    instruction: m.timeDown,
    action: { label: m.runDown, direction: 'DOWN' },
    running: false,
    next: 'timing-down',
  },
  'timing-down': {
    title: m.step3,
    instruction: m.timingDown,
    action: { label: m.arrived, direction: 'STOP' },
    running: true,
    next: 'done',
  },
  done: {
    title: m.done,
    instruction: m.saveOrAgain,
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
