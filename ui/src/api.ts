// GraphQL over POST /graphql with the X-Auth-Token header (spec section 7).

export interface GraphQLErrorBody {
  message: string
  extensions?: { code?: number; field?: string }
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number | undefined,
  ) {
    super(message)
  }
}

export async function graphql<T>(
  operationName: string,
  query: string,
  variables: Record<string, unknown>,
  token: string | null,
): Promise<T> {
  const res = await fetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { 'x-auth-token': token }) },
    body: JSON.stringify({ operationName, variables, query }),
  })
  const body = (await res.json()) as { data?: T; errors?: GraphQLErrorBody[] }
  const first = body.errors?.[0]
  if (first) throw new ApiError(first.message, first.extensions?.code)
  return body.data as T
}
