// The hub's errors, one place. Each carries the numeric code that GraphQL responses put in
// `extensions.code` (ARCHITECTURE.md section 3) and, for bad input, the field it is about.

export type ErrorCode = 400 | 401 | 403 | 404 | 409 | 423 | 429 | 503

export class HubError extends Error {
  readonly code: ErrorCode
  readonly field: string | undefined
  /** Figures behind the message, for clients to word it themselves (extensions). */
  readonly details: Readonly<Record<string, string | number | null>> | undefined

  constructor(
    code: ErrorCode,
    message: string,
    field?: string,
    details?: Readonly<Record<string, string | number | null>>,
  ) {
    super(message)
    this.name = 'HubError'
    this.code = code
    this.field = field
    this.details = details
  }
}

/** 400: the message names the field and the rule it breaks. */
export const badInput = (field: string, rule: string) =>
  new HubError(400, `${field} ${rule}`, field)
export const unauthenticated = () => new HubError(401, 'Not logged in or session expired')
export const forbidden = (what = 'You are not allowed to do this') => new HubError(403, what)
export const notFound = (entity: string, id: string, field = 'id') =>
  new HubError(404, `${entity} ${id} does not exist`, field)
export const conflict = (message: string, field?: string) => new HubError(409, message, field)
export const tooManyAttempts = (retryAfterSeconds: number) => {
  const minutes = Math.ceil(retryAfterSeconds / 60)
  return new HubError(
    429,
    `Too many failed logins; try again in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}`,
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
