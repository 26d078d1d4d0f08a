// A household must always keep one administrator, or nobody could manage users again; the hub
// refuses it with 409, and the page does not offer it.
import type { User } from '../../api/types'

/** The id of the only administrator, or null when there are several (or none). */
export function lastAdminId(users: readonly User[]): string | null {
  const admins = users.filter((u) => u.isAdmin)
  return admins.length === 1 ? (admins[0]?.id ?? null) : null
}
