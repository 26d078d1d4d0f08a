// The blind form's values and rules. The rules are the hub's own checkers (hub/validation), so
// the form refuses exactly what the hub would; times are typed in seconds and sent in
// milliseconds, so the rules about them are said in seconds. A travel time left blank is not
// measured: the hub then keeps (or falls back to) its 60 s guess, and never calls it known.
import { localNumber, translateNow } from '../../i18n/intl-locale'
import { blindFormMessages as m } from './blinds.messages'
import {
  START_DELAY_MAX_MS,
  TILT_TIME_MAX_MS,
  TILT_TIME_MIN_MS,
  checkPercent,
  checkRoom,
  checkStartDelay,
  checkTiltTime,
  checkTravelTime,
} from '../../../../hub/validation/blind'
import {
  TRAVEL_TIME_MAX_MS,
  TRAVEL_TIME_MIN_MS,
  checkAddress,
  checkName,
} from '../../../../hub/validation/fields'
import { badInput } from '../../../../hub/errors'
import type { Blind, BlindInput } from '../../api/types'
import { collectFieldErrors, type FieldErrors } from '../../forms/field-errors'
import type { ShadingInputFields } from './shading-form'

/** What the form's first part fills: all of BlindInput but the shading (shading-form.ts). */
export type BlindMotorInput = Omit<BlindInput, keyof ShadingInputFields>

export interface BlindFormValues {
  name: string
  blindAddressUp: string
  blindAddressDown: string
  /** Seconds as typed: "24.5" or "24,5"; blank: not measured (the hub's guess). */
  travelUpSeconds: string
  travelDownSeconds: string
  startDelaySeconds: string
  /** A venetian blind, whose slats turn. */
  slats: boolean
  tiltSeconds: string
  room: string
  /** Percent open as typed; blank for none. */
  myPosition: string
}

/** A typical venetian blind's slats turn in about a second and a half. */
const DEFAULT_TILT_SECONDS = '1.5'

const seconds = (ms: number) => ms / 1000
export const TRAVEL_SECONDS = { min: seconds(TRAVEL_TIME_MIN_MS), max: seconds(TRAVEL_TIME_MAX_MS) }
export const START_DELAY_SECONDS = { min: 0, max: seconds(START_DELAY_MAX_MS) }
export const TILT_SECONDS = { min: seconds(TILT_TIME_MIN_MS), max: seconds(TILT_TIME_MAX_MS) }

export function blindFormValues(blind: Blind | null): BlindFormValues {
  if (!blind) {
    return {
      name: '',
      blindAddressUp: '',
      blindAddressDown: '',
      travelUpSeconds: '',
      travelDownSeconds: '',
      startDelaySeconds: '0',
      slats: false,
      tiltSeconds: DEFAULT_TILT_SECONDS,
      room: '',
      myPosition: '',
    }
  }
  return {
    name: blind.name,
    blindAddressUp: blind.blindAddressUp,
    blindAddressDown: blind.blindAddressDown,
    // A guess is shown as no time at all: typing the same 60 s must not make it measured.
    travelUpSeconds: blind.travelTimeKnown ? String(seconds(blind.travelTimeUpMs)) : '',
    travelDownSeconds: blind.travelTimeKnown ? String(seconds(blind.travelTimeDownMs)) : '',
    startDelaySeconds: String(seconds(blind.motorStartDelayMs)),
    slats: blind.tiltTimeMs > 0,
    tiltSeconds: blind.tiltTimeMs > 0 ? String(seconds(blind.tiltTimeMs)) : DEFAULT_TILT_SECONDS,
    room: blind.room ?? '',
    myPosition: blind.myPosition === null ? '' : String(blind.myPosition),
  }
}

/** "1.5" or "1,5" seconds to 1500 ms; NaN when the text is no number. */
export function secondsToMs(text: string): number {
  const trimmed = text.trim().replace(',', '.')
  if (trimmed === '') return NaN
  return Math.round(Number(trimmed) * 1000)
}

/** Percent as typed; null when blank, NaN when no number. */
function percent(text: string): number | null {
  const trimmed = text.trim().replace(/\s*%$/, '')
  return trimmed === '' ? null : Number(trimmed)
}

/** Whether both travel times are typed: once saved, the hub counts the travel as known. */
export function travelTimesGiven(values: BlindFormValues): boolean {
  return values.travelUpSeconds.trim() !== '' && values.travelDownSeconds.trim() !== ''
}

