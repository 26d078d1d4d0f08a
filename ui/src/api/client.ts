// GraphQL over POST /graphql with the X-Auth-Token header (spec section 7). A 401, from HTTP
// or from GraphQL errors that all carry code 401, is logged and fires the logout event
// (spec section 8); every other error is logged and thrown for the caller to show.
import { fireLogout } from '../session/logout-event'
import { readToken } from '../session/auth-store'

export interface GraphQLErrorBody {
  message: string
  extensions?: { code?: number; field?: string; reason?: string; [value: string]: unknown }
}

export class ApiError extends Error {
  constructor(
    message: string,
    /** The hub's numeric code (ARCHITECTURE.md section 3), or the HTTP status. */
    readonly code: number | undefined,
    /** The input field a 400 is about, such as `name` or `scene[1].duration`. */
    readonly field?: string,
    /** The hub's stable reason (hub/errors.ts), and the values it is worded with. */
    readonly reason?: string,
    readonly values: Readonly<Record<string, string | number>> = {},
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** An error's values for wording it: the extensions' strings and numbers. */
function valuesOf(error: GraphQLErrorBody | undefined): Record<string, string | number> {
  const values: Record<string, string | number> = {}
  for (const [key, value] of Object.entries(error?.extensions ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') values[key] = value
  }
  return values
}

export interface GraphQLRequest {
  operationName: string
  query: string
  variables?: Record<string, unknown>
}

export async function graphql<T>(
  request: GraphQLRequest,
  token: string | null = readToken(),
): Promise<T> {
  let res: Response
  try {
    res = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token && { 'x-auth-token': token }) },
      body: JSON.stringify({
        operationName: request.operationName,
        variables: request.variables ?? {},
        query: request.query,
      }),
    })
  } catch (err) {
    console.error('Network error', err)
    throw new ApiError(
      'The hub cannot be reached. Check the connection and try again.',
      0,
      undefined,
      'UNREACHABLE',
    )
  }
  const body = (await res.json().catch(() => ({}))) as {
    data?: T
    errors?: GraphQLErrorBody[]
  }
  const errors = body.errors ?? []
  const all401 = errors.length > 0 && errors.every((e) => e.extensions?.code === 401)
  if (res.status === 401 || all401) {
    console.error('Not logged in (401): logging out', errors[0]?.message ?? '')
    // The login query answers 401 for a wrong password: that is an error to show, not a logout.
    if (token) fireLogout()
    throw new ApiError(
      errors[0]?.message ?? 'Not logged in',
      401,
      undefined,
      errors[0]?.extensions?.reason ?? 'UNAUTHENTICATED',
      valuesOf(errors[0]),
    )
  }
  const first = errors[0]
  if (first) {
    console.error(`GraphQL error in ${request.operationName}:`, first.message)
    throw new ApiError(
      first.message,
      first.extensions?.code ?? res.status,
      first.extensions?.field,
      first.extensions?.reason,
      valuesOf(first),
    )
  }
  if (!res.ok || body.data === undefined) {
    console.error(`HTTP ${res.status} from /graphql`)
    throw new ApiError(`The hub answered ${res.status} ${res.statusText}`.trim(), res.status)
  }
  return body.data
}
