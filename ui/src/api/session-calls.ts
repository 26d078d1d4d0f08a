// Logging in and out: the two calls the login page and the session need, apart from the other
// operations, so the login page (a new browser's first page) loads none of them.
import { graphql } from './client'

/** Never cached (spec section 7); sent without a token. */
export async function login(username: string, password: string) {
  const data = await graphql<{ login: { token: string; expiresAt: string } }>(
    {
      operationName: 'login',
      query:
        'query login($username: String!, $password: String!) { login(username: $username, password: $password) { token expiresAt } }',
      variables: { username, password },
    },
    null,
  )
  return data.login
}

/** Revokes this session's token on the hub. */
export function logout() {
  return graphql<{ logout: boolean }>({
    operationName: 'logout',
    query: 'mutation logout { logout }',
  })
}