/**
 * What the form sends. A blank travel time is left out, so the hub keeps its guess; on a blind
 * whose travel was measured it is null, which puts that side back to the guess.
 */
export function blindInputFrom(values: BlindFormValues, blind: Blind | null): BlindMotorInput {
  const delay = values.startDelaySeconds.trim() === '' ? 0 : secondsToMs(values.startDelaySeconds)
  const room = values.room.trim()
  const travel = (typed: string) =>
    typed.trim() !== '' ? secondsToMs(typed) : blind?.travelTimeKnown ? null : undefined
  const up = travel(values.travelUpSeconds)
  const down = travel(values.travelDownSeconds)
  return {
    name: values.name.trim(),
    blindAddressUp: values.blindAddressUp.trim(),
    blindAddressDown: values.blindAddressDown.trim(),
    ...(up !== undefined && { travelTimeUpMs: up }),
    ...(down !== undefined && { travelTimeDownMs: down }),
    motorStartDelayMs: delay,
    tiltTimeMs: values.slats ? secondsToMs(values.tiltSeconds) : 0,
    room: room === '' ? null : room,
    myPosition: percent(values.myPosition),
  }
}

/** The rule about a number of seconds, said in seconds. */
function inSeconds(typed: string, range: { min: number; max: number }): string {
  const { t } = translateNow()
  return Number.isNaN(secondsToMs(typed))
    ? t(m.secondsNotNumber, range)
    : t(m.secondsRange, { ...range, typed: typed.trim() })
}

/**
 * The broken rules by the hub's field names (name, blindAddressUp, travelTimeUpMs, …); empty
 * when the hub would accept the input.
 */
export function checkBlindForm(values: BlindFormValues): FieldErrors {
  const input = blindInputFrom(values, null)
  let sameAddress: string | null = null
  const errors = collectFieldErrors([
    () => checkName('name', input.name),
    () => checkAddress('blindAddressUp', input.blindAddressUp),
    () => checkAddress('blindAddressDown', input.blindAddressDown),
    () => {
      const up = checkAddress('blindAddressUp', input.blindAddressUp)
      const down = checkAddress('blindAddressDown', input.blindAddressDown)
      // Pulsing both sides of one motor at once is what the interlock exists to prevent.
      if (up === down) {
        sameAddress = up
        throw badInput(
          'blindAddressDown',
          `must differ from the up address (${up})`,
          'MUST_DIFFER',
          {
            other: 'blindAddressUp',
            value: up,
          },
        )
      }
    },
    () => input.travelTimeUpMs != null && checkTravelTime('travelTimeUpMs', input.travelTimeUpMs),
    () =>
      input.travelTimeDownMs != null && checkTravelTime('travelTimeDownMs', input.travelTimeDownMs),
    () => checkStartDelay('motorStartDelayMs', input.motorStartDelayMs),
    // Ticked slats that take no time would be a blind without slats: refuse 0 here.
    () =>
      checkTiltTime('tiltTimeMs', values.slats && input.tiltTimeMs === 0 ? NaN : input.tiltTimeMs),
    () => checkRoom('room', input.room),
    () => input.myPosition !== null && checkPercent('myPosition', input.myPosition),
  ])
  // Said in the language shown: the hub's checkers only know the English of this rule.
  if (sameAddress !== null) {
    errors.blindAddressDown = translateNow().t(m.addressesDiffer, { address: sameAddress })
  }
  if (errors.travelTimeUpMs) {
    errors.travelTimeUpMs = inSeconds(values.travelUpSeconds, TRAVEL_SECONDS)
  }
  if (errors.travelTimeDownMs) {
    errors.travelTimeDownMs = inSeconds(values.travelDownSeconds, TRAVEL_SECONDS)
  }
  if (errors.motorStartDelayMs) {
    errors.motorStartDelayMs = inSeconds(values.startDelaySeconds, START_DELAY_SECONDS)
  }
  if (errors.tiltTimeMs) errors.tiltTimeMs = inSeconds(values.tiltSeconds, TILT_SECONDS)
  if (errors.myPosition) errors.myPosition = translateNow().t(m.myPositionRule)
  return errors
}

/** "60 s", "1.5 s" in the browser's own number format. */
export function formatTravelTime(ms: number): string {
  const seconds = localNumber(ms / 1000, { maxDigits: 3 })
  return translateNow().t(m.seconds, { seconds })
}
