// The input rules of ARCHITECTURE.md section 3 for single fields. Each checker returns the
// normalised value or throws a 400 HubError naming the field and the rule.
import {
  MAX_COIL,
  MAX_UNIT,
  MIN_COIL,
  MIN_UNIT,
  parseAddress,
} from '../../firmware-protocol/address'
import { badInput } from '../errors'

export const NAME_MAX = 64
export const USERNAME_MIN = 3
export const USERNAME_MAX = 32
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 256
export const TRAVEL_TIME_MIN_MS = 1000
export const TRAVEL_TIME_MAX_MS = 300000
export const IDS_MAX = 1000
/** The longest address a person types: `247:255`. */
export const ADDRESS_MAX_LENGTH = `${MAX_UNIT}:${MAX_COIL}`.length

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/

/** Trimmed, 1-64 characters, no control characters. */
export function checkName(field: string, value: string): string {
  const name = value.trim().normalize('NFC')
  const length = [...name].length
  if (length === 0) throw badInput(field, 'must not be empty', 'EMPTY')
  if (length > NAME_MAX) {
    throw badInput(field, `must be at most ${NAME_MAX} characters (got ${length})`, 'TOO_LONG', {
      max: NAME_MAX,
    })
  }
  if (CONTROL.test(name)) {
    throw badInput(field, 'must not contain control characters', 'CONTROL_CHARACTERS')
  }
  return name
}

/** The key two names share when they differ only in case. */
export function nameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase()
}

/**
 * Usernames are lower case, so "ADMIN" is taken as "admin" rather than refused: people type
 * names with a capital, phones capitalise the first letter.
 */
export function checkUsername(field: string, value: string): string {
  const username = value.trim().toLowerCase()
  if (username.length === 0) throw badInput(field, 'must not be empty', 'EMPTY')
  if (username.length < USERNAME_MIN || username.length > USERNAME_MAX) {
    throw badInput(
      field,
      `must be ${USERNAME_MIN} to ${USERNAME_MAX} characters (got ${username.length})`,
      'LENGTH',
      { min: USERNAME_MIN, max: USERNAME_MAX },
    )
  }
  if (!/^[a-z0-9._-]+$/.test(username)) {
    throw badInput(
      field,
      'may only contain lower-case letters a-z, digits 0-9, dot, underscore and hyphen',
      'USERNAME_CHARACTERS',
    )
  }
  return username
}

export function checkPassword(field: string, value: string): string {
  const length = [...value].length
  if (length === 0) throw badInput(field, 'must not be empty', 'EMPTY')
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) {
    throw badInput(
      field,
      `must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long (got ${length})`,
      'LENGTH',
      { min: PASSWORD_MIN, max: PASSWORD_MAX },
    )
  }
  return value
}

/**
 * The password a user types to prove who they are before changing it: present and no longer
 * than any password can be (a longer one is refused before scrypt spends time on it).
 */
export function checkCurrentPassword(field: string, value: string | null | undefined): string {
  if (value == null || value === '')
    throw badInput(field, 'is required when you change your own password', 'REQUIRED')
  if ([...value].length > PASSWORD_MAX) {
    throw badInput(field, 'does not match your password', 'PASSWORD_MISMATCH')
  }
  return value
}

/** Ids are the lower-case UUIDs the hub made; any other spelling is no id of ours. */
export function checkId(field: string, value: string): string {
  if (!UUID.test(value)) throw badInput(field, 'must be a UUID', 'NOT_UUID')
  return value
}

/** A non-empty list of UUIDs, duplicates folded. */
export function checkIds(field: string, values: readonly string[], allowEmpty = false): string[] {
  const limits = { min: allowEmpty ? 0 : 1, max: IDS_MAX }
  if (!allowEmpty && values.length === 0) {
    throw badInput(field, 'must list at least one id', 'LIST_LENGTH', limits)
  }
  if (values.length > IDS_MAX) {
    throw badInput(field, `must list at most ${IDS_MAX} ids`, 'LIST_LENGTH', limits)
  }
  return [...new Set(values.map((v, i) => checkId(`${field}[${i}]`, v)))]
}

/** The example in a malformed address's message: a blind's down relay is the one after up. */
const EXAMPLE_ADDRESS: Readonly<Record<string, string>> = { blindAddressDown: '1:1' }

export function checkAddress(field: string, value: string): string {
  const parsed = parseAddress(value, EXAMPLE_ADDRESS[field])
  if (parsed.ok) return parsed.text
  switch (parsed.problem) {
    case 'FORMAT':
      throw badInput(field, parsed.reason, 'ADDRESS', { example: EXAMPLE_ADDRESS[field] ?? '1:0' })
    case 'UNIT':
      throw badInput(field, parsed.reason, 'ADDRESS_UNIT', { min: MIN_UNIT, max: MAX_UNIT })
    case 'COIL':
      throw badInput(field, parsed.reason, 'ADDRESS_COIL', { min: MIN_COIL, max: MAX_COIL })
  }
}

export function checkIntegerIn(
  field: string,
  value: number,
  min: number,
  max: number,
  unit = '',
): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw badInput(
      field,
      `must be an integer from ${min} to ${max}${unit} (got ${value})`,
      'RANGE',
      {
        min,
        max,
      },
    )
  }
  return value
}
