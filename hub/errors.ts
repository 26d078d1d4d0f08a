// The hub's errors, one place. Each carries the numeric code that GraphQL responses put in
// `extensions.code` (ARCHITECTURE.md section 3) and, for bad input, the field it is about.

export type ErrorCode = 400 | 401 | 403 | 404 | 409 | 423 | 429 | 503

/**
 * The stable reasons an error carries in `extensions.reason`, with its values beside it (field,
 * min, max, ...), so a client words it in its user's language (ARCHITECTURE.md section 15); the
 * English message stays for API users and logs. The UI has wording for each in every language.
 */
export const HUB_ERROR_REASONS = [
  'INVALID',
  'REQUIRED',
  'EMPTY',
  'TOO_LONG',
  'LENGTH',
  'RANGE',
  'ONE_OF',
  'NOT_UUID',
  'CONTROL_CHARACTERS',
  'USERNAME_CHARACTERS',
  'PASSWORD_MISMATCH',
  'UNAUTHENTICATED',
  'WRONG_LOGIN',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'NAME_TAKEN',
  'TOO_MANY_ATTEMPTS',
  'BUS_OFFLINE',
  'WEATHER_LOCKED',
  'WEATHER_FROZEN',
  // Numbers and text beyond whole-number ranges (values: min, max; max for bytes).
  'NUMBER_RANGE',
  'NOT_ZERO_RANGE',
  'ZERO_OR_RANGE',
  'TOO_MANY_BYTES',
  'TIME_OF_DAY',
  'DATE_TIME',
  'LIST_LENGTH',
  'REPEATED',
  // One field by another (values: other, the other field's name; value where it matters).
  'REQUIRED_WITH',
  'REQUIRED_OR',
  'REQUIRES_OTHER',
  'MUST_BE_EMPTY_UNLESS',
  'MUST_BE_EMPTY_FOR',
  'MUST_DIFFER',
  'MUST_MATCH',
  'WITHIN_DAYS',
  // Relay addresses, blinds and schedules.
  'ADDRESS',
  'ADDRESS_UNIT',
  'ADDRESS_COIL',
  'UNKNOWN_BLIND',
  'BOTH_RELAYS',
  'NO_SLATS',
  'CRON',
  // A cron expression's problems (values: part, the cron field as a key such as dayOfMonth;
  // value, the text found there; min and max where a range applies).
  'CRON_SHORTCUT',
  'CRON_CHARACTER',
  'CRON_FIELD_COUNT',
  'CRON_ITEM',
  'CRON_VALUE',
  'CRON_STEP',
  'CRON_NEVER_DAY',
  'CRON_NEVER_BOTH',
  'NEEDS_LOCATION',
  'NEEDS_MQTT',
  'MQTT_WILDCARD',
  // Conflicts with what the hub holds or does.
  'IN_USE',
  'ADDRESS_TAKEN',
  'LAST_ADMIN',
  'ALREADY_RUNNING',
  'ALREADY_ENDED',
  'NO_CALIBRATION',
  'SET_ON_HUB',
  'MATTER_OFF',
  'MATTER_STARTING',
] as const
export type ErrorReason = (typeof HUB_ERROR_REASONS)[number]

type Details = Readonly<Record<string, string | number | null>>

const REASON_OF_CODE: Record<ErrorCode, ErrorReason> = {
  400: 'INVALID',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  423: 'WEATHER_LOCKED',
  429: 'TOO_MANY_ATTEMPTS',
  503: 'BUS_OFFLINE',
}

export class HubError extends Error {
  readonly code: ErrorCode
  readonly field: string | undefined
  /** Figures behind the message, for clients to word it themselves (extensions). */
  readonly details: Details & { reason: ErrorReason }

  constructor(
    code: ErrorCode,
    message: string,
    field?: string,
    details?: Details & { reason?: ErrorReason },
  ) {
    super(message)
    this.name = 'HubError'
    this.code = code
    this.field = field
    this.details = { ...details, reason: details?.reason ?? REASON_OF_CODE[code] }
  }

  get reason(): ErrorReason {
    return this.details.reason
  }
}

/**
 * 400: the message names the field and the rule it breaks; `reason` and `values` say it for
 * clients. Every call names its reason, so no rule reaches a user as a bare "not valid".
 */
export const badInput = (field: string, rule: string, reason: ErrorReason, values: Details = {}) =>
  new HubError(400, `${field} ${rule}`, field, { ...values, reason })
export const unauthenticated = () => new HubError(401, 'Not logged in or session expired')
export const forbidden = (what = 'You are not allowed to do this') => new HubError(403, what)
export const notFound = (entity: string, id: string, field = 'id') =>
  new HubError(404, `${entity} ${id} does not exist`, field)
export const conflict = (
  message: string,
  field?: string,
  details?: Details & { reason?: ErrorReason },
) => new HubError(409, message, field, details)
export const tooManyAttempts = (retryAfterSeconds: number) => {
  const minutes = Math.ceil(retryAfterSeconds / 60)
  return new HubError(
    429,
    `Too many failed logins; try again in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}`,
    undefined,
    { minutes },
  )
}
export const busOffline = (detail: string) =>
  new HubError(503, `The relay bus is offline: ${detail}`)

interface ErrorLog {
  error(obj: object, msg: string): void
  debug(obj: object, msg: string): void
}

/**
 * An unexpected error, which is our bug: its type and message at error level, the stack only
 * at debug level, so a normal log never carries a stack trace.
 */
export function logInternalError(
  log: ErrorLog,
  err: unknown,
  msg: string,
  extra: object = {},
): void {
  const e = err instanceof Error ? err : new Error(String(err))
  log.error({ ...extra, error: { type: e.name, message: e.message } }, msg)
  log.debug({ ...extra, err: e }, msg)
}
