// Server-side permission checks, called by every resolver. Hiding a menu entry is not security.
import type { Authenticated } from '../db/sessions'
import { forbidden, unauthenticated } from '../errors'

export interface AuthContext {
  auth: Authenticated | null
}

export function requireUser(ctx: AuthContext): Authenticated {
  if (!ctx.auth) throw unauthenticated()
  return ctx.auth
}

export function requireAdmin(ctx: AuthContext): Authenticated {
  const auth = requireUser(ctx)
  if (!auth.user.isAdmin) throw forbidden('Only an admin may do this')
  return auth
}
